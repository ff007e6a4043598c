// startFinishingMigrations' stop() while it waits to try again (a step failed, or another instance held the work):
// the wait ends at once, so a SIGTERM soon after a start still exits 0 within SHUTDOWN_GRACE_SECONDS
// (docs/operations/deploy.md "Stopping and restarting"; scripts/rehearse.ts restarts instances seconds after start).
import type { Database } from './client';
import { startFinishingMigrations } from './migrate';

it('stop() ends the wait before the next try at once', async () => {
  let tries = 0;
  // A database that does not answer: each try fails, and the runner waits retryMs before the next.
  const unreachable = {
    withConnection: async () => {
      tries += 1;
      throw new Error('the database does not answer');
    },
  } as unknown as Database;
  let runner!: ReturnType<typeof startFinishingMigrations>;
  const failed = new Promise<void>((resolve) => {
    const log = { info: () => undefined, debug: () => undefined, error: () => resolve() };
    runner = startFinishingMigrations(unreachable, { log, retryMs: 600_000 });
  });
  await failed;
  // The retry is 10 minutes away: a stop that waited for it would fail this test on jest's timeout.
  await runner.stop();
  expect(tries).toBe(1);
});
