// The card's state at a glance (docs/product/states.md "State at a glance", issue 30): OK only when the device is fine and
// watched; a fence below its own level is low even with its alarm off; paused alarms are stated with the way to a plan;
// an offline device's values carry their age.
import { act, screen, within } from '@testing-library/react';
import { devicesApi } from '@paddock/shared/api';
import type { DeviceList } from '@paddock/shared/contract';
import { deviceList, fencealarm, fencealarm2, renderDevices, resetSession, smartplug } from '../common/testing';

function serve(list: DeviceList) {
  jest.spyOn(devicesApi, 'poll').mockResolvedValueOnce({ list, etag: '"v1"' }).mockResolvedValue({ list: null, etag: '"v1"' });
}

const card = (name: string) => screen.getByRole('article', { name });
const report = (Voltage: number, Timestamp = new Date().toISOString()) => ({ Timestamp, Data: { Voltage, Battery: 12.4, Rssi: -71 } });
const lapsed = { Trialing: false, ExpiresAt: '2026-01-01T00:00:00.000Z', PriceIds: { Current: '', Next: '' } };

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
});

afterEach(() => {
  jest.useRealTimers();
});

test('a FenceAlarm at 1,479 V with its alarm off is not OK: "Low fence voltage" in amber, with the reason in the warnings', async () => {
  serve(
    deviceList({
      Fencealarms: [
        fencealarm('Dead fence', { LastReport: report(1479), VoltageAlarm: { Enabled: false, Triggered: true, AlarmLevel: 5000 } }),
        fencealarm('Good fence', {
          Imei: '356938035643899',
          LastReport: report(6300),
          VoltageAlarm: { Enabled: false, Triggered: false, AlarmLevel: 5000 },
        }),
      ],
      Fencealarm2s: [fencealarm2('Lane fence', { Voltage: 1559, VoltageAlarm: { Enabled: false, Triggered: true, Threshold: 5010 } })],
    }),
  );
  const { user } = renderDevices('/devices');
  const dead = await screen.findByRole('article', { name: 'Dead fence' });
  expect(dead).toHaveClass('pd-device--attention');
  expect(within(dead).queryByText('OK')).not.toBeInTheDocument();
  expect(within(dead).getByText('Low fence voltage')).toBeInTheDocument();
  expect(within(card('Lane fence')).getByText('Low fence voltage')).toBeInTheDocument();
  expect(within(card('Good fence')).getByText('OK')).toBeInTheDocument();
  await user.click(within(dead).getByRole('button', { name: 'Show warnings' }));
  const dialog = screen.getByRole('dialog', { name: 'Warnings for Dead fence' });
  const items = within(dialog).getAllByRole('listitem');
  expect(items).toHaveLength(1);
  expect(items[0]).toHaveTextContent('Fence voltage is below the fence’s level, and no alarm is raised for it');
  // The summary above the cards counts by the same rule: the two low fences.
  expect(screen.getByTestId('attention-summary')).toHaveTextContent('2 devices need attention');
});

test('the same fence with its alarm on and raised shows the alarm, in red, once', async () => {
  serve(
    deviceList({
      Fencealarms: [
        fencealarm('Dead fence', { LastReport: report(1479), VoltageAlarm: { Enabled: true, Triggered: true, AlarmLevel: 5000 } }),
      ],
    }),
  );
  renderDevices('/devices');
  const dead = await screen.findByRole('article', { name: 'Dead fence' });
  expect(dead).toHaveClass('pd-device--warning');
  expect(within(dead).getByText('1 warning')).toBeInTheDocument();
});

test('a device whose alarms are paused says so, with a link to its settings where the plan is chosen, and is not OK', async () => {
  serve(deviceList({ Fencealarms: [fencealarm('North fence', { Subscription: lapsed })], Smartplugs: [smartplug('Barn plug')] }));
  renderDevices('/devices');
  const north = await screen.findByRole('article', { name: 'North fence' });
  expect(north).toHaveClass('pd-device--paused');
  expect(within(north).queryByText('OK')).not.toBeInTheDocument();
  expect(within(north).getByText('No warnings')).toBeInTheDocument();
  expect(within(north).getByRole('link', { name: 'Alarms paused — choose a plan' })).toHaveAttribute('href', '/fencealarm/356938035643801');
  // A watched device says nothing of it.
  expect(within(card('Barn plug')).queryByTestId('alarms-paused')).not.toBeInTheDocument();
  expect(within(card('Barn plug')).getByText('OK')).toBeInTheDocument();
  expect(screen.getByTestId('attention-summary')).toHaveTextContent('1 device needs attention');
});

test('a paused device in German says so in German', async () => {
  serve(deviceList({ Fencealarms: [fencealarm('Nordzaun', { Subscription: lapsed, LastReport: report(1500) })] }));
  renderDevices('/devices', { locale: 'de-DE' });
  const north = await screen.findByRole('article', { name: 'Nordzaun' });
  expect(within(north).getByText('Zaunspannung niedrig')).toBeInTheDocument();
  expect(within(north).getByRole('link', { name: 'Alarme pausiert – Tarif wählen' })).toBeInTheDocument();
});

test('an offline device’s values are greyed and carry their age, which moves on while the page is open', async () => {
  const now = new Date('2026-11-29T12:00:00.000Z');
  jest.useFakeTimers({ now });
  const measured = new Date(now.getTime() - 6 * 3_600_000 + 30_000).toISOString(); // 5 h 59 min 30 s before
  serve(
    deviceList({
      Fencealarms: [
        fencealarm('Hill fence', {
          LastReport: report(6400, measured),
          OfflineAlarm: { Triggered: true },
          Connection: { Offline: true, LastSeenAt: measured },
        }),
      ],
    }),
  );
  renderDevices('/devices', { fakeTimers: true });
  await act(async () => {});
  const hill = card('Hill fence');
  expect(hill).toHaveClass('pd-device--offline');
  expect(within(hill).getByText('Offline')).toBeInTheDocument();
  expect(within(hill).getByTestId('values-age')).toHaveTextContent('Values from 5 hours ago');
  await act(async () => jest.advanceTimersByTime(60_000));
  expect(within(hill).getByTestId('values-age')).toHaveTextContent('Values from 6 hours ago');
});

test('a live card shows no age and no paused line', async () => {
  serve(deviceList({ Fencealarms: [fencealarm('North fence')] }));
  renderDevices('/devices');
  const north = await screen.findByRole('article', { name: 'North fence' });
  expect(within(north).queryByTestId('values-age')).not.toBeInTheDocument();
  expect(within(north).queryByTestId('alarms-paused')).not.toBeInTheDocument();
  expect(screen.queryByTestId('attention-summary')).not.toBeInTheDocument();
});

// docs/product/billing.md "A declined renewal": the alarms keep working (no paused line, the alarm's real state), and
// the owner's card says the payment failed, with the way to the card update (Billing).
test('a declined renewal is stated as "Payment failed — update your card", with the alarms still working', async () => {
  // A trial that ended with a plan chosen; its renewal is retried (Current still '', Next the plan).
  const retrying = { Trialing: true, ExpiresAt: new Date(Date.now() - 3_600_000).toISOString(), PriceIds: { Current: '', Next: 'price_1' } };
  const RetryAt = new Date(Date.now() + 5 * 3_600_000).toISOString();
  serve(
    deviceList({
      Fencealarms: [
        fencealarm('North fence', {
          Subscription: retrying,
          Renewal: { PaymentFailed: true, RetryAt },
          LastReport: report(6300),
          VoltageAlarm: { Enabled: true, Triggered: false, AlarmLevel: 5000 },
        }),
      ],
    }),
  );
  renderDevices('/devices');
  const north = await screen.findByRole('article', { name: 'North fence' });
  expect(within(north).getByRole('link', { name: 'Payment failed — update your card' })).toHaveAttribute('href', '/billing');
  expect(within(north).queryByTestId('alarms-paused')).not.toBeInTheDocument();
  expect(within(north).getByText('OK')).toBeInTheDocument();
  expect(screen.getByTestId('attention-summary')).toHaveTextContent('1 device needs attention');
});

test('the owner’s card says when a trial ends in its last 7 days, and that the alarms are paused once it has ended', async () => {
  jest.useFakeTimers({ advanceTimers: true });
  const ExpiresAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
  serve(deviceList({ Fencealarms: [fencealarm('North fence', { Subscription: { Trialing: true, ExpiresAt, PriceIds: { Current: '', Next: '' } } })] }));
  renderDevices('/devices', { locale: 'sv-SE' });
  const north = await screen.findByRole('article', { name: 'North fence' });
  const line = within(north).getByTestId('trial-ends');
  expect(within(line).getByRole('link')).toHaveTextContent(/^Provperioden slutar \d+ \w+ – välj abonnemang$/);
  expect(within(line).getByRole('link')).toHaveAttribute('href', '/fencealarm/356938035643801');
  expect(within(north).queryByTestId('alarms-paused')).not.toBeInTheDocument();
  // The end passes with no new reply from the server: the card turns to paused by itself.
  await act(async () => {
    jest.advanceTimersByTime(3 * 86_400_000 + 2_000);
  });
  expect(within(north).getByRole('link', { name: 'Larmen är pausade – välj abonnemang' })).toBeInTheDocument();
  expect(within(north).queryByTestId('trial-ends')).not.toBeInTheDocument();
});

test('a shared user’s card says nothing of the owner’s trial end', async () => {
  const ExpiresAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
  serve(
    deviceList({
      Fencealarms: [
        fencealarm('North fence', {
          Subscription: { Trialing: true, ExpiresAt, PriceIds: { Current: '', Next: '' } },
          Metadata: { Name: 'North fence', Tags: [], OwnerEmail: 'someone@example.com', Access: ['someone@example.com', 'greta@example.com'], Notify: [], Owner: 'u9' },
        }),
      ],
    }),
  );
  renderDevices('/devices');
  const north = await screen.findByRole('article', { name: 'North fence' });
  expect(within(north).queryByTestId('trial-ends')).not.toBeInTheDocument();
});
