// The device list's version per user (docs/architecture/README.md#the-device-list-version): kept by database
// triggers (migration 0016), read by primary key, so a poll that finds nothing changed costs one indexed read.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deviceListVersions } from '../db/schema';

/** The list's ETag for a version: weak, as the list is the same data and not the same bytes in every encoding. */
export const listEtag = (version: number): string => `W/"${version}"`;

/** If-None-Match against the list's ETag: one tag, a list of them, or `*` (RFC 9110 §13.1.2, weak comparison). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  const opaque = etag.slice(2);
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === opaque;
  });
}

/** The reader of one user's version, its SQL prepared once per database (undefined: no such user). */
export function listVersionReader(db: Db): (userId: string) => Promise<number | undefined> {
  const query = db
    .select({ version: deviceListVersions.version })
    .from(deviceListVersions)
    .where(eq(deviceListVersions.userId, sql.placeholder('userId')))
    .prepare('device_list_version');
  return async (userId) => {
    const [row] = (await query.execute({ userId })) as { version: number }[];
    return row?.version;
  };
}
