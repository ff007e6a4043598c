// Attempt limits kept in the database (not in memory), so every server instance sees the same counts.
// Each key has a fixed window: the first attempt opens it, attempts in it are counted, and once it has passed
// the next attempt opens a new one.
import { eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { rateLimited } from '../http/errors';

export interface Limit {
  key: string;
  max: number;
}

export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly windowMinutes: number,
  ) {}

  private get windowMs(): number {
    return this.windowMinutes * 60_000;
  }

  /** Throws 429 when any key has used up its attempts in its current window. */
  async assertAllowed(limits: readonly Limit[]): Promise<void> {
    const now = this.now().getTime();
    const rows = await this.db
      .select()
      .from(rateLimits)
      .where(inArray(rateLimits.key, limits.map((limit) => limit.key)));
    const retryAfterMs = rows
      .filter((row) => row.windowStart.getTime() + this.windowMs > now)
      .filter((row) => row.count >= (limits.find((limit) => limit.key === row.key)?.max ?? Infinity))
      .map((row) => row.windowStart.getTime() + this.windowMs - now);
    if (retryAfterMs.length > 0) throw rateLimited(Math.ceil(Math.max(...retryAfterMs) / 1000));
  }

  /** Counts one attempt for each key. */
  async record(limits: readonly Limit[]): Promise<void> {
    const now = this.now();
    const windowOpenedBefore = new Date(now.getTime() - this.windowMs);
    const expired = sql`${rateLimits.windowStart} <= ${windowOpenedBefore.toISOString()}::timestamptz`;
    for (const { key } of limits) {
      await this.db
        .insert(rateLimits)
        .values({ key, windowStart: now, count: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
            windowStart: sql`CASE WHEN ${expired} THEN ${now.toISOString()}::timestamptz ELSE ${rateLimits.windowStart} END`,
          },
        });
    }
    await this.db.delete(rateLimits).where(lt(rateLimits.windowStart, windowOpenedBefore));
  }

  /** Forgets the attempts of a key (after a success that should not count against the user). */
  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }
}
