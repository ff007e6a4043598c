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

  /**
   * Counts one attempt for each key and throws 429 when any key is then over its max. Counting and checking are
   * one statement per key, so concurrent attempts cannot all pass a check made before any of them was counted.
   * A refused attempt is given back: it was never checked, so it must not use up another key's allowance (an
   * attacker locked out on one key would otherwise keep wearing down the shared ones).
   */
  async take(limits: readonly Limit[]): Promise<void> {
    const now = this.now();
    const windowOpenedBefore = new Date(now.getTime() - this.windowMs);
    const expired = sql`${rateLimits.windowStart} <= ${windowOpenedBefore.toISOString()}::timestamptz`;
    const taken: Limit[] = [];
    const retryAfterMs: number[] = [];
    for (const limit of limits) {
      const [row] = await this.db
        .insert(rateLimits)
        .values({ key: limit.key, windowStart: now, count: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
            windowStart: sql`CASE WHEN ${expired} THEN ${now.toISOString()}::timestamptz ELSE ${rateLimits.windowStart} END`,
          },
        })
        .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
      taken.push(limit);
      if (row.count > limit.max) {
        retryAfterMs.push(row.windowStart.getTime() + this.windowMs - now.getTime());
        break;
      }
    }
    if (retryAfterMs.length > 0) {
      await this.giveBack(taken);
      throw rateLimited(Math.max(1, Math.ceil(Math.max(...retryAfterMs) / 1000)));
    }
    await this.db.delete(rateLimits).where(lt(rateLimits.windowStart, windowOpenedBefore));
  }

  /** Returns one attempt for each key (after a success that must not count against the user). */
  async giveBack(limits: readonly Limit[]): Promise<void> {
    if (limits.length === 0) return;
    await this.db
      .update(rateLimits)
      .set({ count: sql`GREATEST(${rateLimits.count} - 1, 0)` })
      .where(inArray(rateLimits.key, limits.map((limit) => limit.key)));
  }

  /** Forgets the attempts of a key (after a success that should not count against the user). */
  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(eq(rateLimits.key, key));
  }
}
