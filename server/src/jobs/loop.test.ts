import type { FastifyBaseLogger } from 'fastify';
import { drainBatches, startJobLoop } from './loop';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('startJobLoop', () => {
  it('runs again only after a run ended, logs a failed run and goes on, and stop() waits for the run under way', async () => {
    const errors: unknown[] = [];
    const log = { error: (...args: unknown[]) => errors.push(args) } as Pick<FastifyBaseLogger, 'error'>;
    let running = 0;
    let overlapped = false;
    let runs = 0;
    const loop = startJobLoop({
      intervalMs: 5,
      log: log as FastifyBaseLogger,
      failure: 'work failed',
      work: async () => {
        runs += 1;
        overlapped ||= running > 0;
        running += 1;
        await pause(20);
        running -= 1;
        if (runs === 1) throw new Error('first run fails');
      },
    });
    await pause(100);
    await loop.stop();
    expect(running).toBe(0);
    expect(overlapped).toBe(false);
    expect(runs).toBeGreaterThan(1);
    expect(errors).toEqual([[{ err: expect.any(Error) }, 'work failed']]);
    const stoppedAt = runs;
    await pause(30);
    expect(runs).toBe(stoppedAt);
  });
});

describe('drainBatches', () => {
  it('claims until a batch comes back short, and returns every row claimed', async () => {
    const batches = [[1, 2], [3, 4], [5]];
    const claimed = await drainBatches(2, async () => batches.shift() ?? []);
    expect(claimed).toEqual([1, 2, 3, 4, 5]);
    expect(batches).toEqual([]);
  });
});
