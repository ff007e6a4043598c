import { api } from './client';
import { historyApi } from './history';

const IMEI = '356938035643803';
const window = { from: new Date('2026-11-21T23:00:00.000Z'), to: new Date('2026-11-22T23:00:00.000Z') };
const query = { from: '2026-11-21T23:00:00.000Z', to: '2026-11-22T23:00:00.000Z' };

beforeEach(() => jest.restoreAllMocks());

test('points: the product’s history path with from, to (ISO) and format=json', async () => {
  const points = [{ Timestamp: '2026-11-22T10:00:00.000Z', Load: 40 }];
  const get = jest.spyOn(api, 'get').mockResolvedValue(points);
  await expect(historyApi.points('smartplug', IMEI, 'load', window)).resolves.toEqual(points);
  expect(get).toHaveBeenLastCalledWith(`smartplugs/${IMEI}/load`, { query: { ...query, format: 'json' } });
  await historyApi.points('farmcam-sim', '240071234567890', 'remaining-data', window, { silent: true });
  expect(get).toHaveBeenLastCalledWith('farmcam-sims/240071234567890/remaining-data', { silent: true, query: { ...query, format: 'json' } });
  await historyApi.points('fencealarm2', IMEI, 'voltage', window);
  expect(get).toHaveBeenLastCalledWith(`fencealarm2s/${IMEI}/voltage`, expect.anything());
  await historyApi.points('smartplug2', IMEI, 'consumption', window);
  expect(get).toHaveBeenLastCalledWith(`smartplug2s/${IMEI}/consumption`, expect.anything());
});

test('points: an empty reply is no points', async () => {
  jest.spyOn(api, 'get').mockResolvedValue(undefined);
  await expect(historyApi.points('fencealarm', IMEI, 'voltage', window)).resolves.toEqual([]);
});

test('download: asks for the file in the chosen format and returns it', async () => {
  const get = jest.spyOn(api, 'get').mockResolvedValue(
    new Response('Timestamp,Voltage\n2026-11-22T10:00:00.000Z,6200\n', {
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="export.csv"' },
    }),
  );
  const blob = await historyApi.download('fencealarm', IMEI, 'voltage', window, 'csv');
  expect(await blob.text()).toContain('2026-11-22T10:00:00.000Z,6200');
  expect(get).toHaveBeenCalledWith(`fencealarms/${IMEI}/voltage`, { query: { ...query, format: 'csv' }, raw: true });
});

test('download: a reply that is not a file fails with “expected blob”', async () => {
  jest.spyOn(api, 'get').mockResolvedValue(new Response('[]', { headers: { 'Content-Type': 'application/json' } }));
  await expect(historyApi.download('smartplug', IMEI, 'load', window, 'xlsx')).rejects.toThrow('expected blob');
  jest.spyOn(api, 'get').mockResolvedValue(undefined);
  await expect(historyApi.download('smartplug', IMEI, 'load', window, 'xlsx')).rejects.toThrow('expected blob');
});

test('download: any format but csv or xlsx fails with “invalid export format” before calling', async () => {
  const get = jest.spyOn(api, 'get');
  await expect(historyApi.download('smartplug', IMEI, 'load', window, 'json' as never)).rejects.toThrow('invalid export format');
  await expect(historyApi.download('smartplug', IMEI, 'load', window, 'XLSX' as never)).rejects.toThrow('invalid export format');
  expect(get).not.toHaveBeenCalled();
});

test('download: sends the time zone of the Local time column as tz', async () => {
  const get = jest.spyOn(api, 'get').mockResolvedValue(new Response('x', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }));
  await historyApi.download('fencealarm', IMEI, 'voltage', window, 'csv', { background: true, timeZone: 'Europe/Stockholm' });
  expect(get).toHaveBeenCalledWith(`fencealarms/${IMEI}/voltage`, {
    background: true,
    query: { ...query, format: 'csv', tz: 'Europe/Stockholm' },
    raw: true,
  });
});

test('retention: GET history/retention, the server’s raw readings days', async () => {
  const get = jest.spyOn(api, 'get').mockResolvedValue({ RawReadingsDays: 5 });
  await expect(historyApi.retention({ silent: true })).resolves.toEqual({ RawReadingsDays: 5 });
  expect(get).toHaveBeenCalledWith('history/retention', { silent: true });
});
