import type { AddressInfo } from 'node:net';
import { PassThrough, type Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { inflateRawSync } from 'node:zlib';
import { CHART_MAX_POINTS, HISTORY_FIELDS, PRODUCT_HISTORIES, PRODUCTS, type HistoryMeasure, type ProductId } from '@paddock/shared/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { devices } from '../db/schema';
import { call, createMember, createUser, setUpTestApp, signIn, type Member, type TestApp } from '../testing/testApp';
import { demoKey } from '../devices/inventory';
import { formatRows, rowsSource, xlsxExport } from './exports';
import { exportPages, type ExportFormat, type HistoryRow } from './queries';

let t: TestApp;
let admin: string;
setUpTestApp((app, token) => ([t, admin] = [app, token]));


const used: Partial<Record<ProductId, number>> = {};
/** Registers a free demo device to `owner`, dated back so that older readings count as its own. */
async function registered(owner: Member, product: ProductId): Promise<string> {
  const key = demoKey(product, (used[product] = (used[product] ?? 1) + 1));
  const { apiCollection, keyField } = PRODUCTS[product];
  const response = await call(t.app, 'POST', `/api/users/${owner.id}/${apiCollection}`, { token: owner.token, body: { [keyField]: key, Name: 'History' } });
  expect(response.statusCode).toBe(201);
  await t.database.db.update(devices).set({ registeredAt: new Date('2000-01-01T00:00:00Z') }).where(eq(devices.key, key));
  return key;
}

async function insertReadings(key: string, readings: { at: string; data: Record<string, unknown> }[]): Promise<void> {
  await t.database.withConnection((c) =>
    c.query(
      `INSERT INTO device_readings (key, at, data) SELECT $1, r.at, r.data FROM jsonb_to_recordset($2::jsonb) AS r(at timestamptz, data jsonb)`,
      [key, JSON.stringify(readings)],
    ),
  );
}

/** `count` readings a minute apart from `start`, Voltage 5000 + (i % 100), with one spike and one dip. */
async function insertMinutes(key: string, start: string, count: number, spike: { at: number; value: number }, dip: { at: number; value: number }) {
  await t.database.withConnection((c) =>
    c.query(
      `INSERT INTO device_readings (key, at, data)
       SELECT $1, $2::timestamptz + i * interval '1 minute',
              jsonb_build_object('Voltage', CASE WHEN i = $4 THEN $5 WHEN i = $6 THEN $7 ELSE 5000 + i % 100 END, 'Battery', 3.7, 'Rssi', -70)
       FROM generate_series(0, $3 - 1) AS i`,
      [key, start, count, spike.at, spike.value, dip.at, dip.value],
    ),
    // A bulk load, not a request: no statement timeout (PostgreSQL; the chart rollups' trigger runs in it too).
    { unbounded: true },
  );
}

const url = (product: ProductId, key: string, measure: string, query: Record<string, string>) =>
  `/api/${PRODUCTS[product].apiCollection}/${key}/${measure}?${new URLSearchParams(query).toString()}`;

const DAY = { from: '2024-03-01T00:00:00.000Z', to: '2024-03-02T00:00:00.000Z' };

describe('history window and format', () => {
  let owner: Member;
  let key: string;
  beforeAll(async () => {
    owner = await createMember(t);
    key = await registered(owner, 'fencealarm');
  });
  const get = (query: Record<string, string>) => call(t.app, 'GET', url('fencealarm', key, 'voltage', query), { token: owner.token });

  it.each([
    // No from or to is a default window (docs/product/api.md "Shapes accepted", devices/specShapes.test.ts); up to now it can be too long.
    ['only from, years before now', { from: DAY.from }, 'history_range_too_long', 'to'],
    ['from not a time', { from: 'yesterday', to: DAY.to }, 'invalid_field', 'from'],
    ['to not a time', { from: DAY.from, to: '2024-13-01T00:00:00Z' }, 'invalid_field', 'to'],
    ['to before from', { from: DAY.to, to: DAY.from }, 'history_range_reversed', 'to'],
    ['an empty window', { from: DAY.from, to: DAY.from }, 'history_range_reversed', 'to'],
    ['more than 366 days', { from: '2023-01-01T00:00:00Z', to: '2024-01-02T00:00:01Z' }, 'history_range_too_long', 'to'],
  ])('answers 400 for %s, naming the field', async (_case, query, code, field) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Error: code, Field: field });
  });

  it('accepts a window of exactly 366 days', async () => {
    expect((await get({ from: '2023-06-01T00:00:00Z', to: '2024-06-01T00:00:00Z' })).statusCode).toBe(200);
  });

  it("answers 400 'invalid export format' for any other format, in the caller's language", async () => {
    // blob is the spec's name for the CSV file (devices/specShapes.test.ts).
    for (const format of ['pdf', 'XLSX', 'Blob', '']) {
      const response = await get({ ...DAY, format });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Error: 'invalid_export_format', Field: 'format' });
      expect(response.json().Message).toMatch(/invalid export format/i);
    }
    const german = await createUser(t, { locale: 'de-DE' });
    const token = await signIn(t, german.email, german.password);
    const response = await call(t.app, 'GET', url('fencealarm', key, 'voltage', { ...DAY, format: 'pdf' }), { token });
    expect(response.json().Message).toMatch(/Ungültiges Exportformat/);
  });
});

describe('history formats', () => {
  let owner: Member;
  let key: string;
  const readings = [
    { at: '2024-02-29T23:59:59.999Z', data: { Voltage: 1, Battery: 3.7, Rssi: -70 } }, // before the window
    { at: DAY.from, data: { Voltage: 5100, Battery: 3.7, Rssi: -70 } },
    { at: '2024-03-01T12:00:00.000Z', data: { Voltage: 4875.5, Battery: 3.6, Rssi: -71 } },
    { at: '2024-03-01T13:00:00.000Z', data: { Battery: 3.6, Rssi: -71 } }, // no Voltage: not a point
    { at: DAY.to, data: { Voltage: 0, Battery: 3.5, Rssi: -72 } },
    { at: '2024-03-02T00:00:00.001Z', data: { Voltage: 9, Battery: 3.7, Rssi: -70 } }, // after the window
  ];
  beforeAll(async () => {
    owner = await createMember(t);
    key = await registered(owner, 'fencealarm');
    await insertReadings(key, readings);
  });
  const get = (format?: string) =>
    call(t.app, 'GET', url('fencealarm', key, 'voltage', format ? { ...DAY, format } : DAY), { token: owner.token });

  it('json (the default) answers [{Timestamp, Voltage}] of the window, both ends included, oldest first', async () => {
    const expected = [
      { Timestamp: DAY.from, Voltage: 5100 },
      { Timestamp: '2024-03-01T12:00:00.000Z', Voltage: 4875.5 },
      { Timestamp: DAY.to, Voltage: 0 },
    ];
    for (const response of [await get(), await get('json')]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual(expected);
    }
  });

  it('csv answers a file named after the device, series and window, with Timestamp, Local time (UTC) and Voltage (V)', async () => {
    const response = await get('csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    // The window ends at midnight: its last day is the one before.
    expect(response.headers['content-disposition']).toBe(`attachment; filename="fencealarm-${key}-voltage-2024-03-01-to-2024-03-01.csv"`);
    expect(response.body).toBe(
      'Timestamp,Local time (UTC),Voltage (V)\r\n' +
        `${DAY.from},2024-03-01 00:00:00,5100\r\n2024-03-01T12:00:00.000Z,2024-03-01 12:00:00,4875.5\r\n${DAY.to},2024-03-02 00:00:00,0\r\n`,
    );
  });

  it('xlsx answers the file that ExcelJS reads back: both times as dates, the value as a number', async () => {
    const response = await get('xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="fencealarm-${key}-voltage-2024-03-01-to-2024-03-01.xlsx"`);
    const workbook = await readXlsx(response.rawPayload);
    const sheet = workbook.getWorksheet('Export')!;
    const rows = sheet.getSheetValues().filter(Boolean).map((row) => (row as unknown[]).slice(1));
    expect(rows).toEqual([
      ['Timestamp', 'Local time (UTC)', 'Voltage (V)'],
      [new Date(DAY.from), new Date(DAY.from), 5100],
      [new Date('2024-03-01T12:00:00.000Z'), new Date('2024-03-01T12:00:00.000Z'), 4875.5],
      [new Date(DAY.to), new Date(DAY.to), 0],
    ]);
  });

  it('tz puts the Local time column and the file name’s dates on that zone’s clock, the header in the caller’s language', async () => {
    const swede = await createMember(t, { locale: 'sv-SE' });
    await t.database.db.update(devices).set({ access: [owner.email, swede.email] }).where(eq(devices.key, key));
    const { token } = swede;
    const query = { ...DAY, tz: 'Europe/Stockholm' };
    const csv = await call(t.app, 'GET', url('fencealarm', key, 'voltage', { ...query, format: 'csv' }), { token });
    expect(csv.statusCode).toBe(200);
    // The window is 01:00 on 1 March to 01:00 on 2 March in Stockholm (UTC+1): its last day is the 2nd.
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="fencealarm-${key}-voltage-2024-03-01-to-2024-03-02.csv"`);
    expect(csv.body).toBe(
      'Timestamp,Lokal tid (Europe/Stockholm),Voltage (V)\r\n' +
        `${DAY.from},2024-03-01 01:00:00,5100\r\n2024-03-01T12:00:00.000Z,2024-03-01 13:00:00,4875.5\r\n${DAY.to},2024-03-02 01:00:00,0\r\n`,
    );
    const xlsx = await call(t.app, 'GET', url('fencealarm', key, 'voltage', { ...query, format: 'xlsx' }), { token });
    const rows = (await readXlsx(xlsx.rawPayload)).getWorksheet('Export')!.getSheetValues().filter(Boolean).map((row) => (row as unknown[]).slice(1));
    // Excel has no zones: the local cell is the wall clock's date and time (ExcelJS reads it back as that time in UTC).
    expect(rows[0]).toEqual(['Timestamp', 'Lokal tid (Europe/Stockholm)', 'Voltage (V)']);
    expect(rows[2]).toEqual([new Date('2024-03-01T12:00:00.000Z'), new Date('2024-03-01T13:00:00.000Z'), 4875.5]);
  });

  it('answers 400 naming tz for a zone that is not one, whatever the format', async () => {
    for (const tz of ['Mars/Olympus_Mons', '+01:00', 'Europe/Stockholm; DROP TABLE', '', 'x'.repeat(65)]) {
      for (const format of ['json', 'csv', 'xlsx']) {
        const bad = await call(t.app, 'GET', url('fencealarm', key, 'voltage', { ...DAY, format, tz }), { token: owner.token });
        expect(bad.statusCode).toBe(400);
        expect(bad.json()).toMatchObject({ Field: 'tz' });
      }
    }
  });

  it('an empty window gives [] and files with the header only', async () => {
    const empty = { from: '2020-01-01T00:00:00Z', to: '2020-01-02T00:00:00Z' };
    const path = (format: string) => url('fencealarm', key, 'voltage', { ...empty, format });
    expect((await call(t.app, 'GET', path('json'), { token: owner.token })).json()).toEqual([]);
    expect((await call(t.app, 'GET', path('csv'), { token: owner.token })).body).toBe('Timestamp,Local time (UTC),Voltage (V)\r\n');
    const workbook = await readXlsx((await call(t.app, 'GET', path('xlsx'), { token: owner.token })).rawPayload);
    expect(workbook.getWorksheet('Export')!.rowCount).toBe(1);
  });

  it('does not show readings from before the device was registered (an earlier owner’s)', async () => {
    await t.database.db.update(devices).set({ registeredAt: new Date('2024-03-01T12:00:00.000Z') }).where(eq(devices.key, key));
    try {
      expect((await get()).json()).toEqual([
        { Timestamp: '2024-03-01T12:00:00.000Z', Voltage: 4875.5 },
        { Timestamp: DAY.to, Voltage: 0 },
      ]);
    } finally {
      await t.database.db.update(devices).set({ registeredAt: new Date('2000-01-01T00:00:00Z') }).where(eq(devices.key, key));
    }
  });
});

describe('export pages written by the database', () => {
  // The values as the device sent them (JSON number text): integers, decimals with trailing zeros, and the ranges
  // where PostgreSQL's float8 text and JS's String(number) differ (exponents, -0), which queries.ts rewrites.
  const VALUES = [
    '5100', '0', '-0', '12.60', '12.6', '4875.5', '-3.5', '0.30000000000000004', '123456789', '999999999999999',
    '1e15', '1234567890123456.7', '-1.2345678901234568e20', '99999999999999990000', '1e21', '1.5e300',
    '1.7976931348623157e308', '0.0001', '0.00012345', '-0.00001', '0.000001', '1.5e-6', '9.99e-7', '1e-7', '2.5e-8',
    '5e-324',
  ];
  const start = Date.parse('2024-05-01T00:00:00.000Z');
  let key: string;
  const rows: HistoryRow[] = [];
  beforeAll(async () => {
    key = await registered(await createMember(t), 'fencealarm');
    // One reading a minute, every third without a Voltage (not a row), one stamped to the microsecond.
    const readings: string[] = [];
    VALUES.forEach((value, i) => {
      const at = new Date(start + i * 60_000);
      readings.push(`{"at": "${at.toISOString()}", "data": {"Voltage": ${value}, "Battery": 3.7}}`);
      rows.push({ at, value: Number(value) });
      if (i % 3 === 0) readings.push(`{"at": "${new Date(start + i * 60_000 + 30_000).toISOString()}", "data": {"Battery": 3.7}}`);
    });
    readings.push(`{"at": "2024-05-01T01:00:07.123956Z", "data": {"Voltage": 7}}`);
    rows.push({ at: new Date('2024-05-01T01:00:07.123Z'), value: 7 });
    await t.database.withConnection((c) =>
      c.query(`INSERT INTO device_readings (key, at, data) SELECT $1, r.at, r.data FROM jsonb_to_recordset($2::jsonb) AS r(at timestamptz, data jsonb)`, [
        key,
        `[${readings.join(',')}]`,
      ]),
    );
  });

  /** Every page of the window, `limit` rows a time numbered on from 2 (a sheet's rows), concatenated. */
  async function read(format: ExportFormat, pageSize: number, limit = Infinity, pieceRows?: number, timeZone?: string) {
    const window = { key, field: 'Voltage' as const, from: new Date(start), to: new Date(start + 2 * 3_600_000), timeZone };
    const source = exportPages(t.database.db, window, format, pageSize, pieceRows);
    let text = '';
    let pages = 0;
    let row = 2;
    for (let page = await source.next(limit, row); page; page = await source.next(limit, row)) {
      expect(page.rows).toBeLessThanOrEqual(Math.min(limit, pageSize));
      [text, pages, row] = [text + page.text, pages + 1, row + page.rows];
    }
    return { text, pages, rows: row - 2 };
  }

  it.each(['csv', 'xlsx'] as const)('%s: byte for byte what JS writes for the same rows (String(number), toISOString, Excel serials)', async (format) => {
    // The last two cases read pages made of several pieces (the database sends a value per `pieceRows` readings).
    for (const [pageSize, limit, pieceRows] of [[1000, Infinity], [4, Infinity], [7, 3], [1000, Infinity, 2], [7, 5, 3]]) {
      const { text, pages, rows: count } = await read(format, pageSize, limit, pieceRows);
      expect(count).toBe(rows.length);
      expect(pages).toBeGreaterThanOrEqual(Math.ceil(rows.length / Math.min(pageSize, limit)));
      expect(text).toBe(formatRows(rows, format, 2));
    }
  });

  // The Local time column: the database's `at AT TIME ZONE` and JS's Intl agree, whole and half-hour offsets alike.
  it.each(['csv', 'xlsx'] as const)('%s: the local times byte for byte as JS writes them, in any zone', async (format) => {
    for (const timeZone of ['Europe/Stockholm', 'Asia/Kolkata', 'America/St_Johns', 'Pacific/Chatham']) {
      const { text } = await read(format, 7, 5, 3, timeZone);
      expect(text).toBe(formatRows(rows, format, 2, timeZone));
    }
  });

  it('the route answers the same CSV', async () => {
    const query = { from: new Date(start).toISOString(), to: new Date(start + 2 * 3_600_000).toISOString(), format: 'csv' };
    const response = await call(t.app, 'GET', url('fencealarm', key, 'voltage', query), { token: admin });
    expect(response.body).toBe(`Timestamp,Local time (UTC),Voltage (V)\r\n${formatRows(rows, 'csv')}`);
    const local = await call(t.app, 'GET', url('fencealarm', key, 'voltage', { ...query, tz: 'Asia/Kolkata' }), { token: admin });
    expect(local.body).toBe(`Timestamp,Local time (Asia/Kolkata),Voltage (V)\r\n${formatRows(rows, 'csv', 2, 'Asia/Kolkata')}`);
  });
});

describe('the window read is clamped to what can exist', () => {
  let owner: Member;
  let key: string;
  beforeAll(async () => {
    owner = await createMember(t);
    key = await registered(owner, 'fencealarm');
  });
  const DAY_MS = 86_400_000;
  /** The answer and the number of queries the request ran (each a db.select, or a db.execute for the chart's SQL). */
  async function measured(query: Record<string, string>) {
    const select = jest.spyOn(t.database.db, 'select');
    const execute = jest.spyOn(t.database.db, 'execute');
    try {
      const started = Date.now();
      const response = await call(t.app, 'GET', url('fencealarm', key, 'voltage', query), { token: owner.token });
      return { response, queries: select.mock.calls.length + execute.mock.calls.length, ms: Date.now() - started };
    } finally {
      select.mockRestore();
      execute.mockRestore();
    }
  }

  it('a window in the far future runs no reading queries (it cost one per day)', async () => {
    for (const format of ['json', 'csv']) {
      const { response, queries } = await measured({ from: '2100-01-01T00:00:00Z', to: '2100-12-31T00:00:00Z', format });
      expect(response.statusCode).toBe(200);
      expect(format === 'json' ? response.json() : response.body).toEqual(format === 'json' ? [] : 'Timestamp,Local time (UTC),Voltage (V)\r\n');
      // The session and the device are looked up; no reading is.
      expect(queries).toBeLessThanOrEqual(3);
    }
  });

  it('twenty far-future windows at once leave /api/health fast', async () => {
    const year = { from: '2100-01-01T00:00:00Z', to: '2100-12-31T00:00:00Z' };
    const burst = Array.from({ length: 20 }, () => call(t.app, 'GET', url('fencealarm', key, 'voltage', year), { token: owner.token }));
    const started = Date.now();
    expect((await call(t.app, 'GET', '/api/health')).statusCode).toBe(200);
    const healthMs = Date.now() - started;
    expect((await Promise.all(burst)).every((response) => response.statusCode === 200)).toBe(true);
    expect(healthMs).toBeLessThan(2000);
  });

  it('a window before the registration runs no reading queries', async () => {
    const now = Date.now();
    await t.database.db.update(devices).set({ registeredAt: new Date(now - DAY_MS) }).where(eq(devices.key, key));
    try {
      const { response, queries } = await measured({ from: new Date(now - 300 * DAY_MS).toISOString(), to: new Date(now - 2 * DAY_MS).toISOString() });
      expect(response.json()).toEqual([]);
      expect(queries).toBeLessThanOrEqual(3);
    } finally {
      await t.database.db.update(devices).set({ registeredAt: new Date('2000-01-01T00:00:00Z') }).where(eq(devices.key, key));
    }
  });

  it('a year with two readings far apart skips the silent days instead of querying each', async () => {
    await insertReadings(key, [
      { at: '2023-01-02T00:00:00.000Z', data: { Voltage: 4100 } },
      { at: '2023-12-30T00:00:00.000Z', data: { Voltage: 4200 } },
    ]);
    const { response, queries } = await measured({ from: '2023-01-01T00:00:00Z', to: '2023-12-31T23:59:59Z' });
    expect(response.json()).toEqual([
      { Timestamp: '2023-01-02T00:00:00.000Z', Voltage: 4100 },
      { Timestamp: '2023-12-30T00:00:00.000Z', Voltage: 4200 },
    ]);
    expect(queries).toBeLessThanOrEqual(10);
  });

  it('readings stamped in the future are not read', async () => {
    const now = Date.now();
    const soon = new Date(now + 3_600_000).toISOString();
    await insertReadings(key, [
      { at: new Date(now - 3_600_000).toISOString(), data: { Voltage: 4300 } },
      { at: soon, data: { Voltage: 9999 } },
    ]);
    const { response } = await measured({ from: new Date(now - DAY_MS).toISOString(), to: new Date(now + DAY_MS).toISOString(), format: 'csv' });
    expect(response.body).toContain(',4300\r\n');
    expect(response.body).not.toContain('9999');
  });
});

describe('every product and measure', () => {
  const pairs = (Object.keys(PRODUCT_HISTORIES) as ProductId[]).flatMap((product) => PRODUCT_HISTORIES[product].map((measure) => [product, measure] as const));
  const DATA: Record<ProductId, Record<string, unknown>> = {
    'farmcam-sim': { RemainingData: 123_456_789 },
    fencealarm: { Voltage: 6100, Battery: 3.7, Rssi: -70 },
    fencealarm2: { Voltage: 5924 },
    smartplug: { Load: 1200, Consumption: 3400, SignalStrength: 80, PowerEnabled: true, MainsPower: true, Temperature: -3.5 },
    smartplug2: { Load: 700, Consumption: 800, SignalStrength: 60, PowerEnabled: true, MainsPower: true },
  };

  // The units the headers say, as the devices report the values (docs/product/limits.md).
  const UNITS: Record<HistoryMeasure, string> = { 'remaining-data': 'bytes', voltage: 'V', consumption: 'Wh', load: 'W', temperature: '°C' };

  it.each(pairs)('%s /%s answers its field', async (product, measure) => {
    const owner = await createMember(t);
    const key = await registered(owner, product);
    await insertReadings(key, [{ at: '2024-03-01T06:00:00.000Z', data: DATA[product] }]);
    const field = HISTORY_FIELDS[measure];
    const json = await call(t.app, 'GET', url(product, key, measure, DAY), { token: owner.token });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual([{ Timestamp: '2024-03-01T06:00:00.000Z', [field]: DATA[product][field] }]);
    const csv = await call(t.app, 'GET', url(product, key, measure, { ...DAY, format: 'csv' }), { token: owner.token });
    expect(csv.body.split('\r\n')[0]).toBe(`Timestamp,Local time (UTC),${field} (${UNITS[measure]})`);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="${product}-${key}-${measure}-2024-03-01-to-2024-03-01.csv"`);
  });

  it('a measure another product has is not a route', async () => {
    const owner = await createMember(t);
    const key = await registered(owner, 'smartplug2');
    expect((await call(t.app, 'GET', url('smartplug2', key, 'temperature', DAY), { token: owner.token })).statusCode).toBe(404);
  });
});

describe('who may read a history', () => {
  let owner: Member;
  let shared: Member;
  let stranger: Member;
  let key: string;
  beforeAll(async () => {
    [owner, shared, stranger] = [await createMember(t), await createMember(t), await createMember(t)];
    key = await registered(owner, 'smartplug');
    await t.database.db.update(devices).set({ access: [owner.email, shared.email] }).where(eq(devices.key, key));
    await insertReadings(key, [{ at: '2024-03-01T06:00:00.000Z', data: { Load: 5, Consumption: 6, SignalStrength: 1, PowerEnabled: true, MainsPower: true, Temperature: 20 } }]);
  });
  const get = (token?: string, format = 'json', path = url('smartplug', key, 'load', { ...DAY, format })) => call(t.app, 'GET', path, { token });

  it('the owner, a user it is shared with and an admin get it, as json and as files', async () => {
    for (const token of [owner.token, shared.token, admin]) {
      for (const format of ['json', 'csv', 'xlsx']) expect((await get(token, format)).statusCode).toBe(200);
    }
  });

  it('anyone else gets 404, as for a device that does not exist or is another product', async () => {
    for (const format of ['json', 'csv', 'xlsx']) {
      const response = await get(stranger.token, format);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ Error: 'not_found' });
    }
    expect((await get(owner.token, 'json', url('smartplug', '999999999999999', 'load', DAY))).statusCode).toBe(404);
    expect((await get(owner.token, 'json', url('smartplug2', key, 'load', DAY))).statusCode).toBe(404);
  });

  it('without a token: 401', async () => {
    expect((await get(undefined)).statusCode).toBe(401);
    expect((await get(undefined, 'csv')).statusCode).toBe(401);
  });
});

describe('a year of 1-minute readings', () => {
  const YEAR_MINUTES = 366 * 24 * 60; // 527,040 readings: 2024 is a leap year
  const YEAR = { from: '2024-01-01T00:00:00.000Z', to: '2024-12-31T23:59:00.000Z' };
  const spike = { at: 123_457, value: 9999 };
  const dip = { at: 400_001, value: 17 };
  const minute = (i: number) => new Date(Date.parse(YEAR.from) + i * 60_000).toISOString();
  let owner: Member;
  let key: string;
  beforeAll(async () => {
    owner = await createMember(t);
    key = await registered(owner, 'fencealarm');
    await insertMinutes(key, YEAR.from, YEAR_MINUTES, spike, dip);
  }, 120_000);

  it('charts at most ~2,000 points that keep the spike and the dip (the global max and min)', async () => {
    const response = await call(t.app, 'GET', url('fencealarm', key, 'voltage', YEAR), { token: owner.token });
    expect(response.statusCode).toBe(200);
    const points = response.json<{ Timestamp: string; Voltage: number }[]>();
    expect(points.length).toBeLessThanOrEqual(CHART_MAX_POINTS);
    expect(points.length).toBeGreaterThan(CHART_MAX_POINTS / 2);
    expect(points).toContainEqual({ Timestamp: minute(spike.at), Voltage: spike.value });
    expect(points).toContainEqual({ Timestamp: minute(dip.at), Voltage: dip.value });
    expect(Math.max(...points.map((p) => p.Voltage))).toBe(spike.value);
    expect(Math.min(...points.map((p) => p.Voltage))).toBe(dip.value);
    const times = points.map((p) => Date.parse(p.Timestamp));
    expect(times.every((time, i) => i === 0 || times[i - 1] < time)).toBe(true);
  }, 120_000);

  // Streams the export over a real socket, reading it as it comes, and samples the server process's memory (the
  // client here only counts bytes and lines, so what grows is the server's side). Loading the year at once would
  // hold 527,040 rows as objects plus the whole body; streamed, memory stays around a few pages.
  it.each(['csv', 'xlsx'])('%s export streams every row without memory growing with the range', async (format) => {
    await t.app.listen({ port: 0, host: '127.0.0.1' }).catch((error: { code?: string }) => {
      if (error.code !== 'FST_ERR_REOPENED_SERVER') throw error;
    });
    const { port } = t.app.server.address() as AddressInfo;
    // The baseline without earlier tests' garbage, so what the export holds on to shows as growth. Each sample is
    // taken after a collection too: what counts is what the export keeps alive (a year held at once would stay for
    // seconds), not garbage a loaded machine has not collected yet.
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    gc();
    // Live memory is the JS heap plus Buffers (outside the heap): a writer that buffers what the zip has not
    // taken yet holds Buffers, not heap.
    const live = ({ heapUsed, arrayBuffers }: NodeJS.MemoryUsage) => heapUsed + arrayBuffers;
    const before = process.memoryUsage();
    let peakLive = live(before);
    let peakRss = before.rss;
    const sampler = setInterval(() => {
      gc();
      const now = process.memoryUsage();
      peakLive = Math.max(peakLive, live(now));
      peakRss = Math.max(peakRss, now.rss);
    }, 200);
    try {
      const response = await fetch(`http://127.0.0.1:${port}${url('fencealarm', key, 'voltage', { ...YEAR, format })}`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-length')).toBeNull(); // streamed (chunked), not sized up front
      const reader = response.body!.getReader();
      let bytes = 0;
      let chunks = 0;
      let lines = 0;
      let tail = new Uint8Array(0);
      let head: Uint8Array | null = null;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        head ??= value.slice(0, 4);
        bytes += value.length;
        chunks += 1;
        if (format === 'csv') {
          for (const byte of value) if (byte === 10) lines += 1;
          tail = value.slice(-64);
        }
      }
      clearInterval(sampler);
      const growth = { live: peakLive - live(before), rss: peakRss - before.rss };
      expect(chunks).toBeGreaterThan(10);
      if (format === 'csv') {
        expect(lines).toBe(YEAR_MINUTES + 1);
        expect(Buffer.from(tail).toString()).toMatch(/2024-12-31T23:59:00\.000Z,2024-12-31 23:59:00,5\d\d\d\r\n$/);
        // The body is ~18 MB; the rows as objects plus the body as one string would be well over 100 MB.
        expect(bytes).toBeGreaterThan(15_000_000);
      } else {
        // A zip of a few MB (reading half a million rows back is slow; the small exports above are read back).
        expect(Buffer.from(head!).subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
        expect(bytes).toBeGreaterThan(2_000_000);
      }
      // A few pages and stream buffers stay alive at any time, a few MB. The year's rows as objects would be over
      // 100 MB; its sheet XML is ~50 MB, and ExcelJS's streaming writer, which had no backpressure into its zip,
      // kept 40-70 MB of it in Buffers while deflate caught up (server/src/history/exports.ts).
      expect(growth.live).toBeLessThan(24 * 1024 * 1024);
      expect(growth.rss).toBeLessThan(150 * 1024 * 1024);
    } finally {
      clearInterval(sampler);
    }
  }, 180_000);
});

describe('xlsxExport', () => {
  it('continues on a new sheet when one is full', async () => {
    const rows: HistoryRow[] = Array.from({ length: 5 }, (_, i) => ({ at: new Date(Date.UTC(2024, 0, 1, 0, i)), value: i }));
    async function* pages() {
      yield rows.slice(0, 3);
      yield rows.slice(3);
    }
    const body = await streamToBuffer(xlsxExport(rowsSource(pages(), 'xlsx'), 'Load', 3));
    const workbook = await readXlsx(body);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Export', 'Export 2', 'Export 3']);
    const values = workbook.worksheets.map((sheet) => sheet.getSheetValues().filter(Boolean).map((row) => (row as unknown[])[3]));
    expect(values).toEqual([
      ['Load', 0, 1],
      ['Load', 2, 3],
      ['Load', 4],
    ]);
  });

  it('reads no further ahead than the streams hold while nobody reads it (backpressure)', async () => {
    let served = 0;
    async function* pages() {
      for (;;) {
        served += 1;
        const start = Date.UTC(2024, 0, 1) + served * 1000 * 60_000;
        yield Array.from({ length: 1000 }, (_, i) => ({ at: new Date(start + i * 60_000), value: i }));
      }
    }
    const stream = xlsxExport(rowsSource(pages(), 'xlsx'), 'Load');
    // Until no page was read for half a second. A writer without backpressure (ExcelJS's) reads on without end and
    // starves the event loop, so this never ends and the test times out.
    for (let last = -1, still = 0; still < 5; still = served === last ? still + 1 : 0) {
      last = served;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    stream.destroy();
    // What deflate, the zip and the stream buffers hold: ~2 MB of sheet XML, whatever the range (a year is 526 pages).
    // With archiver's default buffers (1 MB of zip each side) it was 133 pages.
    expect(served).toBeLessThan(50);
  });

  // The sheet's pages are written into a few buffers that are reused once deflate has read them: a buffer reused too
  // early would show as wrong bytes in the sheet, so the sheets are read back byte for byte, with a reader that takes
  // the zip as it comes and one that makes it wait.
  it.each([
    ['a fast reader', 0],
    ['a slow reader', 2],
  ])('writes every page as it was, over two sheets, for %s', async (_, delayMs) => {
    const rows: HistoryRow[] = Array.from({ length: 40_000 }, (_, i) => ({ at: new Date(Date.UTC(2024, 0, 1) + i * 60_000), value: 5000 + ((i * 7919) % 1000) / 8 }));
    async function* pages() {
      for (let i = 0; i < rows.length; i += 1000) yield rows.slice(i, i + 1000);
    }
    const chunks: Buffer[] = [];
    const reader = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        if (delayMs && chunks.length % 2 === 0) setTimeout(done, delayMs);
        else done();
      },
    });
    await pipeline(xlsxExport(rowsSource(pages(), 'xlsx'), 'Load', 30_001), reader);
    const files = unzip(Buffer.concat(chunks));
    const sheetRows = (name: string) => {
      const xml = files.get(name)!;
      return xml.slice(xml.indexOf('<row r="2"'), xml.indexOf('</sheetData>'));
    };
    expect(sheetRows('xl/worksheets/sheet1.xml')).toBe(formatRows(rows.slice(0, 30_000), 'xlsx', 2));
    expect(sheetRows('xl/worksheets/sheet2.xml')).toBe(formatRows(rows.slice(30_000), 'xlsx', 2));
  });

  it('stops reading pages when the reader goes away', async () => {
    let served = 0;
    async function* pages() {
      for (;;) {
        served += 1;
        yield [{ at: new Date(), value: served }];
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
    const stream = xlsxExport(rowsSource(pages(), 'xlsx'), 'Load');
    stream.resume();
    await new Promise((resolve) => setTimeout(resolve, 50));
    stream.destroy();
    const stoppedAt = served;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(served).toBeLessThanOrEqual(stoppedAt + 1);
  });
});

/** The files of a zip, by name, read through its central directory (stored or deflated). */
function unzip(zip: Buffer): Map<string, string> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const files = new Map<string, string>();
  for (let at = zip.readUInt32LE(end + 16), n = zip.readUInt16LE(end + 10); n > 0; n -= 1) {
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const local = zip.readUInt32LE(at + 42);
    const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const stored = zip.subarray(data, data + zip.readUInt32LE(at + 20));
    files.set(name, (zip.readUInt16LE(at + 10) === 8 ? inflateRawSync(stored) : stored).toString('utf8'));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return files;
}

async function streamToBuffer(stream: Readable | PassThrough): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** ExcelJS's types predate Node's generic Buffer; the bytes are what it reads. */
async function readXlsx(data: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  return workbook;
}
