import { RateLimitError } from '../http/errors';
import { APP_START_TIMEOUT_MS, createTestApp, type TestApp } from '../testing/testApp';
import { RateLimiter } from './rateLimit';

let t: TestApp;
let limiter: RateLimiter;
beforeAll(async () => {
  t = await createTestApp();
  limiter = new RateLimiter(t.database.db, t.clock.now, 15);
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());

const outcome = (promise: Promise<void>) =>
  promise.then(
    () => 'ok' as const,
    (error: unknown) => {
      if (error instanceof RateLimitError) return 'limited' as const;
      throw error;
    },
  );

describe('RateLimiter', () => {
  it('lets exactly max of 40 concurrent attempts through (counting and checking are one step)', async () => {
    const limits = [{ key: 'test:burst', max: 10 }];
    const results = await Promise.all(Array.from({ length: 40 }, () => outcome(limiter.take(limits))));
    expect(results.filter((result) => result === 'ok')).toHaveLength(10);
    // The window opened with the first of them, so on a slow machine a second or two of it may have passed already.
    const refused = await limiter.take(limits).catch((error: unknown) => error as RateLimitError);
    expect(refused).toMatchObject({ statusCode: 429, retryAfterSeconds: expect.any(Number) });
    expect((refused as RateLimitError).retryAfterSeconds).toBeGreaterThan(890);
    expect((refused as RateLimitError).retryAfterSeconds).toBeLessThanOrEqual(900);
  });

  it('does not count a refused attempt against the other keys', async () => {
    const own = { key: 'test:own', max: 1 };
    const shared = { key: 'test:shared', max: 5 };
    await limiter.take([own, shared]);
    for (let i = 0; i < 20; i++) await expect(limiter.take([own, shared])).rejects.toBeInstanceOf(RateLimitError);
    // The shared key counted only the one attempt that was checked.
    for (let i = 0; i < 4; i++) await limiter.take([{ key: 'test:other', max: 100 }, shared]);
    await expect(limiter.take([shared])).rejects.toBeInstanceOf(RateLimitError);
  });

  it('gives an attempt back and opens a new window once the old one has passed', async () => {
    const limits = [{ key: 'test:back', max: 2 }];
    await limiter.take(limits);
    await limiter.take(limits);
    await limiter.giveBack(limits);
    await limiter.take(limits);
    await expect(limiter.take(limits)).rejects.toBeInstanceOf(RateLimitError);
    t.clock.advance(15 * 60_000 + 1000);
    await limiter.take(limits);
    await limiter.take(limits);
    await expect(limiter.take(limits)).rejects.toBeInstanceOf(RateLimitError);
    await limiter.reset('test:back');
    await limiter.take(limits);
  });
});
