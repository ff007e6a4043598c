// Exports of windows older than the raw retention (docs/architecture/readings.md "Retire", issue 28): after a
// retention run has dropped the partitions of a device's older days, an export of those days comes from the hourly
// rollups, one row an hour marked as hourly in the caller's language; a window across the oldest partition's start
// has both parts; a new owner sees none of an earlier owner's hours. The retention runs on an injected clock.
import { RAW_READINGS_DAYS } from '@paddock/shared/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { devices } from '../db/schema';
import { demoKey } from '../devices/inventory';
import {
  dayStart,
  DEFAULT_READINGS_RETENTION_DAYS,
  ensureDayPartitions,
  forgetCoveredDays,
  listPartitions,
  maintainReadingPartitions,
} from '../readings/partitions';
import { call, createMember, setUpTestApp, signIn, type Member, type TestApp } from '../testing/testApp';
import { rollUpAll } from './rollups';

const DAY = 86_400_000;
const MINUTE = 60_000;

let t: TestApp;
setUpTestApp((app) => (t = app));

let owner: Member;
let key: string;
/** Day 0: today when the app started; the readings lie on days 6 and 7 (10 minutes apart, Voltage 4000 + i). */
let day0: number;
const at = (day: number, hour: number, minute = 0) => new Date(day0 + day * DAY + hour * 3_600_000 + minute * MINUTE);
const iso = (day: number, hour: number, minute = 0) => at(day, hour, minute).toISOString();
/** The i-th reading's Voltage: i counts 10-minute steps from day 6, 00:00. */
const voltageAt = (day: number, hour: number, minute = 0) => 4000 + ((day - 6) * 24 * 60 + hour * 60 + minute) / 10;

const HEADER = 'Timestamp,Local time (UTC),Voltage (V),Min (V),Max (V),Readings,Resolution\r\n';
const HOUR_EN = 'hourly (raw readings retired)';
/** `iso` as the Local time column writes it in UTC. */
const local = (day: number, hour: number, minute = 0) => iso(day, hour, minute).slice(0, 19).replace('T', ' ');
/** The CSV row of hour `hour` of day 6: six readings, the lowest the first, the highest the last. */
const hourRow = (hour: number, label = HOUR_EN) =>
  `${iso(6, hour)},${local(6, hour)},,${voltageAt(6, hour)},${voltageAt(6, hour, 50)},6,${label}\r\n`;

const exportUrl = (from: string, to: string, format: string) =>
  `/api/fencealarms/${key}/voltage?${new URLSearchParams({ from, to, format }).toString()}`;
const download = (member: Member, from: string, to: string, format = 'csv') =>
  call(t.app, 'GET', exportUrl(from, to, format), { token: member.token });

beforeAll(async () => {
  day0 = dayStart(t.clock.now().getTime());
  owner = await createMember(t);
  key = demoKey('fencealarm', 30);
  const response = await call(t.app, 'POST', `/api/users/${owner.id}/fencealarms`, {
    token: owner.token,
    body: { Imei: key, Name: 'Hourly' },
  });
  expect(response.statusCode).toBe(201);
  await t.database.db
    .update(devices)
    .set({ registeredAt: new Date('2000-01-01T00:00:00Z') })
    .where(eq(devices.key, key));
  await ensureDayPartitions(t.database.db, [day0 + 6 * DAY, day0 + 7 * DAY]);
  // Days 6 and 7 until 02:50, every 10 minutes.
  await t.database.withConnection((c) =>
    c.query(
      `INSERT INTO device_readings (key, at, data)
       SELECT $1, $2::timestamptz + i * interval '10 minutes', jsonb_build_object('Voltage', 4000 + i, 'Battery', 3.7, 'Rssi', -70)
       FROM generate_series(0, 24 * 6 + 17) AS i`,
      [key, iso(6, 0)],
    ),
  );
  // Twelve days on, with a retention of 5 days: every partition before day 7 goes, once its hours are rolled up.
  t.clock.advance(12 * DAY);
  await rollUpAll(t.database.db, t.clock.now());
  const run = await maintainReadingPartitions(t.database.db, t.clock.now(), 5);
  expect(run.waiting).toEqual([]);
  expect(run.dropped).toContain('device_readings_legacy');
  expect(run.dropped).toContain(`device_readings_p${new Date(day0 + 6 * DAY).toISOString().slice(0, 10).replaceAll('-', '')}`);
  expect((await listPartitions(t.database.db))[0].from).toBe(day0 + 7 * DAY);
  forgetCoveredDays(t.database.db);
  owner.token = await signIn(t, owner.email, owner.password); // the session from twelve days ago has expired
});

describe('an export of a window older than the raw retention', () => {
  it('CSV: one row an hour from the rollups (Min, Max, Readings), marked as hourly', async () => {
    const response = await download(owner, iso(6, 0), iso(6, 4));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    // The hour from 04:00 is not whole inside the window (it ends at 04:00 itself): left out.
    expect(response.body).toBe(HEADER + [0, 1, 2, 3].map((hour) => hourRow(hour)).join(''));
  });

  it('XLSX: the same hours, the hour as a date, the values as numbers, in the caller’s language', async () => {
    const german = await createMember(t, { locale: 'de-DE' });
    await t.database.db
      .update(devices)
      .set({ access: [owner.email, german.email] })
      .where(eq(devices.key, key));
    try {
      const response = await download(german, iso(6, 10), iso(6, 12), 'xlsx');
      expect(response.statusCode).toBe(200);
      const rows = await sheetRows(response.rawPayload);
      expect(rows).toEqual([
        ['Timestamp', 'Ortszeit (UTC)', 'Voltage (V)', 'Min (V)', 'Max (V)', 'Readings', 'Resolution'],
        [at(6, 10), at(6, 10), undefined, voltageAt(6, 10), voltageAt(6, 10, 50), 6, 'stündlich (Rohwerte gelöscht)'],
        [at(6, 11), at(6, 11), undefined, voltageAt(6, 11), voltageAt(6, 11, 50), 6, 'stündlich (Rohwerte gelöscht)'],
      ]);
    } finally {
      await t.database.db
        .update(devices)
        .set({ access: [owner.email] })
        .where(eq(devices.key, key));
    }
  });

  it('a window across the oldest raw partition: its older hours hourly, the rest every reading, each marked', async () => {
    const raw = (minute: number) => `${iso(7, 0, minute)},${local(7, 0, minute)},${voltageAt(7, 0, minute)},,,,reading\r\n`;
    const response = await download(owner, iso(6, 22), iso(7, 1));
    expect(response.body).toBe(HEADER + hourRow(22) + hourRow(23) + [0, 10, 20, 30, 40, 50, 60].map(raw).join(''));

    const rows = await sheetRows((await download(owner, iso(6, 23), iso(7, 0, 10), 'xlsx')).rawPayload);
    expect(rows).toEqual([
      ['Timestamp', 'Local time (UTC)', 'Voltage (V)', 'Min (V)', 'Max (V)', 'Readings', 'Resolution'],
      [at(6, 23), at(6, 23), undefined, voltageAt(6, 23), voltageAt(6, 23, 50), 6, HOUR_EN],
      [at(7, 0), at(7, 0), voltageAt(7, 0), undefined, undefined, undefined, 'reading'],
      [at(7, 0, 10), at(7, 0, 10), voltageAt(7, 0, 10), undefined, undefined, undefined, 'reading'],
    ]);
  });

  it('the hours’ Local time is on the clock of tz, as the readings’', async () => {
    const response = await call(t.app, 'GET', `${exportUrl(iso(6, 23), iso(7, 0), 'csv')}&tz=Asia%2FKolkata`, { token: owner.token });
    const kolkata = (time: Date) => new Date(time.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(response.body).toBe(
      'Timestamp,Local time (Asia/Kolkata),Voltage (V),Min (V),Max (V),Readings,Resolution\r\n' +
        `${iso(6, 23)},${kolkata(at(6, 23))},,${voltageAt(6, 23)},${voltageAt(6, 23, 50)},6,${HOUR_EN}\r\n` +
        `${iso(7, 0)},${kolkata(at(7, 0))},${voltageAt(7, 0)},,,,reading\r\n`,
    );
  });

  it('a window within the retention is the plain export, unchanged', async () => {
    const response = await download(owner, iso(7, 2), iso(7, 2, 20));
    expect(response.body).toBe(
      'Timestamp,Local time (UTC),Voltage (V)\r\n' +
        [0, 10, 20].map((minute) => `${iso(7, 2, minute)},${local(7, 2, minute)},${voltageAt(7, 2, minute)}\r\n`).join(''),
    );
  });
});

// The log page says an export will be hourly from the default retention (mfe-devices LogsPage): the server's own.
test('the front-ends know the server’s default raw retention', () => {
  expect(RAW_READINGS_DAYS).toBe(DEFAULT_READINGS_RETENTION_DAYS);
});

describe('a new owner of the device', () => {
  it('sees none of the earlier owner’s hours, not even the hour cut by the registration', async () => {
    const newOwner = await createMember(t);
    expect((await call(t.app, 'DELETE', `/api/fencealarms/${key}`, { token: owner.token })).statusCode).toBe(204);
    const response = await call(t.app, 'POST', `/api/users/${newOwner.id}/fencealarms`, {
      token: newOwner.token,
      body: { Imei: key, Name: 'Mine' },
    });
    expect(response.statusCode).toBe(201);
    // Registered on day 6 at 01:30, as if then: the hours before 02:00 held the earlier owner's readings.
    await t.database.db
      .update(devices)
      .set({ registeredAt: at(6, 1, 30) })
      .where(eq(devices.key, key));

    expect((await download(newOwner, iso(6, 0), iso(6, 4))).body).toBe(HEADER + hourRow(2) + hourRow(3));
    expect((await download(newOwner, iso(6, 0), iso(6, 1, 59))).body).toBe(HEADER);
    const rows = await sheetRows((await download(newOwner, iso(6, 0), iso(6, 3), 'xlsx')).rawPayload);
    expect(rows.map((row) => row[0])).toEqual(['Timestamp', at(6, 2)]);
    // The earlier owner reads nothing of it any more.
    expect((await download(owner, iso(6, 0), iso(6, 4))).statusCode).toBe(404);
  });
});

/** The first sheet's rows, each without ExcelJS's leading empty cell. */
async function sheetRows(data: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  const sheet = workbook.getWorksheet('Export')!;
  return sheet
    .getSheetValues()
    .filter(Boolean)
    .map((row) => Array.from({ length: 7 }, (_, i) => (row as unknown[])[i + 1]));
}
