// Leases on singleton work (docs/architecture/scale-out.md): work that must run on one server instance at a time (the
// simulator, the embedded broker) is held through a row of instance_leases (migration 0026) naming its holder until
// an expiry. Every claim is one statement, timed by the database's clock (now()), so instances' clocks never matter;
// plain rows and no session state (no advisory lock, no LISTEN), so it works behind PgBouncer in transaction mode.
//
// The holder renews every ttl/3. It counts its lease from the moment it *sent* the claim (the database's expiry is
// later than that), and gives the work up (onLost) when 2/3 of the TTL have passed since then with no renewal back
// (the database away, or too slow), ttl/3 before the lease can expire in the database: another instance can take it
// over only after the work here has been told to stop, so there are never two holders. Another instance tries every ttl/3 (or right when the lease it saw ends), so
// a dead holder's work moves within about ttl + ttl/3; a holder that stops releases the lease, which moves it within
// ttl/3.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';

export type LeaseLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** What a claim found, by the database's clock. */
export interface LeaseClaim {
  /** The claiming holder holds the lease now (taken or renewed). */
  held: boolean;
  /** Who holds it; null if no one (or a holder this statement could not see yet: it just took it). */
  holder: string | null;
  /** The lease's expiry (ms since the epoch), and how long it has to run; null with no holder. */
  expiresAtMs: number | null;
  remainingMs: number | null;
}

interface ClaimRow {
  held: boolean;
  holder: string;
  expires_ms: number;
  remaining_ms: number;
}

/**
 * Takes or renews lease `name` for `holder` for `ttlMs`, in one statement: taken when free, expired or already
 * `holder`'s. Concurrent claims serialize on the row (INSERT … ON CONFLICT DO UPDATE re-checks its WHERE on the row a
 * winner just wrote), so at most one of them gets it.
 */
export async function claimLease(db: Db, name: string, holder: string, ttlMs: number): Promise<LeaseClaim> {
  const result = await db.execute(sql`
    WITH claimed AS (
      INSERT INTO instance_leases AS l (name, holder, expires_at, acquired_at)
      VALUES (${name}, ${holder}, now() + ${Math.ceil(ttlMs)}::integer * interval '1 millisecond', now())
      ON CONFLICT (name) DO UPDATE
        SET holder = excluded.holder,
            expires_at = excluded.expires_at,
            acquired_at = CASE WHEN l.holder = excluded.holder THEN l.acquired_at ELSE excluded.acquired_at END
        WHERE l.holder = excluded.holder OR l.expires_at <= now()
      RETURNING holder, expires_at
    )
    SELECT true AS held, holder, (extract(epoch FROM expires_at) * 1000)::float8 AS expires_ms,
           (extract(epoch FROM expires_at - now()) * 1000)::float8 AS remaining_ms
      FROM claimed
    UNION ALL
    SELECT false, holder, (extract(epoch FROM expires_at) * 1000)::float8, (extract(epoch FROM expires_at - now()) * 1000)::float8
      FROM instance_leases
     WHERE name = ${name} AND NOT EXISTS (SELECT 1 FROM claimed)`);
  const [row] = (result as unknown as { rows: ClaimRow[] }).rows;
  if (!row) return { held: false, holder: null, expiresAtMs: null, remainingMs: null };
  return { held: row.held, holder: row.holder, expiresAtMs: Number(row.expires_ms), remainingMs: Number(row.remaining_ms) };
}

/** Gives lease `name` up, if `holder` still holds it (another instance may take it at once). */
export async function releaseLease(db: Db, name: string, holder: string): Promise<boolean> {
  const result = await db.execute(sql`DELETE FROM instance_leases WHERE name = ${name} AND holder = ${holder} RETURNING name`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** Why the work is given up: the lease was not renewed in time, another holder has it, the work did not start, or this holder stops. */
export type LeaseLoss = 'not renewed in time' | 'held by another instance' | 'work failed to start' | 'stopping';

export interface LeaseOptions {
  db: Db;
  /** The lease, e.g. `simulator`. */
  name: string;
  /** This instance (instance.ts newInstanceId). */
  holder: string;
  ttlMs: number;
  /** Starts the work: called when the lease is taken (one call at a time with onLost, never two in a row). */
  onAcquired?: () => Promise<void> | void;
  /** Stops the work: called when the lease is lost or given up, before another instance can take it. */
  onLost?: (reason: LeaseLoss) => Promise<void> | void;
  /** Called with each claim that found another holder. */
  onRefused?: (claim: LeaseClaim) => void;
  log: LeaseLog;
}

export interface HeldLease {
  /** Whether this instance holds the lease now (by its own, cautious, count). */
  readonly held: boolean;
  /** Resolves once the first claim came back and the work it started (if any) has started. */
  readonly settled: Promise<void>;
  /** Stops renewing and trying: the work is stopped (onLost) and the lease released. */
  stop(): Promise<void>;
}

/** A lease's renewal period, and how long before its end the holder gives the work up. */
export const renewPeriodMs = (ttlMs: number) => Math.max(1, Math.floor(ttlMs / 3));

/**
 * Holds lease `name` while this instance lives: tries to take it now and every ttl/3, calls onAcquired once it holds
 * it and onLost when it loses it (then tries again), and releases it on stop().
 */
export function holdWhileAlive(options: LeaseOptions): HeldLease {
  return startHolding(options, null);
}

/** The lease is held by another live instance (acquireLease). */
export class LeaseHeldError extends Error {
  constructor(
    readonly lease: string,
    readonly holder: string | null,
  ) {
    super(`lease ${lease} is held by ${holder ?? 'another instance'}`);
    this.name = 'LeaseHeldError';
  }
}

/**
 * Takes lease `name` now or fails, then holds it like holdWhileAlive (onAcquired is not called for this first take:
 * the caller starts the work). A lease found held is waited on only until it is seen renewed, changing hands, or
 * past its expiry: a holder that was killed (a restart after a crash) is waited out, a live one refuses at once, at
 * most about ttl/3 later. Throws LeaseHeldError when held by a live instance.
 */
export async function acquireLease(options: LeaseOptions): Promise<HeldLease> {
  const { db, name, holder, ttlMs } = options;
  const period = renewPeriodMs(ttlMs);
  let first: LeaseClaim | null = null;
  for (;;) {
    const sentAt = performance.now();
    const claim = await claimLease(db, name, holder, ttlMs);
    if (claim.held) return startHolding(options, sentAt);
    if (first === null) {
      first = claim;
      options.log.info(
        { lease: name, holder: claim.holder, remainingMs: claim.remainingMs },
        'lease held by another instance; waiting to see whether it is renewed',
      );
    } else if (claim.holder !== first.holder || claim.expiresAtMs !== first.expiresAtMs) {
      throw new LeaseHeldError(name, claim.holder ?? first.holder);
    }
    await pause(Math.min(Math.max(period / 2, 10), Math.max(claim.remainingMs ?? 0, 0) + 10));
  }
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function startHolding(options: LeaseOptions, heldSince: number | null): HeldLease {
  const { db, name, holder, ttlMs, log } = options;
  const period = renewPeriodMs(ttlMs);
  /** Until then (performance.now()) the work may go on; a period before the lease can have expired. */
  let workUntil = heldSince === null ? 0 : heldSince + ttlMs - period;
  let held = heldSince !== null;
  let stopped = false;
  let failing = false;
  let tick: NodeJS.Timeout | undefined;
  let lossTimer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();
  // onAcquired and onLost run one at a time, in order.
  let transitions: Promise<void> = Promise.resolve();
  const transition = (what: string, fn: (() => Promise<void> | void) | undefined, failed?: () => void) => {
    transitions = transitions.then(fn).catch((error: unknown) => {
      log.error({ err: error, lease: name }, `lease ${what} failed`);
      failed?.();
    });
    return transitions;
  };

  const lose = (reason: LeaseLoss) => {
    if (!held) return transitions;
    held = false;
    clearTimeout(lossTimer);
    // At info: what the loss means is the work's to say (onLost).
    log.info({ lease: name, holder, reason }, 'lease given up');
    void transition('onLost', () => options.onLost?.(reason));
    // Work that failed to start leaves the lease to another instance (this one tries again after a period).
    if (reason === 'work failed to start') transitions = transitions.then(() => release());
    return transitions;
  };

  const release = () =>
    releaseLease(db, name, holder).then(
      () => undefined,
      (error: unknown) => log.warn({ err: error, lease: name }, 'lease not released; it expires by itself'),
    );

  const armLossTimer = () => {
    clearTimeout(lossTimer);
    lossTimer = setTimeout(
      // After a stalled event loop the timer can fire before a renewal already answered is read: setImmediate lets
      // pending I/O (and so that renewal) come first. A timer can also fire early (Node counts from the loop's cached
      // clock): not due yet, it is armed again, or a holder whose renewals all fail would never give the work up.
      () => setImmediate(() => (performance.now() >= workUntil ? void lose('not renewed in time') : held && armLossTimer())),
      Math.max(0, workUntil - performance.now()),
    );
  };

  const attempt = async () => {
    const sentAt = performance.now();
    let claim: LeaseClaim;
    try {
      claim = await claimLease(db, name, holder, ttlMs);
      if (failing) log.info({ lease: name }, 'lease claims answer again');
      failing = false;
    } catch (error) {
      if (!failing) log.warn({ err: error, lease: name }, 'lease claim failed; trying again');
      failing = true;
      return period;
    }
    if (stopped) return period;
    if (!claim.held) {
      options.onRefused?.(claim);
      if (held) void lose('held by another instance');
      // Try again right when the lease seen ends, if that comes before the next period.
      return Math.min(period, Math.max(claim.remainingMs ?? period, 0) + 10);
    }
    const until = sentAt + ttlMs - period;
    if (until <= performance.now()) return 0; // came back too late to count on: claim again at once
    workUntil = until;
    armLossTimer();
    if (!held) {
      held = true;
      log.info({ lease: name, holder }, 'lease acquired');
      void transition('onAcquired', options.onAcquired, () => void lose('work failed to start'));
    }
    return Math.max(0, sentAt + period - performance.now());
  };

  let settle: () => void = () => undefined;
  const settled = new Promise<void>((resolve) => (settle = resolve));
  const schedule = (delayMs: number) => {
    if (stopped) return settle();
    tick = setTimeout(() => {
      inFlight = attempt().then((next) => {
        void transitions.then(settle);
        schedule(next);
      });
    }, delayMs);
  };

  if (held) {
    log.info({ lease: name, holder }, 'lease acquired');
    armLossTimer();
    settle();
    schedule(Math.max(0, heldSince! + period - performance.now()));
  } else {
    schedule(0);
  }

  return {
    get held() {
      return held;
    },
    settled,
    async stop() {
      if (stopped) return transitions;
      stopped = true;
      clearTimeout(tick);
      await inFlight;
      await lose('stopping');
      // Released even when not held by this count: a claim that came back after stop() may have renewed it.
      await release();
    },
  };
}
