// A job queue in the database. Workers claim due jobs with FOR UPDATE SKIP LOCKED and hold them under a lease
// (locked_by, locked_until): two workers never claim the same job, and a job whose worker died mid-delivery is
// claimed again once the lease runs out. A failed job is retried with exponential back-off, then given up.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs, type JobRow } from '../db/schema';

/** Longer than any one delivery takes; a worker that has not finished by then is presumed dead. */
export const JOB_LEASE_MS = 5 * 60_000;
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 60 * 60_000;
/** After this many failed attempts (about 4.5 hours of retries) the job is given up. */
export const MAX_ATTEMPTS = 10;

/** The wait before attempt `attempts + 1`: 30 s, 1 min, 2 min, … at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

export async function enqueueJob(db: Db, kind: string, payload: Record<string, unknown>, runAt: Date): Promise<void> {
  await db.insert(jobs).values({ id: randomUUID(), kind, payload, runAt, createdAt: runAt });
}

/** Claims up to `limit` due jobs for `worker` (attempts counted now, so a job that kills its worker is given up too). */
export async function claimJobs(db: Db, worker: string, now: Date, limit: number, leaseMs = JOB_LEASE_MS): Promise<JobRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(jobs)
      .where(and(isNull(jobs.failedAt), lte(jobs.runAt, now), or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now))))
      .orderBy(asc(jobs.runAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    const lockedUntil = new Date(now.getTime() + leaseMs);
    await tx
      .update(jobs)
      .set({ lockedBy: worker, lockedUntil, attempts: sql`${jobs.attempts} + 1` })
      .where(
        inArray(
          jobs.id,
          due.map((job) => job.id),
        ),
      );
    return due.map((job) => ({ ...job, lockedBy: worker, lockedUntil, attempts: job.attempts + 1 }));
  });
}

/** Done: the job goes (only while `worker` still holds it). */
export async function completeJob(db: Db, job: JobRow, worker: string): Promise<void> {
  await db.delete(jobs).where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, worker)));
}

/** Failed: retried after the back-off, or given up after MAX_ATTEMPTS. Returns whether it was given up. */
export async function failJob(db: Db, job: JobRow, worker: string, error: unknown, now: Date): Promise<boolean> {
  const givenUp = job.attempts >= MAX_ATTEMPTS;
  await db
    .update(jobs)
    .set({
      lockedBy: null,
      lockedUntil: null,
      lastError: error instanceof Error ? error.message : String(error),
      runAt: new Date(now.getTime() + retryDelayMs(job.attempts)),
      ...(givenUp ? { failedAt: now } : {}),
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, worker)));
  return givenUp;
}
