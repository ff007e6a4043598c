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
 * logged with `failure` and the loop goes on.
 */
export function startJobLoop(options: { intervalMs: number; log: FastifyBaseLogger; failure: string; work: () => Promise<void> }): JobLoop {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const run = () => {
    running = options.work().catch((error: unknown) => options.log.error({ err: error }, options.failure));
    void running.then(() => {
      if (!stopped) timer = setTimeout(run, options.intervalMs);
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
