// The notification worker's pass is bounded (docs/architecture/README.md#fleet-scale): a backlog is delivered a
// limited number of jobs per pass, oldest first, and the pass says when more are due.
import { count } from 'drizzle-orm';
import { jobs } from '../db/schema';
import { enqueueJob } from '../jobs/queue';
import { PRODUCTS } from '@paddock/shared/domain';
import { demoKey } from '../devices/inventory';
import { APP_START_TIMEOUT_MS, call, createMember, createTestApp, type TestApp } from '../testing/testApp';
import { ALARM_JOB, type AlarmJobPayload } from './alarmNotices';
import { workerPass, type WorkerDeps } from './worker';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());

it('claims at most its limit per pass and says when more are due', async () => {
  const sent: string[] = [];
  const deps: WorkerDeps = {
    db: t.database.db,
    mailer: { send: async (mail) => void sent.push(mail.to) },
    sms: { send: () => Promise.reject(new Error('no SMS expected')) },
    push: { send: () => Promise.reject(new Error('no push expected')) },
    now: t.clock.now,
    log: t.app.log,
    publicUrl: t.config.publicUrl,
  };
  const owner = await createMember(t);
  const key = demoKey('fencealarm', 30);
  const registered = await call(t.app, 'POST', `/api/users/${owner.id}/${PRODUCTS.fencealarm.apiCollection}`, {
    token: owner.token,
    body: { [PRODUCTS.fencealarm.keyField]: key, Name: 'Backlog' },
  });
  expect(registered.statusCode).toBe(201);
  const backlog = 25;
  const at = t.clock.now().toISOString();
  const payload: AlarmJobPayload = { userId: owner.id, channel: 'email', key, alarm: 'offline', event: 'triggered', value: null, unit: null, at };
  for (let i = 0; i < backlog; i += 1) await enqueueJob(t.database.db, ALARM_JOB, { ...payload }, new Date(t.clock.now().getTime() - 1000 + i));
  const queued = async () => (await t.database.db.select({ n: count() }).from(jobs))[0].n;
  const limit = 10;
  const passes = [];
  for (;;) {
    const pass = await workerPass(deps, 'bounded-worker', { max: limit });
    passes.push(pass);
    if (!pass.more) break;
  }
  expect(passes.map((pass) => pass.claimed)).toEqual([10, 10, 5]);
  expect(passes.map((pass) => pass.more)).toEqual([true, true, false]);
  expect(await queued()).toBe(0);
  expect(sent).toEqual(Array.from({ length: backlog }, () => owner.email));
});
