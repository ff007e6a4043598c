// The alarm log page (docs/product/alarm-log.md) and its link from the dashboard's warnings dialog.
import { screen, within } from '@testing-library/react';
import { alarmLogApi, devicesApi } from '@paddock/shared/api';
import type { AlarmOccurrence } from '@paddock/shared/contract';
import { apiError, currentLocation, deviceList, fencealarm, renderDevices, resetSession } from '../common/testing';

const KEY = '356938035643801';

const occurrence = (patch: Partial<AlarmOccurrence> = {}): AlarmOccurrence => ({
  Id: '6f1c2a52-7d0e-4d0e-9a55-1d2c3b4a5f60',
  Device: { Product: 'fencealarm', Key: KEY, Name: 'North fence' },
  Alarm: 'fence_voltage',
  RaisedAt: '2026-11-28T10:00:00.000Z',
  Value: 2000,
  Unit: 'V',
  ClearedAt: null,
  AcknowledgedAt: null,
  AcknowledgedBy: null,
  TimeZone: 'Europe/Stockholm',
  Deliveries: [
    {
      To: { Name: 'Greta', Email: 'greta@example.com' },
      Channel: 'email',
      Event: 'triggered',
      At: '2026-11-28T10:00:00.000Z',
      Status: 'delivered',
    },
    { To: { Name: '', Email: 'olle@example.com' }, Channel: 'sms', Event: 'triggered', At: '2026-11-28T10:00:00.000Z', Status: 'failed' },
  ],
  ...patch,
});

const page = (occurrences: AlarmOccurrence[], next: string | null = null) => ({ Occurrences: occurrences, Next: next });
const online = (value: boolean) => jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
});

test('lists each alarm with its device, times on the owner’s clock, and who was told by which channel, delivered or not', async () => {
  const list = jest
    .spyOn(alarmLogApi, 'list')
    .mockResolvedValue(
      page([
        occurrence(),
        occurrence({
          Id: '7f1c2a52-7d0e-4d0e-9a55-1d2c3b4a5f61',
          Alarm: 'offline',
          Value: null,
          Unit: null,
          ClearedAt: '2026-11-27T09:30:00.000Z',
          RaisedAt: '2026-11-27T08:00:00.000Z',
          Deliveries: [],
        }),
      ]),
    );
  renderDevices('/devices/alarms');
  const voltage = await screen.findByRole('article', { name: 'Fence voltage low' });
  expect(list).toHaveBeenCalledWith('u1', { device: undefined }, { silent: true });
  expect(within(voltage).getByRole('link', { name: 'North fence' })).toHaveAttribute('href', `/devices/alarms?device=${KEY}`);
  // 10:00 UTC is 11:00 in Stockholm in November.
  expect(within(voltage).getByText(/^Raised .*11:00/)).toBeInTheDocument();
  expect(within(voltage).getByText('Still on')).toBeInTheDocument();
  expect(within(voltage).getByText('Value: 2,000 V')).toBeInTheDocument();
  expect(within(voltage).getByText('Greta · E-mail · alarm · delivered')).toBeInTheDocument();
  expect(within(voltage).getByText('olle@example.com · SMS · alarm · failed')).toBeInTheDocument();
  const offline = screen.getByRole('article', { name: 'Device offline' });
  expect(within(offline).getByText(/^Cleared .*10:30/)).toBeInTheDocument();
  expect(within(offline).getByText('Nobody was told (no one on the notify list had a channel on).')).toBeInTheDocument();
});

test('Acknowledge stops the reminders: the card then says who acknowledged it and when', async () => {
  jest.spyOn(alarmLogApi, 'list').mockResolvedValue(page([occurrence()]));
  const acknowledge = jest
    .spyOn(alarmLogApi, 'acknowledge')
    .mockResolvedValue(
      occurrence({ AcknowledgedAt: '2026-11-28T10:05:00.000Z', AcknowledgedBy: { Name: 'Greta', Email: 'greta@example.com' } }),
    );
  const { user } = renderDevices('/devices/alarms');
  const card = await screen.findByRole('article', { name: 'Fence voltage low' });
  expect(within(card).getByText('Stops the reminders of this alarm for everyone.')).toBeInTheDocument();
  await user.click(within(card).getByRole('button', { name: 'Acknowledge' }));
  expect(acknowledge).toHaveBeenCalledWith('6f1c2a52-7d0e-4d0e-9a55-1d2c3b4a5f60', { silent: true });
  expect(await within(card).findByText(/^Acknowledged by Greta at .*11:05/)).toBeInTheDocument();
  expect(within(card).queryByRole('button', { name: 'Acknowledge' })).not.toBeInTheDocument();
});

test('a refused acknowledgement says why on the card', async () => {
  jest.spyOn(alarmLogApi, 'list').mockResolvedValue(page([occurrence()]));
  jest.spyOn(alarmLogApi, 'acknowledge').mockRejectedValue(apiError(404, 'not_found', 'Not found.'));
  const { user } = renderDevices('/devices/alarms');
  const card = await screen.findByRole('article', { name: 'Fence voltage low' });
  await user.click(within(card).getByRole('button', { name: 'Acknowledge' }));
  expect(await within(card).findByText('Could not acknowledge: Not found.')).toBeInTheDocument();
});

test('pages with Load more, newest first', async () => {
  const list = jest
    .spyOn(alarmLogApi, 'list')
    .mockResolvedValueOnce(page([occurrence()], 'next-page'))
    .mockResolvedValueOnce(page([occurrence({ Id: '8f1c2a52-7d0e-4d0e-9a55-1d2c3b4a5f62', Alarm: 'low_battery', Value: 11.2 })]));
  const { user } = renderDevices('/devices/alarms');
  await screen.findByRole('article', { name: 'Fence voltage low' });
  await user.click(screen.getByRole('button', { name: 'Load more' }));
  expect(await screen.findByRole('article', { name: 'Battery low' })).toBeInTheDocument();
  expect(list).toHaveBeenLastCalledWith('u1', { device: undefined, cursor: 'next-page' }, { silent: true });
  expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Fence voltage low', 'Battery low']);
  expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
});

test('one device’s log, with the way to every device’s; an empty log says what it will hold', async () => {
  const list = jest.spyOn(alarmLogApi, 'list').mockResolvedValue(page([]));
  renderDevices(`/devices/alarms?device=${KEY}`);
  expect(await screen.findByText(/^No alarms yet/)).toBeInTheDocument();
  expect(list).toHaveBeenCalledWith('u1', { device: KEY }, { silent: true });
  expect(screen.getByRole('link', { name: 'All devices' })).toHaveAttribute('href', '/devices/alarms');
});

test('a failed load says why, and Try again loads it', async () => {
  const list = jest
    .spyOn(alarmLogApi, 'list')
    .mockRejectedValueOnce(apiError(500, 'internal', ''))
    .mockResolvedValueOnce(page([occurrence()]));
  const { user } = renderDevices('/devices/alarms');
  expect(await screen.findByText(/^The alarm log could not be loaded/)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('article', { name: 'Fence voltage low' })).toBeInTheDocument();
  expect(list).toHaveBeenCalledTimes(2);
});

test('without a connection it says so and asks nothing of the server', async () => {
  online(false);
  const list = jest.spyOn(alarmLogApi, 'list').mockResolvedValue(page([]));
  renderDevices('/devices/alarms');
  expect(await screen.findByText('No connection. The alarm log shows once you are online again.')).toBeInTheDocument();
  expect(list).not.toHaveBeenCalled();
});

test('the dashboard’s warnings dialog links to the device’s alarm log', async () => {
  jest.spyOn(alarmLogApi, 'list').mockResolvedValue(page([occurrence()]));
  jest
    .spyOn(devicesApi, 'poll')
    .mockResolvedValueOnce({
      list: deviceList({
        Fencealarms: [fencealarm('North fence', { VoltageAlarm: { Enabled: true, Triggered: true, AlarmLevel: 3000 } })],
      }),
      etag: '"v1"',
    })
    .mockResolvedValue({ list: null, etag: '"v1"' });
  const { user } = renderDevices('/devices');
  const card = await screen.findByRole('article', { name: 'North fence' });
  await user.click(within(card).getByRole('button', { name: 'Show warnings' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Warnings for North fence' })).getByRole('link', { name: 'Alarm log' }));
  expect(await screen.findByRole('heading', { name: 'Alarm log', level: 1 })).toBeInTheDocument();
  expect(currentLocation()).toBe(`/devices/alarms?device=${KEY}`);
});
