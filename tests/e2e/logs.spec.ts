// Log pages: each product's charts opened from the dashboard, the interval and the Until date redraw them with the
// right x-axis unit, and the CSV and XLSX exports download files whose rows are the device's readings.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiCall, expect, expectAccessible, registerDemoDevice, signInNewUser, snapshot, test } from '../support/fixtures';

// Keys from the demo inventory; numbers 23–25 of each product are this file's.
test.use({ timezoneId: 'UTC' });
test.describe.configure({ timeout: 120_000 });

const DEVICES = [
  { product: 'fencealarm', route: 'fencealarm', name: 'Top paddock fence', charts: ['Voltage (V)'] },
  { product: 'fencealarm2', route: 'fencealarm2', name: 'Creek fence', charts: ['Voltage (V)'] },
  {
    product: 'smartplug',
    route: 'smartplug',
    name: 'Egg incubator',
    charts: ['Consumption (Wh)', 'Load (W)', 'Temperature (°C)', 'Energy'],
  },
  { product: 'smartplug2', route: 'smartplug2', name: 'Slurry pump', charts: ['Consumption (Wh)', 'Load (W)', 'Energy'] },
  { product: 'farmcam-sim', route: 'farmcam-sim', name: 'Feed yard camera', charts: ['Remaining data (MB)'] },
] as const;

async function registerAll(request: APIRequestContext, baseURL: string, user: { token: string; userId: string }) {
  const keys: Record<string, string> = {};
  for (const device of DEVICES) keys[device.product] = await registerDemoDevice(request, baseURL, user, device.product, 23, device.name);
  return keys;
}

const chart = (page: Page, heading: string) => page.getByRole('region', { name: heading });

test('log pages: charts from the dashboard, interval and Until redraw them, CSV and XLSX exports hold the readings', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const user = await signInNewUser(page, request, baseURL!, 'logs');
  const keys = await registerAll(request, baseURL!, user);
  // A few readings of the simulated fence first (one every 4 s).
  const fence = keys.fencealarm;
  const today = new Date().toISOString().slice(0, 10);
  const history = async () => {
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const reply = await apiCall(request, baseURL!, 'get', `fencealarms/${fence}/voltage?from=${from}&to=${to}&format=json`, {
      token: user.token,
    });
    return (await reply.json()) as { Timestamp: string; Voltage: number }[];
  };
  await expect.poll(async () => (await history()).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);

  // From the dashboard's logs button.
  await page.goto('/devices');
  await page.getByRole('article', { name: 'Top paddock fence' }).getByRole('link', { name: 'Logs' }).click();
  await expect(page).toHaveURL(new RegExp(`/fencealarm/${fence}/logs$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Top paddock fence' })).toBeVisible();
  await expect(page.getByText(`IMEI: ${fence}`)).toBeVisible();
  const voltage = chart(page, 'Voltage (V)');
  await expect(voltage.getByRole('img')).toBeVisible();
  await expect(voltage).toHaveAttribute('data-x-axis', 'hours');
  await expectAccessible(page);
  await snapshot(page, testInfo, 'logs-fencealarm');

  // A week: the chart is drawn again, by day.
  const label = await voltage.getByRole('img').getAttribute('aria-label');
  const weekRequest = page.waitForRequest((r) => r.url().includes(`/fencealarms/${fence}/voltage`) && r.url().includes('format=json'));
  await page.getByLabel('Time interval').selectOption('7');
  const week = new URL((await weekRequest).url());
  expect(Date.parse(week.searchParams.get('to')!) - Date.parse(week.searchParams.get('from')!)).toBe(7 * 86_400_000);
  await expect(voltage).toHaveAttribute('data-x-axis', 'days');
  await expect(voltage.getByRole('img')).not.toHaveAttribute('aria-label', label!);

  // Until a month ago: nothing was reported then.
  const monthAgo = new Date(Date.now() - 31 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Until', { exact: true }).fill(monthAgo);
  await expect(voltage.getByText(/^No data between/)).toBeVisible();
  // Exporting that empty window says so instead of downloading an empty file.
  await voltage.getByRole('button', { name: 'Export Voltage' }).click();
  await expect(voltage.getByText(/^Nothing to export: there is no data between/)).toBeVisible();
  // A cleared Until says so and leaves no old chart (or its Export) behind.
  await page.getByLabel('Until', { exact: true }).fill('');
  await expect(page.getByText('Enter a date, for example today.')).toBeVisible();
  await expect(page.getByText('The charts show again once the Until date is valid.')).toBeVisible();
  await expect(chart(page, 'Voltage (V)')).toHaveCount(0);
  await page.getByLabel('Until', { exact: true }).fill(today);
  await page.getByLabel('Time interval').selectOption('1');
  await expect(voltage.getByRole('img')).toBeVisible();

  // CSV, then XLSX (the default): the files hold the readings of the window.
  const readings = await history();
  await page.getByLabel('Export format').selectOption('csv');
  const csvDownload = page.waitForEvent('download');
  await voltage.getByRole('button', { name: 'Export Voltage' }).click();
  const csv = await csvDownload;
  // Named after the device, series and window (today, in the browser's zone); a Local time column in that zone.
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  expect(csv.suggestedFilename()).toBe(`fencealarm-${fence}-voltage-${today}-to-${today}.csv`);
  const lines = (await readFile(await csv.path())).toString().trim().split(/\r?\n/);
  expect(lines[0]).toBe(`Timestamp,Local time (${zone}),Voltage (V)`);
  expect(lines.length - 1).toBeGreaterThanOrEqual(readings.length);
  const first = readings[0];
  expect(lines.some((line) => line.startsWith(`${first.Timestamp},`) && line.endsWith(`,${first.Voltage}`))).toBe(true);

  await page.getByLabel('Export format').selectOption('xlsx');
  const xlsxDownload = page.waitForEvent('download');
  await voltage.getByRole('button', { name: 'Export Voltage' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toBe(`fencealarm-${fence}-voltage-${today}-to-${today}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await xlsx.path());
  const sheet = workbook.worksheets[0];
  expect(sheet.getRow(1).values).toEqual([undefined, 'Timestamp', `Local time (${zone})`, 'Voltage (V)']);
  expect(sheet.rowCount - 1).toBeGreaterThanOrEqual(readings.length);
  const firstRow = sheet.getRow(2).values as unknown[];
  expect(new Date(firstRow[1] as Date).toISOString()).toBe(first.Timestamp);
  expect(firstRow[3]).toBe(first.Voltage);

  // Back to the dashboard, at this device.
  await page
    .getByRole('button', { name: 'Back' })
    .or(page.getByRole('link', { name: 'Back' }))
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/devices\\?id=${fence}$`));

  // Every other product's page shows its charts with their units.
  for (const device of DEVICES.slice(1)) {
    await page.goto(`/${device.route}/${keys[device.product]}/logs`);
    await expect(page.getByRole('heading', { level: 1, name: device.name })).toBeVisible();
    for (const heading of device.charts) await expect(chart(page, heading)).toBeVisible();
    await expect(page.locator('.pd-log-chart')).toHaveCount(device.charts.length);
  }
  await expectAccessible(page);
});
