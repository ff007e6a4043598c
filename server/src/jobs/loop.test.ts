import type { FastifyBaseLogger } from 'fastify';
import { claimPass, drainBatches, startJobLoop } from './loop';

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
    // Until a run after the failed one has begun (no fixed wait: a busy machine delays timers).
    for (const until = Date.now() + 10_000; runs < 2 && Date.now() < until; ) await pause(5);
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

describe('claimPass (one bounded pass)', () => {
  const source = (total: number) => {
    let left = total;
    const asked: number[] = [];
    const claim = async (limit: number) => {
      asked.push(limit);
      const n = Math.min(limit, left);
      left -= n;
      return Array.from({ length: n }, (_, i) => i);
    };
    return { claim, asked, left: () => left };
  };

  it('stops at max rows (the last batch asks for what is left of it) and says more may be due', async () => {
    const rows = source(100);
    const pass = await claimPass(10, rows.claim, { max: 25 });
    expect(rows.asked).toEqual([10, 10, 5]);
    expect(pass).toEqual({ rows: expect.any(Array), more: true });
    expect(pass.rows).toHaveLength(25);
  });

  it('past its time budget claims no further batch, but always one', async () => {
    const rows = source(100);
    const pass = await claimPass(10, rows.claim, { until: performance.now() - 1 });
    expect(rows.asked).toEqual([10]);
    expect(pass.more).toBe(true);
    expect(rows.left()).toBe(90);
  });

  it('ends when a batch comes back short: nothing more is due', async () => {
    const rows = source(23);
    const pass = await claimPass(10, rows.claim, { max: 100, until: performance.now() + 60_000 });
    expect(pass.rows).toHaveLength(23);
    expect(pass.more).toBe(false);
  });
});

describe('startJobLoop after a pass that stopped at its bound', () => {
  it('runs the next pass at once rather than after the interval', async () => {
    jest.useFakeTimers();
    try {
      let runs = 0;
      const loop = startJobLoop({
        intervalMs: 60_000,
        log: { error: () => undefined } as unknown as FastifyBaseLogger,
        failure: 'work failed',
        work: async () => {
          runs += 1;
          return runs < 4; // three passes stop at their bound; the fourth finds nothing more
        },
      });
      await jest.advanceTimersByTimeAsync(60_010); // the first pass, then three more with no wait
      expect(runs).toBe(4);
      await jest.advanceTimersByTimeAsync(59_980); // the fourth found nothing more: a whole interval
      expect(runs).toBe(4);
      await jest.advanceTimersByTimeAsync(20);
      expect(runs).toBe(5);
      await loop.stop();
    } finally {
      jest.useRealTimers();
    }
  });
});
