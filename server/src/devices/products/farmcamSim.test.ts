// docs/product/products/farmcam-sim.md Data account and Data alert: the network reports a usage counter, the server
// keeps what was granted, so a purchase survives the readings after it; the owner's data alert notifies once per
// crossing and is cleared by a purchase.
import type { FarmcamSim } from '@paddock/shared/contract';
import { EXTRA_DATA_BYTES } from '@paddock/shared/domain';
import { eq } from 'drizzle-orm';
import { devices, jobs } from '../../db/schema';
import { alarmMail, alarmPush, alarmSmsText } from '../../notify/alarmMessages';
import type { AlarmJobPayload } from '../../notify/alarmNotices';
import { device, person, type Person } from '../../security/fixtures';
import { call, setUpTestApp, type TestApp } from '../../testing/testApp';
import { ingestUplink } from '../gateway/ingest';

let t: TestApp;
setUpTestApp((app) => (t = app));

const MB = 1_000_000;
const db = () => t.database.db;

/** The network's usage counter of `imsi`, measured `secondsAgo` (a whole second, so a repeat is the same message), applied as the gateway applies an uplink. */
function usage(imsi: string, UsedData: number, secondsAgo = 0) {
  const At = new Date((Math.floor(t.clock.now().getTime() / 1000) - secondsAgo) * 1000).toISOString();
  const payload = Buffer.from(JSON.stringify({ At, UsedData }));
  return ingestUplink(db(), { key: imsi, name: 'reading', payload, retained: false, receivedAt: t.clock.now() });
}

const get = async (imsi: string, who: Person) =>
  (await call(t.app, 'GET', `/api/farmcam-sims/${imsi}`, { token: who.token })).json() as FarmcamSim;
const buy = (imsi: string, who: Person, key: string) =>
  call(t.app, 'POST', `/api/farmcam-sims/${imsi}/extra-data`, { token: who.token, headers: { 'idempotency-key': key } });
const patch = (imsi: string, who: Person, body: unknown) => call(t.app, 'PATCH', `/api/farmcam-sims/${imsi}`, { token: who.token, body });

/** The e-mails the data alert queued for `imsi`, as (event, data left) pairs. */
async function alertMails(imsi: string) {
  const rows = await db().select().from(jobs);
  return rows
    .map((row) => row.payload as unknown as AlarmJobPayload)
    .filter((job) => job.key === imsi && job.alarm === 'low_data' && job.channel === 'email')
    .map((job) => [job.event, job.value]);
}

async function sim(): Promise<{ owner: Person; shared: Person; imsi: string }> {
  const [owner, shared] = [await person(t, 'sim-owner'), await person(t, 'sim-shared')];
  const imsi = await device(t, owner, 'farmcam-sim', [shared]);
  // Registered a while ago: the readings below are measured after it (a log shows nothing from before).
  t.clock.advance(3_600_000);
  return { owner, shared, imsi };
}

describe('the data account', () => {
  it('starts with the registration trial data and takes the first counter as its baseline', async () => {
    const { owner, imsi } = await sim();
    expect(await get(imsi, owner)).toMatchObject({ RemainingData: 1_000 * MB, UsedData: null, DataLimit: 1_000 * MB });
    await usage(imsi, 70_000 * MB);
    expect(await get(imsi, owner)).toMatchObject({ RemainingData: 1_000 * MB, UsedData: 70_000 * MB });
  });

  it('changes nothing for a duplicated or an older reading, and charts each as of its own counter', async () => {
    const { owner, imsi } = await sim();
    await usage(imsi, 10_000 * MB, 300);
    await usage(imsi, 10_300 * MB, 60);
    await usage(imsi, 10_300 * MB, 60); // the same QoS 1 message again
    await usage(imsi, 10_100 * MB, 200); // an older one, late
    expect(await get(imsi, owner)).toMatchObject({ RemainingData: 700 * MB, UsedData: 10_300 * MB });
    const from = new Date(t.clock.now().getTime() - 3_600_000).toISOString();
    const to = t.clock.now().toISOString();
    const history = await call(t.app, 'GET', `/api/farmcam-sims/${imsi}/remaining-data?from=${from}&to=${to}`, { token: owner.token });
    expect(history.statusCode).toBe(200);
    expect((history.json() as { RemainingData: number }[]).map((point) => point.RemainingData)).toEqual([1_000 * MB, 900 * MB, 700 * MB]);
  });

  it('keeps a purchase through the readings after it', async () => {
    const { owner, imsi } = await sim();
    await usage(imsi, 5_000 * MB, 60);
    await usage(imsi, 5_900 * MB, 30);
    expect((await buy(imsi, owner, 'sim-data-1')).json()).toMatchObject({ RemainingData: 100 * MB + EXTRA_DATA_BYTES });
    await usage(imsi, 5_950 * MB);
    expect(await get(imsi, owner)).toMatchObject({ RemainingData: 50 * MB + EXTRA_DATA_BYTES });
    // A reading from before the purchase, delivered late, takes nothing back.
    await usage(imsi, 5_900 * MB, 30);
    expect(await get(imsi, owner)).toMatchObject({ RemainingData: 50 * MB + EXTRA_DATA_BYTES });
  });

  it('grants a purchase in full to a SIM the network counted past its limit', async () => {
    const { owner, imsi } = await sim();
    await usage(imsi, 0, 60);
    await usage(imsi, 1_200 * MB, 30);
    expect(await get(imsi, owner)).toMatchObject({ RemainingData: 0 });
    expect((await buy(imsi, owner, 'sim-data-2')).json()).toMatchObject({ RemainingData: EXTRA_DATA_BYTES });
  });
});

describe('the data alert', () => {
  it('is the owner’s: validated, 400 naming the field; a shared user gets 403', async () => {
    const { owner, shared, imsi } = await sim();
    for (const DataAlert of [{ ThresholdMb: 0 }, { ThresholdMb: 1_000_001 }, { ThresholdMb: 2.5 }, { Enabled: 'yes' }, { Level: 3 }]) {
      const refused = await patch(imsi, owner, { DataAlert });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().Field).toMatch(/^DataAlert/);
    }
    const forbidden = await patch(imsi, shared, { DataAlert: { Enabled: true, ThresholdMb: 200 } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ Error: 'device_owner_only', Field: 'DataAlert' });
    expect((await patch(imsi, shared, { Name: 'Shared may rename' })).statusCode).toBe(200);
    const saved = await patch(imsi, owner, { DataAlert: { Enabled: true, ThresholdMb: 200 } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ DataAlert: { Enabled: true, ThresholdMb: 200, Triggered: false } });
    // Switched off, the threshold stays.
    expect((await patch(imsi, owner, { DataAlert: { Enabled: false } })).json()).toMatchObject({
      DataAlert: { Enabled: false, ThresholdMb: 200 },
    });
  });

  it('notifies once per crossing, and a purchase clears it', async () => {
    const { owner, imsi } = await sim();
    await patch(imsi, owner, { DataAlert: { Enabled: true, ThresholdMb: 300 } });
    await usage(imsi, 0, 600);
    await usage(imsi, 600 * MB, 500);
    expect(await alertMails(imsi)).toEqual([]);
    await usage(imsi, 750 * MB, 400); // 250 MB left: below 300 MB
    await usage(imsi, 800 * MB, 300);
    await usage(imsi, 800 * MB, 300);
    expect(await alertMails(imsi)).toEqual([['triggered', 250 * MB]]);
    expect((await get(imsi, owner)).DataAlert).toMatchObject({ Triggered: true });

    await buy(imsi, owner, 'sim-alert-1');
    expect(await alertMails(imsi)).toEqual([
      ['triggered', 250 * MB],
      ['cleared', 1_200 * MB],
    ]);
    // The next crossing notifies again (after the quiet period of a flapping alarm).
    t.clock.advance(20 * 60_000);
    await usage(imsi, 1_950 * MB);
    expect(await alertMails(imsi)).toEqual([
      ['triggered', 250 * MB],
      ['cleared', 1_200 * MB],
      ['triggered', 50 * MB],
    ]);
  });

  it('raising the threshold above the data left is a crossing too', async () => {
    const { owner, imsi } = await sim();
    await patch(imsi, owner, { DataAlert: { Enabled: true, ThresholdMb: 100 } });
    expect((await patch(imsi, owner, { DataAlert: { ThresholdMb: 2_000 } })).json()).toMatchObject({ DataAlert: { Triggered: true } });
    expect(await alertMails(imsi)).toEqual([['triggered', 1_000 * MB]]);
  });

  it('is paused while the subscription is not active', async () => {
    const { owner, imsi } = await sim();
    await patch(imsi, owner, { DataAlert: { Enabled: true, ThresholdMb: 300 } });
    const ExpiresAt = new Date(t.clock.now().getTime() - 86_400_000).toISOString();
    await db()
      .update(devices)
      .set({ subscription: { Trialing: false, ExpiresAt, PriceIds: { Current: '', Next: '' } } })
      .where(eq(devices.key, imsi));
    await usage(imsi, 0, 60);
    await usage(imsi, 900 * MB);
    expect((await get(imsi, owner)).DataAlert).toMatchObject({ Triggered: true });
    expect(await alertMails(imsi)).toEqual([]);
  });

  it('links its message to the SIM’s settings page, where Buy extra data is, with the data left in MB', () => {
    const notice = {
      device: 'Barn camera',
      alarm: 'low_data',
      event: 'triggered',
      value: 90 * MB,
      unit: 'B',
      at: new Date('2026-03-01T06:00:00Z'),
      settingsPath: '/farmcam-sim/240010000000001',
      link: 'https://paddock.example.com/farmcam-sim/240010000000001',
      timeZone: 'Europe/Stockholm',
    } as const;
    const mail = alarmMail('owner@example.com', 'en-GB', notice);
    expect(mail.subject).toBe('Alarm: Data below your alert – Barn camera');
    expect(mail.text).toContain('Data left: 90 MB');
    expect(mail.text).toContain('https://paddock.example.com/farmcam-sim/240010000000001');
    expect(alarmSmsText('sv-SE', notice)).toContain('Köp extra data: https://paddock.example.com/farmcam-sim/240010000000001');
    expect(alarmPush('de-DE', notice, { product: 'farmcam-sim', key: '240010000000001' }).Url).toBe('/farmcam-sim/240010000000001');
    // Its clear opens the card, like any other alarm's.
    expect(alarmPush('en-GB', { ...notice, event: 'cleared' }, { product: 'farmcam-sim', key: '240010000000001' }).Url).toBe(
      '/devices?id=240010000000001',
    );
  });
});
