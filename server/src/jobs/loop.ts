// The one loop behind the server's background work (the notification worker, the offline sweep): each run claims
// rows with FOR UPDATE SKIP LOCKED, batch after batch, so any number of server instances can run it at once
// without doing a row twice or waiting on each other.
import type { FastifyBaseLogger } from 'fastify';

export interface JobLoop {
  /** Stops planning runs and waits for the current one to end. */
  stop(): Promise<void>;
}

/**
 * Runs `work` every `intervalMs`; the next run is planned when one ends, so runs never overlap. A failed run is
 * logged with `failure` and the loop goes on. A run does bounded work (docs/architecture/README.md#fleet-scale):
 * when it resolves `true` (it stopped at its bound with more due), the next one starts at once instead of after the
 * interval.
 */
export function startJobLoop(options: {
  intervalMs: number;
  log: FastifyBaseLogger;
  failure: string;
  work: () => Promise<boolean | void>;
}): JobLoop {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<boolean | void> = Promise.resolve();
  let stopped = false;
  const run = () => {
    running = options.work().catch((error: unknown) => options.log.error({ err: error }, options.failure));
    void running.then((more) => {
      if (!stopped) timer = setTimeout(run, more === true ? 0 : options.intervalMs);
    });
  };
  timer = setTimeout(run, options.intervalMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** Calls `claimBatch` until it claims fewer than `size` rows (all due rows are done); returns every row claimed. */
export async function drainBatches<T>(size: number, claimBatch: () => Promise<T[]>): Promise<T[]> {
  const claimed: T[] = [];
  for (;;) {
    const batch = await claimBatch();
    claimed.push(...batch);
    if (batch.length < size) return claimed;
  }
}

/** How much one pass of a loop may do: at most `max` rows, and no new batch once `until` (performance.now()) has passed. */
export interface PassBound {
  max?: number;
  until?: number;
}

/**
 * Like drainBatches, but bounded (docs/architecture/README.md#fleet-scale): `claimBatch(n)` claims at most n rows;
 * the pass stops when a batch comes back short (nothing more is due), at `max` rows, or at the first batch end past
 * `until`, so it lasts its time budget plus at most one batch. At least one batch is claimed, so every pass makes
 * progress. `more`: it stopped at its bound with rows possibly still due (the loop runs again at once).
 */
export async function claimPass<T>(size: number, claimBatch: (limit: number) => Promise<T[]>, bound: PassBound = {}): Promise<{ rows: T[]; more: boolean }> {
  const max = bound.max ?? Infinity;
  const rows: T[] = [];
  for (;;) {
    const limit = Math.min(size, max - rows.length);
    const batch = await claimBatch(limit);
    rows.push(...batch);
    if (batch.length < limit) return { rows, more: false };
    if (rows.length >= max || (bound.until !== undefined && performance.now() >= bound.until)) return { rows, more: true };
  }
}
