import { act, screen, waitFor, within } from '@testing-library/react';
import { billingApi, devicesApi } from '@paddock/shared/api';
import { samplePrices } from '@paddock/shared/testing/fixtures';
import type { DeviceList } from '@paddock/shared/contract';
import {
  apiError,
  currentLocation,
  deviceList,
  farmcamSim,
  fencealarm,
  fencealarm2,
  renderDevices,
  resetSession,
  smartplug,
  smartplug2,
  toastTexts,
} from '../common/testing';

function serve(...lists: DeviceList[]) {
  const poll = jest.spyOn(devicesApi, 'poll');
  for (const list of lists) poll.mockResolvedValueOnce({ list, etag: '"v1"' });
  poll.mockResolvedValue({ list: null, etag: '"v1"' });
  return poll;
}

const card = (name: string) => screen.getByRole('article', { name });
const groupNames = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.firstChild?.textContent);
const cardNames = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
  Element.prototype.scrollIntoView = jest.fn();
});

afterEach(() => {
  jest.useRealTimers();
});

test('groups by product type in product order, sorted by name within a group', async () => {
  serve(
    deviceList({
      Smartplugs: [
        smartplug('Pump', { Imei: '356938035643811' }),
        smartplug('Heater 10', { Imei: '356938035643812' }),
        smartplug('heater 9', { Imei: '356938035643813' }),
      ],
      Fencealarms: [fencealarm('North fence')],
      FarmcamSims: [farmcamSim('Gate camera')],
    }),
  );
  renderDevices('/devices');
  await screen.findByRole('article', { name: 'Pump' });
  expect(groupNames()).toEqual(['FarmCam SIM', 'FenceAlarm', 'SmartPlug']);
  expect(cardNames()).toEqual(['Gate camera', 'North fence', 'heater 9', 'Heater 10', 'Pump']);
  expect(screen.getByRole('heading', { name: /SmartPlug/ })).toHaveTextContent('3 devices');
});

test('the empty state leads to registration', async () => {
  serve(deviceList());
  const { user } = renderDevices('/devices');
  expect(await screen.findByText('No devices yet')).toBeInTheDocument();
  await user.click(screen.getAllByRole('button', { name: 'Register a device' })[1]);
  await waitFor(() => expect(currentLocation()).toBe('/devices/register'));
});

test('the empty state names FarmCam SIM only where the variant offers it (not on the partner host)', async () => {
  serve(deviceList());
  const { unmount } = renderDevices('/devices');
  expect(await screen.findByText(/Register your first FarmCam SIM, FenceAlarm or SmartPlug/)).toBeInTheDocument();
  unmount();
  document.documentElement.dataset.variant = 'partner';
  try {
    serve(deviceList());
    renderDevices('/devices');
    expect(await screen.findByText('Register your first FenceAlarm or SmartPlug to see how it is doing here.')).toBeInTheDocument();
    expect(screen.queryByText(/FarmCam/)).not.toBeInTheDocument();
  } finally {
    delete document.documentElement.dataset.variant;
  }
});

test('tag chips toggle the filter; system tags (product, e-mail) are no chips', async () => {
  serve(
    deviceList({
      Fencealarms: [fencealarm('North fence', {}, ['North'])],
      Smartplugs: [smartplug('Barn plug', {}, ['Barn'])],
      Smartplug2s: [smartplug2('Pump plug', {}, ['North', 'Barn'])],
    }),
  );
  const { user } = renderDevices('/devices');
  await screen.findByRole('article', { name: 'Barn plug' });
  const chips = within(screen.getByRole('group', { name: 'Filter by tag' }));
  expect(chips.getAllByRole('button').map((b) => b.textContent)).toEqual(['Barn', 'North']);
  await user.click(chips.getByRole('button', { name: 'North' }));
  expect(chips.getByRole('button', { name: 'North' })).toHaveAttribute('aria-pressed', 'true');
  expect(cardNames()).toEqual(['North fence', 'Pump plug']);
  await user.click(chips.getByRole('button', { name: 'Barn' }));
  expect(cardNames()).toEqual(['North fence', 'Barn plug', 'Pump plug']);
  await user.click(chips.getByRole('button', { name: 'North' }));
  await user.click(chips.getByRole('button', { name: 'Barn' }));
  expect(cardNames()).toHaveLength(3);
});

test('a card with warnings flashes an icon that opens the warnings dialog', async () => {
  serve(
    deviceList({
      Fencealarms: [
        fencealarm('North fence', {
          VoltageAlarm: { Enabled: true, Triggered: true, AlarmLevel: 3000 },
          OfflineAlarm: { Triggered: true },
        }),
        fencealarm('South fence', { Imei: '356938035643899', VoltageAlarm: { Enabled: false, Triggered: true, AlarmLevel: 3000 } }),
      ],
      FarmcamSims: [farmcamSim('Gate camera', { RemainingData: 10_000_000 })],
    }),
  );
  const { user } = renderDevices('/devices');
  await screen.findByRole('article', { name: 'North fence' });
  // Triggered but not enabled: no warning.
  expect(within(card('South fence')).queryByRole('button', { name: 'Show warnings' })).not.toBeInTheDocument();
  expect(within(card('South fence')).getByText('OK')).toBeInTheDocument();
  expect(within(card('North fence')).getByText('Offline')).toBeInTheDocument();
  await user.click(within(card('North fence')).getByRole('button', { name: 'Show warnings' }));
  const dialog = screen.getByRole('dialog', { name: 'Warnings for North fence' });
  const items = within(dialog).getAllByRole('listitem');
  expect(items).toHaveLength(2);
  expect(items[0]).toHaveTextContent('Fence voltage is below the alarm level');
  expect(items[1]).toHaveTextContent('Offline: the device has not reported for too long');
  await user.click(within(dialog).getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(within(card('Gate camera')).getByText('1 warning')).toBeInTheDocument();
  await user.click(within(card('Gate camera')).getByRole('button', { name: 'Show warnings' }));
  expect(within(screen.getByRole('dialog', { name: 'Warnings for Gate camera' })).getByText('Low data')).toBeInTheDocument();
});

test('footer: logs and settings lead to the device pages', async () => {
  serve(deviceList({ Fencealarm2s: [fencealarm2('East fence')] }));
  renderDevices('/devices');
  const east = await screen.findByRole('article', { name: 'East fence' });
  expect(within(east).getByRole('link', { name: 'Logs' })).toHaveAttribute('href', '/fencealarm2/356938035643802/logs');
  expect(within(east).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/fencealarm2/356938035643802');
  expect(within(east).queryByRole('switch')).not.toBeInTheDocument();
});

describe('power toggle', () => {
  test('busy while the plug is asked, then the icon swaps and a tick shows', async () => {
    serve(deviceList({ Smartplugs: [smartplug('Barn plug', { PowerEnabled: true })] }));
    let answer!: (value: unknown) => void;
    const setPower = jest.spyOn(devicesApi, 'setPower').mockImplementation(() => new Promise((resolve) => (answer = resolve)) as never);
    const { user } = renderDevices('/devices');
    const barn = await screen.findByRole('article', { name: 'Barn plug' });
    const power = within(barn).getByRole('switch', { name: 'Power' });
    expect(power).toBeChecked();
    await user.click(power);
    // No loading overlay and no connection-failure page for a device command (docs/product/errors.md).
    expect(setPower).toHaveBeenCalledWith('smartplug', '356938035643803', false, {
      background: true,
      optional: true,
      silent: true,
      headers: { 'idempotency-key': expect.any(String) },
    });
    expect(power).toBeDisabled();
    expect(power).toHaveAttribute('aria-busy', 'true');
    await act(async () => answer(smartplug('Barn plug', { PowerEnabled: false })));
    expect(power).not.toBeChecked();
    expect(power).toBeEnabled();
    expect(within(barn).getByText('Switched Off')).toBeInTheDocument();
  });

  test('each tap names itself with a new Idempotency-Key (docs/protocol.md "Commands are idempotent")', async () => {
    serve(deviceList({ Smartplugs: [smartplug('Barn plug', { PowerEnabled: true })] }));
    const setPower = jest.spyOn(devicesApi, 'setPower').mockRejectedValue(apiError(408, 'device_timeout', ''));
    const { user } = renderDevices('/devices');
    const power = within(await screen.findByRole('article', { name: 'Barn plug' })).getByRole('switch', { name: 'Power' });
    await user.click(power);
    await waitFor(() => expect(power).toBeEnabled());
    await user.click(power);
    await waitFor(() => expect(setPower).toHaveBeenCalledTimes(2));
    const keys = setPower.mock.calls.map(([, , , options]) => options?.headers?.['idempotency-key']);
    expect(keys[0]).toMatch(/^[\x21-\x7E]{16,255}$/);
    expect(keys[1]).toMatch(/^[\x21-\x7E]{16,255}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  test('SmartPlug2 switches through OutputPower; a time-out leaves it as it was and is told on that card only', async () => {
    serve(
      deviceList({
        Smartplug2s: [smartplug2('Pump plug', { PowerEnabled: false }), smartplug2('Trough plug', { Imei: '356938035643805' })],
      }),
    );
    const setPower = jest.spyOn(devicesApi, 'setPower').mockRejectedValue(apiError(408, 'timeout', ''));
    const { user } = renderDevices('/devices');
    const pump = await screen.findByRole('article', { name: 'Pump plug' });
    const power = within(pump).getByRole('switch', { name: 'Power' });
    await user.click(power);
    expect(setPower).toHaveBeenCalledWith('smartplug2', '356938035643804', true, {
      background: true,
      optional: true,
      silent: true,
      headers: { 'idempotency-key': expect.any(String) },
    });
    await waitFor(() => expect(power).toBeEnabled());
    expect(power).not.toBeChecked();
    expect(within(pump).queryByText(/Switched/)).not.toBeInTheDocument();
    expect(within(pump).getByRole('alert')).toHaveTextContent('The plug did not answer, so it was not switched. Try again later.');
    expect(within(card('Trough plug')).queryByRole('alert')).not.toBeInTheDocument();
    expect(toastTexts()).toEqual([]);
    // Dismissed by hand, or cleared by the next try.
    await user.click(within(pump).getByRole('button', { name: 'Close' }));
    expect(within(pump).queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a plug the server knows is offline: its card says so with the local time it was last seen, and greys out', async () => {
    const seen = '2026-03-02T06:30:00.000Z';
    serve(deviceList({ Smartplugs: [smartplug('Barn plug', { PowerEnabled: true, Connection: { Offline: false, LastSeenAt: seen } })] }));
    jest
      .spyOn(devicesApi, 'setPower')
      .mockRejectedValue(apiError(409, 'device_offline', 'The plug is offline (last report: 2 Mar 2026, 06:30 UTC).', 'PowerEnabled'));
    const get = jest
      .spyOn(devicesApi, 'get')
      .mockResolvedValue(smartplug('Barn plug', { PowerEnabled: true, Connection: { Offline: true, LastSeenAt: seen } }) as never);
    const { user } = renderDevices('/devices');
    const barn = await screen.findByRole('article', { name: 'Barn plug' });
    await user.click(within(barn).getByRole('switch', { name: 'Power' }));
    const time = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(
      new Date(seen),
    );
    expect(await within(barn).findByRole('alert')).toHaveTextContent(`The plug is offline (last seen ${time}), so it was not switched.`);
    expect(get).toHaveBeenCalledWith('smartplug', '356938035643803', { background: true, optional: true, silent: true });
    expect(barn).toHaveClass('pd-device--offline');
    expect(within(barn).getByText('Offline')).toBeInTheDocument();
    expect(within(barn).getByTestId('last-seen')).toHaveTextContent(`Last seen ${time}`);
    expect(within(barn).getByRole('switch', { name: 'Power' })).toBeDisabled();
    expect(toastTexts()).toEqual([]);
  });
});

describe('connection (docs/product/devices.md)', () => {
  test('an offline card is greyed with "last seen" and its switch is disabled', async () => {
    serve(deviceList({ Smartplugs: [smartplug('Barn plug', { Connection: { Offline: true, LastSeenAt: '2026-03-02T06:30:00.000Z' } })] }));
    renderDevices('/devices');
    const barn = await screen.findByRole('article', { name: 'Barn plug' });
    expect(barn).toHaveClass('pd-device--offline');
    expect(within(barn).getByText('Offline')).toBeInTheDocument();
    expect(within(barn).getByTestId('last-seen')).toHaveTextContent(/^Last seen 2 Mar/);
    expect(within(barn).getByRole('switch', { name: 'Power' })).toBeDisabled();
  });

  test('a device that never reported waits for its first report instead of saying OK; offline, it says there is no report yet', async () => {
    serve(
      deviceList({
        Fencealarms: [fencealarm('New fence', { Connection: { Offline: false, LastSeenAt: null } })],
        Smartplugs: [smartplug('New plug', { Connection: { Offline: true, LastSeenAt: null } })],
      }),
    );
    renderDevices('/devices');
    const fence = await screen.findByRole('article', { name: 'New fence' });
    expect(within(fence).getByText('Waiting for the first report')).toBeInTheDocument();
    expect(within(fence).queryByText('OK')).not.toBeInTheDocument();
    expect(within(card('New plug')).getByTestId('last-seen')).toHaveTextContent('No report yet');
  });
});

describe('refresh', () => {
  test('polls every 5 s while shown, keeps the list on 304, and stops on leaving', async () => {
    jest.useFakeTimers();
    const poll = jest
      .spyOn(devicesApi, 'poll')
      .mockResolvedValueOnce({ list: deviceList({ Fencealarms: [fencealarm('North fence')] }), etag: '"v1"' })
      .mockResolvedValueOnce({ list: null, etag: '"v1"' })
      .mockResolvedValueOnce({
        list: deviceList({
          Fencealarms: [
            fencealarm('North fence', {
              LastReport: { Timestamp: '2026-11-22T10:20:00Z', Data: { Voltage: 4100, Battery: 12, Rssi: -70 } },
            }),
          ],
        }),
        etag: '"v2"',
      })
      .mockResolvedValue({ list: null, etag: '"v2"' });
    const { unmount } = renderDevices('/devices', { fakeTimers: true });
    await act(async () => {});
    expect(poll).toHaveBeenCalledTimes(1);
    expect(poll).toHaveBeenLastCalledWith('u1', null, { background: false, silent: false, optional: true });
    expect(within(card('North fence')).getByText('6,200 V')).toBeInTheDocument();

    await act(async () => jest.advanceTimersByTime(5000));
    expect(poll).toHaveBeenCalledTimes(2);
    expect(poll).toHaveBeenLastCalledWith('u1', '"v1"', { background: true, silent: true, optional: true });
    expect(within(card('North fence')).getByText('6,200 V')).toBeInTheDocument();

    await act(async () => jest.advanceTimersByTime(4999));
    expect(poll).toHaveBeenCalledTimes(2);
    await act(async () => jest.advanceTimersByTime(1));
    expect(poll).toHaveBeenCalledTimes(3);
    expect(within(card('North fence')).getByText('4,100 V')).toBeInTheDocument();

    unmount();
    await act(async () => jest.advanceTimersByTime(20_000));
    expect(poll).toHaveBeenCalledTimes(3);
  });

  test('skips polls while the page is hidden and refreshes at once when it shows again', async () => {
    jest.useFakeTimers();
    const poll = serve(deviceList({ Fencealarms: [fencealarm('North fence')] }));
    renderDevices('/devices', { fakeTimers: true });
    await act(async () => {});
    expect(poll).toHaveBeenCalledTimes(1);
    Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    await act(async () => jest.advanceTimersByTime(15_000));
    expect(poll).toHaveBeenCalledTimes(1);
    Object.defineProperty(document, 'hidden', { value: false, configurable: true });
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));
    expect(poll).toHaveBeenCalledTimes(2);
    await act(async () => jest.advanceTimersByTime(5000));
    expect(poll).toHaveBeenCalledTimes(3);
  });
});

test('?id= scrolls to that card and highlights it', async () => {
  serve(deviceList({ Smartplugs: [smartplug('Barn plug')], Fencealarms: [fencealarm('North fence')] }));
  renderDevices('/devices?id=356938035643803');
  const barn = await screen.findByRole('article', { name: 'Barn plug' });
  await waitFor(() => expect(barn.scrollIntoView).toHaveBeenCalledTimes(1));
  expect(jest.mocked(Element.prototype.scrollIntoView).mock.contexts[0]).toBe(barn);
  expect(barn).toHaveClass('pd-device--highlighted');
  expect(barn).toHaveFocus();
  expect(card('North fence')).not.toHaveClass('pd-device--highlighted');
  // docs/product/screens.md: a signed-in user landing on / comes back to this device.
  expect(localStorage.getItem('paddock.lastDeviceId')).toBe('356938035643803');
});

test('a failed first load says so', async () => {
  jest.spyOn(devicesApi, 'poll').mockRejectedValue(apiError(400, 'x', 'nope'));
  renderDevices('/devices');
  expect(await screen.findByText(/could not be loaded/)).toBeInTheDocument();
  expect(toastTexts()).toEqual([]);
});

test("a FarmCam SIM's card names its plan from the catalogue", async () => {
  const prices = jest.spyOn(billingApi, 'prices').mockResolvedValue(samplePrices);
  const running = {
    Trialing: false,
    ExpiresAt: '2099-01-01T00:00:00.000Z',
    PriceIds: { Current: samplePrices.FarmcamSimMedium.Id, Next: '' },
  };
  serve(deviceList({ FarmcamSims: [farmcamSim('Gate camera', { Subscription: running })] }));
  renderDevices('/devices');
  await waitFor(() => expect(within(card('Gate camera')).getByText('5 GB · Ends 1 Jan 2099')).toBeInTheDocument());
  expect(prices).toHaveBeenCalledTimes(1);
});

test('a list without FarmCam SIMs does not fetch the price catalogue', async () => {
  const prices = jest.spyOn(billingApi, 'prices').mockResolvedValue(samplePrices);
  serve(deviceList({ Fencealarms: [fencealarm('North fence')] }));
  renderDevices('/devices');
  await screen.findByRole('article', { name: 'North fence' });
  expect(prices).not.toHaveBeenCalled();
});

describe('layout, pictures and trend lines (docs/product/screens.md /devices)', () => {
  const NOW = Date.now();
  const points = (values: number[]) => values.map((Value, i) => ({ At: new Date(NOW - (values.length - i) * 600_000).toISOString(), Value }));

  test('small groups flow side by side: each group says how many cards it holds (up to 4)', async () => {
    serve(
      deviceList({
        Smartplugs: ['A', 'B', 'C', 'D', 'E'].map((name, i) => smartplug(name, { Imei: `35693803564381${i}` })),
        Fencealarms: [fencealarm('North fence')],
      }),
    );
    renderDevices('/devices');
    await screen.findByRole('article', { name: 'North fence' });
    const fenceGroup = screen.getByRole('region', { name: /FenceAlarm/ });
    const plugGroup = screen.getByRole('region', { name: /SmartPlug/ });
    expect(fenceGroup.parentElement).toBe(plugGroup.parentElement);
    expect(fenceGroup.parentElement).toHaveClass('pd-device-groups');
    expect(fenceGroup.style.getPropertyValue('--pd-group-cards')).toBe('1');
    expect(plugGroup.style.getPropertyValue('--pd-group-cards')).toBe('4');
  });

  test('every card has its product’s picture, the generations each their own', async () => {
    serve(
      deviceList({
        Fencealarms: [fencealarm('One')],
        Fencealarm2s: [fencealarm2('Two')],
        Smartplugs: [smartplug('Three')],
        Smartplug2s: [smartplug2('Four')],
        FarmcamSims: [farmcamSim('Five')],
      }),
    );
    renderDevices('/devices');
    await screen.findByRole('article', { name: 'Five' });
    const pictureOf = (name: string) => card(name).querySelector('svg.pd-picture');
    const drawings = ['One', 'Two', 'Three', 'Four', 'Five'].map((name) => pictureOf(name)?.innerHTML);
    expect(new Set(drawings).size).toBe(5);
    expect(pictureOf('One')).toHaveAttribute('aria-hidden', 'true');
  });

  test('one call brings every card’s trend line, drawn once it is there; a device without readings keeps an empty box', async () => {
    serve(deviceList({ Fencealarms: [fencealarm('North fence', { Imei: '356938035643801' })], Smartplugs: [smartplug('Pump', { Imei: '356938035643811' })] }));
    const trends = jest.spyOn(devicesApi, 'trends').mockResolvedValue({
      To: new Date(NOW).toISOString(),
      Trends: [{ Key: '356938035643801', Field: 'Voltage', Points: points([5000, 5200, 4800, 6000]) }],
    });
    renderDevices('/devices');
    const fence = await screen.findByRole('article', { name: 'North fence' });
    // The line is named with its extremes, which also stand beside it (issue 30: readable on a phone).
    const line = await within(fence).findByRole('img', { name: 'Trend of the last 6 hours: from 4,800 V to 6,000 V' });
    expect(line.querySelector('polyline')?.getAttribute('points')?.split(' ')).toHaveLength(4);
    expect(within(fence).getByTestId('trend-range')).toHaveTextContent(/^6,000 V\s*4,800 V$/);
    expect(within(card('Pump')).queryByRole('img', { name: /^Trend of the last 6 hours/ })).not.toBeInTheDocument();
    expect(within(card('Pump')).getByTestId('trend')).toBeInTheDocument();
    expect(trends).toHaveBeenCalledTimes(1);
    expect(trends).toHaveBeenCalledWith('u1', { background: true, silent: true, optional: true });
  });

  test('a failed trend call leaves the cards as they are, without a toast', async () => {
    serve(deviceList({ Fencealarms: [fencealarm('North fence')] }));
    jest.spyOn(devicesApi, 'trends').mockRejectedValue(apiError(500, 'internal_error', 'Boom'));
    renderDevices('/devices');
    await screen.findByRole('article', { name: 'North fence' });
    await act(async () => undefined);
    expect(screen.queryByRole('img', { name: /^Trend of the last 6 hours/ })).not.toBeInTheDocument();
    expect(toastTexts()).toEqual([]);
  });
});
