// drizzle's execute() answers a raw query's rows untyped, and in a shape of each driver's (pg, PGlite): read here once.
import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** A raw query's rows, typed by the caller (the query's column aliases name T's fields). */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
