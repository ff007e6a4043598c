import { createElement } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { devicesApi, energyApi, historyApi } from '@paddock/shared/api';
import type { Device } from '@paddock/shared/contract';
import { browserTimeZone, chartWindow } from '@paddock/shared/domain';
import { signInAs } from '@paddock/shared/testing/fixtures';
import { renderRemote } from '@paddock/shared/testing/renderRemote';
import {
  apiError,
  currentLocation,
  farmcamSim,
  fencealarm,
  fencealarm2,
  renderDevices,
  resetSession,
  sampleUser,
  smartplug,
  smartplug2,
  toastTexts,
} from '../common/testing';
import type { LogChartOption } from './chartOptions';
import LogsRoute from './LogsRoute';

// echarts draws on a canvas jsdom does not have: the wrapper is replaced by a probe that shows what it was given.
jest.mock('@paddock/shared/charts', () => ({
  useChartTheme: () => ({ series: ['#1d5f3a', '#8a5a00', '#1f4e8c'], text: '#18201a', muted: '#4a544c', grid: '#8a948c', surface: '#ffffff' }),
  EChart: ({ option, label }: { option: LogChartOption; label: string }) =>
    createElement('div', {
      'data-testid': 'chart',
      'aria-label': label,
      'data-x-interval': option.xAxis.minInterval,
      'data-y': `${option.yAxis.min}..${option.yAxis.max}`,
      'data-values': option.series[0].data.map(([, v]) => v).join(','),
    }),
}));

const IMSI = '240071234567890';
const today = () => new Date(new Date().getFullYear(), new Date().getMonth(), new Date().getDate());
const pointsAt = (field: string, values: number[]) =>
  values.map((value, i) => ({ Timestamp: new Date(Date.now() - (values.length - i) * 600_000).toISOString(), [field]: value }));

function mockApi(device: Device, points: Record<string, unknown[]> = {}) {
  const get = jest.spyOn(devicesApi, 'get').mockResolvedValue(device as never);
  jest.spyOn(devicesApi, 'poll').mockResolvedValue({ list: null, etag: null });
  const load = jest.spyOn(historyApi, 'points').mockImplementation(async (_p, _k, measure) => (points[measure] ?? []) as never);
  const download = jest.spyOn(historyApi, 'download').mockResolvedValue(new Blob(['a,b']));
  const retention = jest.spyOn(historyApi, 'retention').mockResolvedValue({ RawReadingsDays: 400 });
  // A plug's Energy section (energy/EnergySection.test.tsx tests it): no bars here.
  jest.spyOn(energyApi, 'buckets').mockResolvedValue({ Period: 'day', TimeZone: 'UTC', Buckets: [] });
  return { get, load, download, retention };
}

async function open(path: string, title: string) {
  const rendered = renderDevices(path);
  await screen.findByRole('heading', { level: 1, name: title });
  return rendered;
}

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
});

describe('FarmCam SIM data history (docs/product/screens.md)', () => {
  test('title, IMSI subtitle and the remaining-data chart in MB over the last day', async () => {
    const api = mockApi(farmcamSim('Barn cam'), { 'remaining-data': pointsAt('RemainingData', [2_500_000_000, 2_499_400_000]) });
    await open(`/farmcam-sim/${IMSI}/logs`, 'Barn cam');
    expect(screen.getByText(`IMSI: ${IMSI}`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Remaining data (MB)' })).toBeInTheDocument();
    const chart = await screen.findByTestId('chart');
    expect(chart).toHaveAttribute('data-values', '2500,2499');
    expect(chart).toHaveAttribute('data-y', '0..2500');
    expect(chart).toHaveAttribute('data-x-interval', '3600000');
    expect(api.get).toHaveBeenCalledWith('farmcam-sim', IMSI, { silent: true });
    expect(api.load).toHaveBeenCalledTimes(1);
    expect(api.load).toHaveBeenCalledWith('farmcam-sim', IMSI, 'remaining-data', chartWindow(today(), 1), {
      background: true,
      silent: true,
    });
    // Defaults: 1 day, Until today, XLSX.
    expect(screen.getByLabelText('Time interval')).toHaveValue('1');
    expect(screen.getByLabelText('Until')).toHaveValue(toInput(today()));
    expect(screen.getByLabelText('Export format')).toHaveValue('xlsx');
    expect(
      within(screen.getByLabelText('Time interval'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1 day', '2 days', '3 days', '5 days', '7 days', '14 days', '31 days']);
  });

  test('Until shows its date in the page’s language, not the browser’s (issue 30): “Bis” on a German page reads 10.03.2026', async () => {
    mockApi(farmcamSim('Stallkamera'), { 'remaining-data': pointsAt('RemainingData', [5_000_000]) });
    renderDevices(`/farmcam-sim/${IMSI}/logs`, { locale: 'de-DE' });
    await screen.findByRole('heading', { level: 1, name: 'Stallkamera' });
    fireEvent.change(screen.getByLabelText('Bis'), { target: { value: '2026-03-10' } });
    expect(screen.getByRole('button', { name: 'Bis, 10.03.2026' })).toHaveTextContent('10.03.2026');
    expect(screen.getByLabelText('Bis')).toHaveValue('2026-03-10');
  });

  test('interval and Until fetch the new window; the x axis turns to days above 2 days', async () => {
    const api = mockApi(farmcamSim('Barn cam'), { 'remaining-data': pointsAt('RemainingData', [5_000_000]) });
    const { user } = await open(`/farmcam-sim/${IMSI}/logs`, 'Barn cam');
    await screen.findByTestId('chart');
    await user.selectOptions(screen.getByLabelText('Time interval'), '7');
    await waitFor(() =>
      expect(api.load).toHaveBeenLastCalledWith('farmcam-sim', IMSI, 'remaining-data', chartWindow(today(), 7), expect.anything()),
    );
    expect(await screen.findByTestId('chart')).toHaveAttribute('data-x-interval', '86400000');
    fireEvent.change(screen.getByLabelText('Until'), { target: { value: '2026-03-10' } });
    await waitFor(() =>
      expect(api.load).toHaveBeenLastCalledWith(
        'farmcam-sim',
        IMSI,
        'remaining-data',
        { from: new Date(2026, 2, 4), to: new Date(2026, 2, 11) },
        expect.anything(),
      ),
    );
    await user.selectOptions(screen.getByLabelText('Time interval'), '2');
    await waitFor(() =>
      expect(api.load).toHaveBeenLastCalledWith(
        'farmcam-sim',
        IMSI,
        'remaining-data',
        { from: new Date(2026, 2, 9), to: new Date(2026, 2, 11) },
        expect.anything(),
      ),
    );
    expect(await screen.findByTestId('chart')).toHaveAttribute('data-x-interval', '3600000');
    // An emptied date says so, the old chart goes and its Export with it (nothing is fetched).
    const calls = api.load.mock.calls.length;
    fireEvent.change(screen.getByLabelText('Until'), { target: { value: '' } });
    expect(await screen.findByText('Enter a date, for example today.')).toBeInTheDocument();
    expect(screen.getByLabelText('Until')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The charts show again once the Until date is valid.')).toBeInTheDocument();
    expect(screen.queryByTestId('chart')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export Remaining data' })).not.toBeInTheDocument();
    expect(api.load).toHaveBeenCalledTimes(calls);
    // A valid date draws again.
    fireEvent.change(screen.getByLabelText('Until'), { target: { value: '2026-03-10' } });
    expect(await screen.findByTestId('chart')).toBeInTheDocument();
  });

  test('a date in the future is refused at the field, with no chart and no export', async () => {
    const api = mockApi(farmcamSim('Barn cam'), { 'remaining-data': pointsAt('RemainingData', [5_000_000]) });
    await open(`/farmcam-sim/${IMSI}/logs`, 'Barn cam');
    await screen.findByTestId('chart');
    const until = screen.getByLabelText('Until');
    const tomorrow = new Date(today().getFullYear(), today().getMonth(), today().getDate() + 1);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(until).toHaveAttribute('max', `${today().getFullYear()}-${pad(today().getMonth() + 1)}-${pad(today().getDate())}`);
    const calls = api.load.mock.calls.length;
    fireEvent.change(until, { target: { value: `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}` } });
    expect(await screen.findByText('The date cannot be in the future. Choose today or an earlier day.')).toBeInTheDocument();
    expect(screen.queryByTestId('chart')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export Remaining data' })).not.toBeInTheDocument();
    expect(api.load).toHaveBeenCalledTimes(calls);
  });

  test('Export of a window without data says so instead of downloading an empty file', async () => {
    const api = mockApi(farmcamSim('Barn cam'));
    const { user } = await open(`/farmcam-sim/${IMSI}/logs`, 'Barn cam');
    await screen.findByText(/^No data between/);
    await user.click(screen.getByRole('button', { name: 'Export Remaining data' }));
    expect(await screen.findByText(/^Nothing to export: there is no data between .+ and .+\.$/)).toBeInTheDocument();
    expect(api.download).not.toHaveBeenCalled();
  });

  test('no points in the window: an empty state instead of a chart', async () => {
    mockApi(farmcamSim('Barn cam'));
    await open(`/farmcam-sim/${IMSI}/logs`, 'Barn cam');
    expect(await screen.findByText(/^No data between .+ and .+\. Choose a longer interval or another date\.$/)).toBeInTheDocument();
    expect(screen.queryByTestId('chart')).not.toBeInTheDocument();
  });

  test('a history that fails to load says so; Try again asks again', async () => {
    const api = mockApi(farmcamSim('Barn cam'));
    api.load.mockRejectedValueOnce(apiError(500, 'internal', 'Boom'));
    const { user } = await open(`/farmcam-sim/${IMSI}/logs`, 'Barn cam');
    expect(await screen.findByRole('alert')).toHaveTextContent('The history could not be loaded. (500: Internal Server Error)');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/^No data between/)).toBeInTheDocument();
    expect(api.load).toHaveBeenCalledTimes(2);
  });

  test('Export downloads the window in the chosen format, named after the device, series and days, local times in the viewer’s zone', async () => {
    const api = mockApi(farmcamSim('Barn cam'), { 'remaining-data': pointsAt('RemainingData', [5_000_000]) });
    const createObjectURL = jest.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const saved: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.getAttribute('href')}`);
    });
    const { user } = await open(`/farmcam-sim/${IMSI}/logs`, 'Barn cam');
    // The window is today (local midnight to midnight): its first and last day are today's date.
    const name = `farmcam-sim-${IMSI}-remaining-data-${toInput(today())}-to-${toInput(today())}`;
    await user.click(screen.getByRole('button', { name: 'Export Remaining data' }));
    await waitFor(() => expect(saved).toEqual([`${name}.xlsx blob:export`]));
    expect(api.download).toHaveBeenLastCalledWith('farmcam-sim', IMSI, 'remaining-data', chartWindow(today(), 1), 'xlsx', {
      background: true,
      timeZone: browserTimeZone(),
    });
    await user.selectOptions(screen.getByLabelText('Export format'), 'csv');
    await user.click(screen.getByRole('button', { name: 'Export Remaining data' }));
    await waitFor(() => expect(saved).toEqual([`${name}.xlsx blob:export`, `${name}.csv blob:export`]));
    expect(api.download).toHaveBeenLastCalledWith('farmcam-sim', IMSI, 'remaining-data', chartWindow(today(), 1), 'csv', {
      background: true,
      timeZone: browserTimeZone(),
    });
    expect(createObjectURL).toHaveBeenCalledTimes(2);
  });

  test('a window reaching back past the server’s raw retention says its export will be hourly; a recent one does not', async () => {
    const hourly = /^This window reaches back more than 5 days\. Readings that old are kept only as hourly values, so for those hours the export has one row an hour \(lowest and highest reading\)\.$/;
    const api = mockApi(farmcamSim('Barn cam'), { 'remaining-data': pointsAt('RemainingData', [5_000_000]) });
    // The operator keeps 5 days (READINGS_RETENTION_DAYS), not the default 400.
    api.retention.mockResolvedValue({ RawReadingsDays: 5 });
    await open(`/farmcam-sim/${IMSI}/logs`, 'Barn cam');
    await screen.findByTestId('chart');
    expect(api.retention).toHaveBeenCalledWith({ silent: true, background: true, optional: true });
    expect(screen.queryByText(hourly)).not.toBeInTheDocument();
    const old = new Date(today().getFullYear(), today().getMonth(), today().getDate() - 6);
    fireEvent.change(screen.getByLabelText('Until'), { target: { value: toInput(old) } });
    expect(await screen.findByText(hourly)).toHaveAttribute('role', 'note');
    // Back within the retention: the note goes.
    fireEvent.change(screen.getByLabelText('Until'), { target: { value: toInput(today()) } });
    await waitFor(() => expect(screen.queryByText(hourly)).not.toBeInTheDocument());
  });

  test('no hourly note while the retention is not known yet', async () => {
    const api = mockApi(farmcamSim('Barn cam'));
    let answer: (value: { RawReadingsDays: number }) => void = () => undefined;
    api.retention.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await open(`/farmcam-sim/${IMSI}/logs`, 'Barn cam');
    const old = new Date(today().getFullYear(), today().getMonth(), today().getDate() - 401);
    fireEvent.change(screen.getByLabelText('Until'), { target: { value: toInput(old) } });
    await screen.findByText(/^No data between/);
    expect(screen.queryByText(/^This window reaches back/)).not.toBeInTheDocument();
    answer({ RawReadingsDays: 400 });
    expect(await screen.findByText(/^This window reaches back more than 400 days\./)).toHaveAttribute('role', 'note');
  });

  test('a failed retention call leaves the note out and says nothing else', async () => {
    const api = mockApi(farmcamSim('Barn cam'));
    api.retention.mockRejectedValue(apiError(500, 'internal', 'Boom'));
    await open(`/farmcam-sim/${IMSI}/logs`, 'Barn cam');
    const old = new Date(today().getFullYear(), today().getMonth(), today().getDate() - 401);
    fireEvent.change(screen.getByLabelText('Until'), { target: { value: toInput(old) } });
    await screen.findByText(/^No data between/);
    await waitFor(() => expect(api.retention).toHaveBeenCalled());
    expect(screen.queryByText(/^This window reaches back/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('an export reply that is not a file (expected blob) is said in a toast', async () => {
    const api = mockApi(farmcamSim('Barn cam'), { 'remaining-data': pointsAt('RemainingData', [5_000_000]) });
    api.download.mockRejectedValue(new Error('expected blob'));
    const { user } = await open(`/farmcam-sim/${IMSI}/logs`, 'Barn cam');
    await user.click(screen.getByRole('button', { name: 'Export Remaining data' }));
    await waitFor(() => expect(toastTexts()).toContain('The export failed: the server did not send a file. Try again later.'));
  });

  test.each([0, 1])('Back (the arrow, then the button) goes to the dashboard at the device', async (which) => {
    mockApi(farmcamSim('Barn cam'));
    const { user } = await open(`/farmcam-sim/${IMSI}/logs`, 'Barn cam');
    const backs = screen.getAllByRole('button', { name: 'Back' });
    expect(backs).toHaveLength(2);
    await user.click(backs[which]);
    expect(currentLocation()).toBe(`/devices?id=${IMSI}`);
  });
});

describe('the other products', () => {
  test('FenceAlarm and FenceAlarm2: voltage (V)', async () => {
    const api = mockApi(fencealarm('North fence'), { voltage: pointsAt('Voltage', [6200, 5400]) });
    await open('/fencealarm/356938035643801/logs', 'North fence');
    expect(screen.getByText('IMEI: 356938035643801')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Voltage (V)' })).toBeInTheDocument();
    expect(await screen.findByTestId('chart')).toHaveAttribute('data-y', '0..6200');
    expect(api.load).toHaveBeenCalledWith('fencealarm', '356938035643801', 'voltage', expect.anything(), expect.anything());
  });

  test('FenceAlarm2', async () => {
    const api = mockApi(fencealarm2('East fence'), { voltage: pointsAt('Voltage', [4100]) });
    await open('/fencealarm2/356938035643802/logs', 'East fence');
    expect(await screen.findByTestId('chart')).toHaveAttribute('data-values', '4100');
    expect(api.load).toHaveBeenCalledWith('fencealarm2', '356938035643802', 'voltage', expect.anything(), expect.anything());
  });

  test('SmartPlug: consumption (Wh), load (W) and temperature (°C), each with its own export', async () => {
    const api = mockApi(smartplug('Pump'), {
      consumption: pointsAt('Consumption', [100, 180]),
      load: pointsAt('Load', [40]),
      temperature: pointsAt('Temperature', [-3.2, 4.5]),
    });
    const { user } = await open('/smartplug/356938035643803/logs', 'Pump');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Consumption (Wh)',
      'Load (W)',
      'Temperature (°C)',
      // The plug's Energy section (docs/product/energy.md) after its charts.
      'Energy',
    ]);
    await waitFor(() => expect(screen.getAllByTestId('chart')).toHaveLength(3));
    expect(screen.getAllByTestId('chart').map((c) => c.getAttribute('data-y'))).toEqual(['0..180', '0..40', '-4..5']);
    expect(api.load.mock.calls.map((c) => c[2])).toEqual(['consumption', 'load', 'temperature']);
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Export Temperature' }));
    await waitFor(() =>
      expect(api.download).toHaveBeenCalledWith(
        'smartplug',
        '356938035643803',
        'temperature',
        expect.anything(),
        'xlsx',
        expect.anything(),
      ),
    );
  });

  test('SmartPlug2: consumption and load, in German', async () => {
    mockApi(smartplug2('Heater'), { consumption: pointsAt('Consumption', [1]), load: pointsAt('Load', [2]) });
    renderDevices('/smartplug2/356938035643804/logs', { locale: 'de-DE' });
    await screen.findByRole('heading', { level: 1, name: 'Heater' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Verbrauch (Wh)', 'Last (W)', 'Energie']);
    expect(screen.getByLabelText('Zeitintervall')).toBeInTheDocument();
    expect(
      within(screen.getByLabelText('Exportformat'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['XLSX (Excel)', 'CSV']);
  });

  test('an unknown device: not found, with a way back', async () => {
    jest.spyOn(devicesApi, 'get').mockRejectedValue(apiError(404, 'not_found', 'No such device'));
    const load = jest.spyOn(historyApi, 'points');
    renderDevices('/smartplug/356938035643899/logs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Device not found' })).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  test.each([
    ['/fencealarm', 'missing ctx.data.imei'],
    ['/farmcam-sim', 'missing ctx.data.imsi'],
  ])('%s logs without a key fail with “%s”, shown as an error state', async (path, error) => {
    const get = jest.spyOn(devicesApi, 'get');
    const load = jest.spyOn(historyApi, 'points');
    function KeylessRoutes() {
      return createElement(
        Routes,
        null,
        createElement(Route, { path: 'fencealarm', element: createElement(LogsRoute) }),
        createElement(Route, { path: 'farmcam-sim', element: createElement(LogsRoute) }),
      );
    }
    renderRemote(KeylessRoutes, path);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `This link does not name a device. Open the device from your device list. (${error})`,
    );
    expect(get).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
  });
});

function toInput(date: Date) {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

describe('the consumption’s cost in the window (docs/product/screens.md, docs/product/limits.md "Energy price")', () => {
  const cost = () => screen.findByTestId('consumption-cost');
  const plain = (text: string | null) => text?.replace(/\s/g, ' ');

  test('the meter’s rise over the window at the user’s price, under the consumption chart; a reset counts from 0', async () => {
    signInAs({ ...sampleUser, EnergyPrice: { PerKwh: 12345, Currency: 'SEK' } });
    // 1000 → 1800 (+800), reset → 200 (+200), → 1200 (+1000): 2000 Wh = 2 kWh × 1.2345 SEK
    mockApi(smartplug('Pump'), { consumption: pointsAt('Consumption', [1000, 1800, 200, 1200]), load: pointsAt('Load', [40]) });
    await open('/smartplug/356938035643803/logs', 'Pump');
    const line = await cost();
    expect(plain(line.textContent)).toBe('Used in this window: 2,000 Wh, costing SEK 2.47 at SEK 1.2345 per kWh.');
    expect(line.closest('section')).toHaveAccessibleName('Consumption (Wh)');
    expect(screen.getAllByTestId('consumption-cost')).toHaveLength(1);
  });

  test('a new window prices its own readings', async () => {
    signInAs({ ...sampleUser, EnergyPrice: { PerKwh: 25000, Currency: 'EUR' } });
    const api = mockApi(smartplug2('Heater'), { consumption: pointsAt('Consumption', [0, 1500]), load: [] });
    const { user } = await open('/smartplug2/356938035643804/logs', 'Heater');
    expect(plain((await cost()).textContent)).toBe('Used in this window: 1,500 Wh, costing €3.75 at €2.50 per kWh.');
    api.load.mockImplementation(
      async (_p, _k, measure) => (measure === 'consumption' ? pointsAt('Consumption', [1500, 5500]) : []) as never,
    );
    await user.selectOptions(screen.getByLabelText('Time interval'), '7');
    await waitFor(async () =>
      expect(plain((await cost()).textContent)).toBe('Used in this window: 4,000 Wh, costing €10.00 at €2.50 per kWh.'),
    );
  });

  test('one reading says too few; no readings, no line', async () => {
    signInAs({ ...sampleUser, EnergyPrice: { PerKwh: 25000, Currency: 'EUR' } });
    mockApi(smartplug2('Heater'), { consumption: pointsAt('Consumption', [1500]), load: [] });
    await open('/smartplug2/356938035643804/logs', 'Heater');
    expect((await cost()).textContent).toBe('Too few readings in this window to work out what it used and cost.');
  });

  test('without a price it says where to set one; in German', async () => {
    mockApi(smartplug2('Heater'), { consumption: pointsAt('Consumption', [1, 2]), load: [] });
    renderDevices('/smartplug2/356938035643804/logs', { locale: 'de-DE' });
    expect((await cost()).textContent).toBe(
      'Legen Sie in Ihren Kontoeinstellungen Ihren Preis pro kWh fest, um zu sehen, was dieser Verbrauch kostet.',
    );
  });

  test('no cost line on a chart that is not consumption', async () => {
    signInAs({ ...sampleUser, EnergyPrice: { PerKwh: 25000, Currency: 'EUR' } });
    mockApi(fencealarm('Fence'), { voltage: pointsAt('Voltage', [5000, 6000]) });
    await open('/fencealarm/356938035643801/logs', 'Fence');
    await screen.findByTestId('chart');
    expect(screen.queryByTestId('consumption-cost')).not.toBeInTheDocument();
  });
});
