import {
  DEFAULT_EXPORT_FORMAT,
  EXPORT_FORMATS,
  HISTORY_UNITS,
  exportFileName,
  exportHasHourlyRows,
  exportValueColumn,
  historySeries,
  historyValue,
  isExportFile,
  isExportFormat,
  parseDateInputValue,
  requireExportFormat,
  toDateInputValue,
  wallClockTime,
} from './logs';
import { PRODUCT_HISTORIES } from '../products';

test('each product’s charts (docs/product/screens.md)', () => {
  expect(PRODUCT_HISTORIES['farmcam-sim']).toEqual(['remaining-data']);
  expect(PRODUCT_HISTORIES.fencealarm).toEqual(['voltage']);
  expect(PRODUCT_HISTORIES.fencealarm2).toEqual(['voltage']);
  expect(PRODUCT_HISTORIES.smartplug).toEqual(['consumption', 'load', 'temperature']);
  expect(PRODUCT_HISTORIES.smartplug2).toEqual(['consumption', 'load']);
  expect(HISTORY_UNITS).toEqual({ 'remaining-data': 'MB', voltage: 'V', consumption: 'Wh', load: 'W', temperature: '°C' });
});

test('remaining data is charted in MB, rounded, 0 when missing (docs/product/devices.md)', () => {
  expect(historyValue('remaining-data', { Timestamp: 'x', RemainingData: 2_499_600 })).toBe(2);
  expect(historyValue('remaining-data', { Timestamp: 'x', RemainingData: 2_500_000 })).toBe(3);
  expect(historyValue('remaining-data', { Timestamp: 'x' })).toBe(0);
  expect(historyValue('remaining-data', { Timestamp: 'x', RemainingData: null })).toBe(0);
});

test('other measures chart as they came; a missing value is a gap', () => {
  expect(historyValue('voltage', { Timestamp: 'x', Voltage: 6200 })).toBe(6200);
  expect(historyValue('temperature', { Timestamp: 'x', Temperature: -4.5 })).toBe(-4.5);
  expect(historyValue('load', { Timestamp: 'x' })).toBeNull();
  expect(historyValue('consumption', { Timestamp: 'x', Consumption: Number.NaN })).toBeNull();
  // The field of another measure does not count.
  expect(historyValue('load', { Timestamp: 'x', Consumption: 3 })).toBeNull();
});

test('series: epoch ms and value, in time order, unreadable timestamps dropped', () => {
  expect(
    historySeries('load', [
      { Timestamp: '2026-11-22T11:00:00.000Z', Load: 40 },
      { Timestamp: 'not a date', Load: 1 },
      { Timestamp: '2026-11-22T10:00:00.000Z', Load: 35 },
    ]),
  ).toEqual([
    [Date.UTC(2026, 10, 22, 10), 35],
    [Date.UTC(2026, 10, 22, 11), 40],
  ]);
});

test('export formats: XLSX by default, CSV, nothing else (docs/product/errors.md, docs/product/limits.md)', () => {
  expect(EXPORT_FORMATS).toEqual(['xlsx', 'csv']);
  expect(DEFAULT_EXPORT_FORMAT).toBe('xlsx');
  expect(isExportFormat('csv')).toBe(true);
  expect(isExportFormat('json')).toBe(false);
  expect(isExportFormat('XLSX')).toBe(false);
  expect(requireExportFormat('xlsx')).toBe('xlsx');
  expect(() => requireExportFormat('pdf')).toThrow('invalid export format');
  expect(() => requireExportFormat(undefined)).toThrow('invalid export format');
});

test('an export file names the device, the series and the window’s days, in safe characters (docs/product/limits.md)', () => {
  const of = { product: 'fencealarm', deviceKey: '356938035643809', measure: 'voltage' as const, format: 'csv' as const };
  // The log page's window: local midnights; its last day is the one before `to`.
  const window = { from: new Date('2026-10-31T23:00:00Z'), to: new Date('2026-11-20T23:00:00Z'), timeZone: 'Europe/Stockholm' };
  expect(exportFileName({ ...of, ...window })).toBe('fencealarm-356938035643809-voltage-2026-11-01-to-2026-11-20.csv');
  // Without a zone the days are UTC's.
  expect(exportFileName({ ...of, ...window, timeZone: undefined, format: 'xlsx' })).toBe('fencealarm-356938035643809-voltage-2026-10-31-to-2026-11-20.xlsx');
  expect(exportFileName({ ...of, measure: 'remaining-data', from: new Date('2026-11-20T10:00:00Z'), to: new Date('2026-11-20T12:30:00Z') })).toBe(
    'fencealarm-356938035643809-remaining-data-2026-11-20-to-2026-11-20.csv',
  );
  // Whatever a key or product holds, only [a-z0-9-] reach the name.
  const name = exportFileName({ ...of, ...window, product: 'Fence"Alarm', deviceKey: '../35 69\r\n;x="y' });
  expect(name).toBe('fence-alarm-35-69-x-y-voltage-2026-11-01-to-2026-11-20.csv');
  expect(name).toMatch(/^[a-z0-9-]+\.csv$/);
});

test('export columns say the unit; remaining data is in bytes as the device reports it', () => {
  expect(exportValueColumn('voltage')).toBe('Voltage (V)');
  expect(exportValueColumn('consumption')).toBe('Consumption (Wh)');
  expect(exportValueColumn('load')).toBe('Load (W)');
  expect(exportValueColumn('temperature')).toBe('Temperature (°C)');
  expect(exportValueColumn('remaining-data')).toBe('RemainingData (bytes)');
});

test('the wall clock of a time zone, across a DST change, milliseconds kept', () => {
  const at = (iso: string) => new Date(iso);
  expect(new Date(wallClockTime(at('2024-03-31T00:59:59.250Z'), 'Europe/Stockholm')).toISOString()).toBe('2024-03-31T01:59:59.250Z');
  expect(new Date(wallClockTime(at('2024-03-31T01:00:00.000Z'), 'Europe/Stockholm')).toISOString()).toBe('2024-03-31T03:00:00.000Z');
  expect(new Date(wallClockTime(at('2024-03-31T01:00:00.000Z'), 'UTC')).toISOString()).toBe('2024-03-31T01:00:00.000Z');
  expect(new Date(wallClockTime(at('2024-01-01T00:00:00.000Z'), 'America/New_York')).toISOString()).toBe('2023-12-31T19:00:00.000Z');
  expect(() => wallClockTime(at('2024-01-01T00:00:00.000Z'), 'Mars/Base')).toThrow(RangeError);
});

test('an export reaches past the raw retention (400 days unless set) when its window starts before it', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  expect(exportHasHourlyRows(new Date('2025-10-25T11:59:59Z'), now)).toBe(true);
  expect(exportHasHourlyRows(new Date('2025-10-25T12:00:00Z'), now)).toBe(false);
  expect(exportHasHourlyRows(new Date('2026-11-20T00:00:00Z'), now, 5)).toBe(true);
});

test('an export reply is a file when it is an attachment or of the format’s type', () => {
  expect(isExportFile('csv', 'text/csv; charset=utf-8', null)).toBe(true);
  expect(isExportFile('xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', null)).toBe(true);
  expect(isExportFile('xlsx', 'application/octet-stream', null)).toBe(true);
  expect(isExportFile('xlsx', 'application/json', 'attachment; filename="export.xlsx"')).toBe(true);
  expect(isExportFile('csv', 'application/json; charset=utf-8', null)).toBe(false);
  expect(isExportFile('csv', 'text/html', 'inline')).toBe(false);
  expect(isExportFile('xlsx', 'text/csv', null)).toBe(false);
  expect(isExportFile('csv', null, null)).toBe(false);
});

test('date input values are local days', () => {
  expect(toDateInputValue(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  const parsed = parseDateInputValue('2026-03-01');
  expect(parsed?.getFullYear()).toBe(2026);
  expect(parsed?.getMonth()).toBe(2);
  expect(parsed?.getDate()).toBe(1);
  expect(parsed?.getHours()).toBe(0);
  expect(parseDateInputValue('')).toBeNull();
  expect(parseDateInputValue('2026-02-30')).toBeNull();
  expect(parseDateInputValue('1.3.2026')).toBeNull();
});
