// The dashboard on a phone (issue 30, docs/product/screens.md /devices): a compact view, compact by default on a narrow
// screen and detailed on a desk, chosen with a Compact | Detailed toggle and remembered in this browser; a compact card
// states the device the way the detailed one does (never OK for a low fence).
import { act, screen, waitFor, within } from '@testing-library/react';
import { devicesApi } from '@paddock/shared/api';
import type { DeviceList } from '@paddock/shared/contract';
import {
  currentLocation,
  deviceList,
  farmcamSim,
  fencealarm,
  fencealarm2,
  renderDevices,
  resetSession,
  smartplug,
  smartplug2,
} from '../common/testing';

const STORED = 'paddock.dashboardView';
const lapsed = { Trialing: false, ExpiresAt: '2026-01-01T00:00:00.000Z', PriceIds: { Current: '', Next: '' } };
const report = (Voltage: number) => ({ Timestamp: new Date().toISOString(), Data: { Voltage, Battery: 12.4, Rssi: -71 } });
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

function serve(list: DeviceList) {
  return jest.spyOn(devicesApi, 'poll').mockResolvedValueOnce({ list, etag: '"v1"' }).mockResolvedValue({ list: null, etag: '"v1"' });
}

/** A screen `width` px wide, as matchMedia answers it (jsdom has none). */
function screenWidth(width: number) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => {
      const max = /max-width:\s*(\d+)px/.exec(query);
      return {
        matches: max ? width <= Number(max[1]) : false,
        media: query,
        addEventListener: jest.fn(),
        removeEventListener: jest.fn(),
      };
    },
  });
}

const card = (name: string) => screen.getByRole('article', { name });
const viewButton = (name: 'Compact' | 'Detailed') => within(screen.getByRole('group', { name: 'View' })).getByRole('button', { name });

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
  Element.prototype.scrollIntoView = jest.fn();
  jest.spyOn(devicesApi, 'trends').mockResolvedValue({ To: new Date().toISOString(), Trends: [] });
});

afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
});

describe('the view toggle', () => {
  test('a desk starts detailed: Detailed pressed, the full cards with their trend lines', async () => {
    screenWidth(1366);
    serve(deviceList({ Fencealarms: [fencealarm('North fence')] }));
    renderDevices('/devices');
    const north = await screen.findByRole('article', { name: 'North fence' });
    expect(viewButton('Detailed')).toHaveAttribute('aria-pressed', 'true');
    expect(viewButton('Compact')).toHaveAttribute('aria-pressed', 'false');
    expect(within(north).getByTestId('trend')).toBeInTheDocument();
    expect(within(north).getByRole('link', { name: 'Settings' })).toBeInTheDocument();
    await waitFor(() => expect(devicesApi.trends).toHaveBeenCalledTimes(1));
  });

  test('a phone (600 px or less) starts compact: no trend lines, none fetched', async () => {
    screenWidth(360);
    serve(deviceList({ Fencealarms: [fencealarm('North fence')] }));
    renderDevices('/devices');
    const north = await screen.findByRole('article', { name: 'North fence' });
    expect(viewButton('Compact')).toHaveAttribute('aria-pressed', 'true');
    expect(north).toHaveClass('pd-device--compact');
    expect(within(north).queryByTestId('trend')).not.toBeInTheDocument();
    expect(devicesApi.trends).not.toHaveBeenCalled();
    // Nothing is stored until the farmer chooses: the screen decides.
    expect(localStorage.getItem(STORED)).toBeNull();
  });

  test('switching is kept in this browser: a phone switched to detailed comes back detailed, and back to compact', async () => {
    screenWidth(360);
    serve(deviceList({ Fencealarms: [fencealarm('North fence')] }));
    const first = renderDevices('/devices');
    await screen.findByRole('article', { name: 'North fence' });
    await first.user.click(viewButton('Detailed'));
    expect(viewButton('Detailed')).toHaveAttribute('aria-pressed', 'true');
    expect(card('North fence')).not.toHaveClass('pd-device--compact');
    expect(within(card('North fence')).getByTestId('trend')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(STORED)!)).toBe('detailed');
    first.unmount();

    const second = renderDevices('/devices');
    await screen.findByRole('article', { name: 'North fence' });
    expect(viewButton('Detailed')).toHaveAttribute('aria-pressed', 'true');
    await second.user.click(viewButton('Compact'));
    expect(card('North fence')).toHaveClass('pd-device--compact');
    expect(JSON.parse(localStorage.getItem(STORED)!)).toBe('compact');
  });

  test('a compact choice stored in this browser holds on a desk too', async () => {
    localStorage.setItem(STORED, JSON.stringify('compact'));
    screenWidth(1366);
    serve(deviceList({ Fencealarms: [fencealarm('North fence')] }));
    renderDevices('/devices');
    expect(await screen.findByRole('article', { name: 'North fence' })).toHaveClass('pd-device--compact');
    expect(viewButton('Compact')).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('a compact card', () => {
  beforeEach(() => screenWidth(360));

  const status = (name: string) => within(card(name)).getByTestId('compact-status');

  test('says each state in words and colour, by the detailed card’s rule; shows the key value', async () => {
    serve(
      deviceList({
        Fencealarms: [
          fencealarm('Good fence', { LastReport: report(6300) }),
          // Its alarm is off: still not OK (issue 30).
          fencealarm('Dead fence', {
            Imei: '356938035643811',
            LastReport: report(1479),
            VoltageAlarm: { Enabled: false, Triggered: true, AlarmLevel: 5000 },
          }),
          fencealarm('Alarmed fence', {
            Imei: '356938035643812',
            LastReport: report(1479),
            VoltageAlarm: { Enabled: true, Triggered: true, AlarmLevel: 5000 },
          }),
          fencealarm('Paused fence', { Imei: '356938035643813', Subscription: lapsed }),
        ],
        Fencealarm2s: [
          fencealarm2('Quiet fence', {
            LastUplinkAt: hoursAgo(30),
            Connection: { Offline: true, LastSeenAt: hoursAgo(30) },
          } as never),
          fencealarm2('New fence', {
            Imei: '356938035643822',
            Voltage: null,
            LastUplinkAt: null,
            Connection: { Offline: false, LastSeenAt: null },
          } as never),
        ],
        FarmcamSims: [farmcamSim('Gate camera')],
      }),
    );
    renderDevices('/devices');
    await screen.findByRole('article', { name: 'Good fence' });

    expect(status('Good fence')).toHaveTextContent('OK');
    expect(status('Good fence')).toHaveClass('pd-device__status--ok');
    expect(within(card('Good fence')).getByText('6,300 V')).toBeInTheDocument();

    expect(card('Dead fence')).toHaveClass('pd-device--attention');
    expect(status('Dead fence')).toHaveTextContent('Low fence voltage');
    expect(status('Dead fence')).toHaveClass('pd-device__status--attention');
    expect(within(card('Dead fence')).queryByText('OK')).not.toBeInTheDocument();
    expect(within(card('Dead fence')).getByText('1,479 V')).toBeInTheDocument();

    expect(status('Alarmed fence')).toHaveTextContent('1 warning');
    expect(status('Alarmed fence')).toHaveClass('pd-device__status--warning');

    expect(status('Paused fence')).toHaveTextContent('Alarms paused');
    expect(card('Paused fence')).toHaveClass('pd-device--paused');

    expect(status('Gate camera')).toHaveTextContent('OK');
    expect(within(card('Gate camera')).getByText(/Data left/)).toHaveClass('pd-visually-hidden');
    expect(within(card('Gate camera')).getByText(/2\.5 GB/)).toBeInTheDocument();

    expect(status('Quiet fence')).toHaveTextContent('Offline');
    expect(status('Quiet fence')).toHaveClass('pd-device__status--offline');
    expect(status('New fence')).toHaveTextContent('Waiting for the first report');
    // The summary counts by the same rule, above the compact cards too: dead, alarmed, paused and offline.
    expect(screen.getByTestId('attention-summary')).toHaveTextContent('4 devices need attention');
  });

  test('an offline device says Offline and greys its value (by colour, not opacity)', async () => {
    serve(
      deviceList({
        Smartplugs: [
          smartplug('Barn plug', { LastUplinkAt: hoursAgo(30), Connection: { Offline: true, LastSeenAt: hoursAgo(30) } } as never),
        ],
      }),
    );
    renderDevices('/devices');
    const barn = await screen.findByRole('article', { name: 'Barn plug' });
    expect(barn).toHaveClass('pd-device--offline');
    expect(status('Barn plug')).toHaveTextContent('Offline');
    expect(within(barn).queryByText('OK')).not.toBeInTheDocument();
    expect(within(barn).getByRole('switch', { name: /power/i })).toBeDisabled();
  });

  test('a plug: its load and its power switch, which switches from the compact card', async () => {
    const on = { PowerEnabled: true, DeviceConfig: { ...smartplug2('x').DeviceConfig, OutputPower: true } };
    serve(deviceList({ Smartplug2s: [smartplug2('Well pump', on)] }));
    const power = jest.spyOn(devicesApi, 'setPower').mockResolvedValue(smartplug2('Well pump') as never);
    const { user } = renderDevices('/devices');
    const pump = await screen.findByRole('article', { name: 'Well pump' });
    const toggle = within(pump).getByRole('switch', { name: /power/i });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(within(pump).getByText(/W$/)).toHaveClass('pd-compact__value');
    await user.click(toggle);
    await waitFor(() => expect(within(card('Well pump')).getByRole('switch', { name: /power/i })).toHaveAttribute('aria-checked', 'false'));
    expect(power).toHaveBeenCalledTimes(1);
    // The switch is its own target: the card's link did not take the farmer away.
    expect(currentLocation()).toBe('/devices');
  });

  test('its name opens the device’s page, as the detailed card’s settings button does', async () => {
    serve(deviceList({ Fencealarms: [fencealarm('North fence')] }));
    const { user } = renderDevices('/devices');
    const north = await screen.findByRole('article', { name: 'North fence' });
    const open = within(north).getByRole('link', { name: 'North fence' });
    expect(open).toHaveAttribute('href', '/fencealarm/356938035643801');
    await user.click(open);
    await waitFor(() => expect(currentLocation()).toBe('/fencealarm/356938035643801'));
    expect(localStorage.getItem('paddock.lastDeviceId')).toBe('356938035643801');
  });

  test('?id= brings the compact card into view and highlights it', async () => {
    serve(deviceList({ Fencealarms: [fencealarm('North fence')], Smartplugs: [smartplug('Barn plug')] }));
    renderDevices('/devices?id=356938035643803');
    const barn = await screen.findByRole('article', { name: 'Barn plug' });
    await waitFor(() => expect(jest.mocked(Element.prototype.scrollIntoView).mock.contexts).toContain(barn));
    expect(barn).toHaveClass('pd-device--highlighted');
    await act(async () => undefined);
  });
});
