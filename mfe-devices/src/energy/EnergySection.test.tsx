// A plug's Energy section on its log page (docs/product/energy.md): Day | Week | Month, the bars and their kWh and
// cost, the table, the hint without a price, and every state (loading, empty, failed).
import { createElement } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { devicesApi, energyApi, historyApi } from '@paddock/shared/api';
import type { Device, EnergyBuckets } from '@paddock/shared/contract';
import { browserTimeZone, energyWindow, toDateInputValue } from '@paddock/shared/domain';
import { signInAs } from '@paddock/shared/testing/fixtures';
import { apiError, fencealarm, renderDevices, resetSession, sampleUser, smartplug, smartplug2 } from '../common/testing';
import type { buildEnergyOption } from './energyChart';

type EnergyOption = ReturnType<typeof buildEnergyOption>;

// echarts draws on a canvas jsdom does not have: the wrapper is replaced by a probe that shows what it was given.
jest.mock('@paddock/shared/charts', () => ({
  useChartTheme: () => ({
    series: ['#1d5f3a', '#8a5a00', '#1f4e8c'],
    text: '#18201a',
    muted: '#4a544c',
    grid: '#8a948c',
    surface: '#ffffff',
  }),
  EChart: ({ option, label }: { option: EnergyOption | { series: { type: string }[] }; label: string }) =>
    createElement('div', {
      'data-testid': option.series[0].type === 'bar' ? 'energy-chart' : 'chart',
      'aria-label': label,
      'data-labels': option.series[0].type === 'bar' ? (option as EnergyOption).xAxis.data.join('|') : undefined,
      'data-values': option.series[0].type === 'bar' ? (option as EnergyOption).series[0].data.join(',') : undefined,
    }),
}));

const IMEI = '356938035643803';
const reply = (period: 'day' | 'week' | 'month', bars: [string, number][]): EnergyBuckets => ({
  Period: period,
  TimeZone: 'Europe/Stockholm',
  Buckets: bars.map(([date, kWh]) => ({ Start: `${date}T00:00:00.000Z`, Date: date, KWh: kWh })),
});
const DAYS = reply('day', [
  ['2026-11-27', 1.25],
  ['2026-11-28', 0],
  ['2026-11-29', 2.25],
]);

function mockApi(buckets: () => Promise<EnergyBuckets>, device: Device = smartplug('Pump')) {
  jest.spyOn(devicesApi, 'get').mockResolvedValue(device as never);
  jest.spyOn(devicesApi, 'poll').mockResolvedValue({ list: null, etag: null });
  jest.spyOn(historyApi, 'points').mockResolvedValue([]);
  jest.spyOn(historyApi, 'retention').mockResolvedValue({ RawReadingsDays: 400 });
  return jest.spyOn(energyApi, 'buckets').mockImplementation(buckets);
}

const section = async () => (await screen.findByRole('heading', { level: 2, name: 'Energy' })).closest('section')!;
const plain = (text: string | null | undefined) => text?.replace(/\s/g, ' ');

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
});

test('a bar a day of the last 31 on the viewer’s clock, with the total and its cost at the user’s price', async () => {
  signInAs({ ...sampleUser, EnergyPrice: { PerKwh: 12345, Currency: 'SEK' } });
  const buckets = mockApi(async () => DAYS);
  renderDevices(`/smartplug/${IMEI}/logs`);
  const energy = await section();
  const chart = await within(energy).findByTestId('energy-chart');
  expect(chart).toHaveAttribute('data-values', '1.25,0,2.25');
  expect(chart).toHaveAttribute('data-labels', '27 Nov|28 Nov|29 Nov');
  expect(chart).toHaveAccessibleName('Bar chart of the energy per day from 27 Nov 2026 to 29 Nov 2026, in kWh');
  // 3.5 kWh × SEK 1.2345 = SEK 4.32
  expect(plain(within(energy).getByTestId('energy-total').textContent)).toBe('Total: 3.5 kWh · SEK 4.32 at SEK 1.2345 per kWh');
  expect(buckets).toHaveBeenCalledWith(
    'smartplug',
    IMEI,
    { period: 'day', ...energyWindow('day', toDateInputValue(new Date())), timeZone: browserTimeZone() },
    { silent: true, background: true },
  );
  expect(within(energy).getByRole('button', { name: 'Day' })).toHaveAttribute('aria-pressed', 'true');
  // With a price there is no hint to set one.
  expect(within(energy).queryByRole('link', { name: 'Set the price per kWh' })).not.toBeInTheDocument();
});

test('the bars as a table: each period’s kWh and cost', async () => {
  signInAs({ ...sampleUser, EnergyPrice: { PerKwh: 25000, Currency: 'EUR' } });
  mockApi(async () => DAYS);
  const { user } = renderDevices(`/smartplug/${IMEI}/logs`);
  const energy = await section();
  await user.click(await within(energy).findByText('Show the bars as a table'));
  const table = within(energy).getByRole('table', { name: 'Energy per day' });
  const rows = within(table)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => plain(cell.textContent)),
    );
  expect(rows.slice(1)).toEqual([
    ['27 Nov 2026', '1.25', '€3.13'],
    ['28 Nov 2026', '0', '€0.00'],
    ['29 Nov 2026', '2.25', '€5.63'],
  ]);
  expect(within(table).getByRole('columnheader', { name: 'Cost' })).toBeInTheDocument();
});

test('Week and Month ask for their own bars; weeks are named by their ISO number', async () => {
  const buckets = mockApi(async () => DAYS, smartplug2('Heater'));
  const { user } = renderDevices(`/smartplug2/${IMEI}/logs`);
  const energy = await section();
  await within(energy).findByTestId('energy-chart');
  buckets.mockImplementation(async () =>
    reply('week', [
      ['2026-11-16', 4],
      ['2026-11-23', 5.5],
    ]),
  );
  await user.click(within(energy).getByRole('button', { name: 'Week' }));
  await waitFor(() => expect(within(energy).getByTestId('energy-chart')).toHaveAttribute('data-labels', 'Wk 47|Wk 48'));
  expect(within(energy).getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
  expect(within(energy).getByRole('button', { name: 'Day' })).toHaveAttribute('aria-pressed', 'false');
  expect(buckets).toHaveBeenLastCalledWith('smartplug2', IMEI, expect.objectContaining({ period: 'week' }), expect.anything());

  buckets.mockImplementation(async () =>
    reply('month', [
      ['2026-10-01', 40],
      ['2026-11-01', 12.4],
    ]),
  );
  await user.click(within(energy).getByRole('button', { name: 'Month' }));
  await waitFor(() => expect(within(energy).getByTestId('energy-chart')).toHaveAttribute('data-labels', 'Oct 2026|Nov 2026'));
  expect(buckets).toHaveBeenLastCalledWith('smartplug2', IMEI, expect.objectContaining({ period: 'month' }), expect.anything());
});

test('without a price: kWh only, and a link to the account page to set one', async () => {
  mockApi(async () => DAYS);
  const { user } = renderDevices(`/smartplug/${IMEI}/logs`);
  const energy = await section();
  expect(plain((await within(energy).findByTestId('energy-total')).textContent)).toBe('Total: 3.5 kWh');
  await user.click(within(energy).getByText('Show the bars as a table'));
  expect(within(energy).queryByRole('columnheader', { name: 'Cost' })).not.toBeInTheDocument();
  expect(within(energy).getByRole('note')).toHaveTextContent('To see what the energy costs, set your price per kWh on your account page.');
  expect(within(energy).getByRole('link', { name: 'Set the price per kWh' })).toHaveAttribute('href', '/account');
});

test('loading, then a window without use says so instead of empty bars', async () => {
  let answer: (value: EnergyBuckets) => void = () => undefined;
  mockApi(() => new Promise((resolve) => (answer = resolve)));
  renderDevices(`/smartplug/${IMEI}/logs`);
  const energy = await section();
  expect(within(energy).getByRole('status')).toHaveTextContent('Loading the energy use…');
  answer(
    reply('day', [
      ['2026-11-28', 0],
      ['2026-11-29', 0],
    ]),
  );
  expect(await within(energy).findByText('No energy used from 28 Nov 2026 to 29 Nov 2026.')).toBeInTheDocument();
  expect(within(energy).queryByTestId('energy-chart')).not.toBeInTheDocument();
});

test('a failure is shown with the server’s reason, and Retry loads again', async () => {
  const buckets = mockApi(async () => {
    throw apiError(503, 'service_unavailable', 'The service is unavailable.');
  });
  const { user } = renderDevices(`/smartplug/${IMEI}/logs`);
  const energy = await section();
  expect(await within(energy).findByRole('alert')).toHaveTextContent('The energy use could not be loaded. (The service is unavailable.)');
  buckets.mockImplementation(async () => DAYS);
  await user.click(within(energy).getByRole('button', { name: 'Try again' }));
  expect(await within(energy).findByTestId('energy-chart')).toHaveAttribute('data-values', '1.25,0,2.25');
});

test('in German', async () => {
  mockApi(async () => DAYS);
  renderDevices(`/smartplug/${IMEI}/logs`, { locale: 'de-DE' });
  const energy = (await screen.findByRole('heading', { level: 2, name: 'Energie' })).closest('section')!;
  expect(within(energy).getByRole('group', { name: 'Energie pro Tag, Woche oder Monat' })).toBeInTheDocument();
  expect(plain((await within(energy).findByTestId('energy-total')).textContent)).toBe('Gesamt: 3,5 kWh');
});

test('only plugs have the section', async () => {
  mockApi(async () => DAYS, fencealarm('Fence'));
  renderDevices('/fencealarm/356938035643801/logs');
  await screen.findByRole('heading', { level: 1, name: 'Fence' });
  expect(screen.queryByRole('heading', { level: 2, name: 'Energy' })).not.toBeInTheDocument();
  expect(energyApi.buckets).not.toHaveBeenCalled();
});
