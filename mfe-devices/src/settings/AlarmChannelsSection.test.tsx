// "Your alarm notifications for this device" on every settings page: the signed-in user's own channels, saved with
// the page, with a hint where the account keeps a channel off.
import { screen, within } from '@testing-library/react';
import type { User } from '@paddock/shared/contract';
import { impersonationAtom, paddockStore, userAtom } from '@paddock/shared/session';
import { farmcamSim, resetSession, sampleUser, smartplug } from '../common/testing';
import { mockSettingsApi, openSettings } from './testing';

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
});

const section = () => screen.getByRole('region', { name: 'Your alarm notifications for this device' });
const toggle = (name: string) => within(section()).getByRole('switch', { name });

test('shows the user’s own choice, and saves only a changed one, before the device', async () => {
  paddockStore.set(userAtom, { ...sampleUser, Phone: '+46 70 123 45 67', SmsNotifications: { Enabled: true, Balance: 12 }, PushNotifications: { Enabled: true, Tokens: [] } } as User);
  const api = mockSettingsApi(smartplug('Pump'));
  const { user } = await openSettings('/smartplug/356938035643803', 'SmartPlug Pump');
  expect(api.alarmChannels).toHaveBeenCalledWith('smartplug', '356938035643803', { background: true, silent: true });
  expect(await within(section()).findByRole('switch', { name: 'E-mail' })).toBeChecked();
  expect(toggle('SMS')).not.toBeChecked();
  expect(toggle('Push notifications')).not.toBeChecked();
  // Nothing in the account holds a channel back: no hints.
  expect(within(section()).queryByText(/account settings/)).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(api.setAlarmChannels).not.toHaveBeenCalled();
  expect(api.update).toHaveBeenCalledTimes(1);
});

test('a switched-on channel is saved for the user with the page', async () => {
  const api = mockSettingsApi(farmcamSim('Gate'));
  const { user } = await openSettings('/farmcam-sim/240071234567890', 'FarmCam SIM Gate');
  await user.click(await within(section()).findByRole('switch', { name: 'SMS' }));
  expect(toggle('SMS')).toBeChecked();
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(api.setAlarmChannels).toHaveBeenCalledWith('farmcam-sim', '240071234567890', { Email: true, Sms: true, Push: false }, { silent: true });
  expect(api.setAlarmChannels.mock.invocationCallOrder[0]).toBeLessThan(api.update.mock.invocationCallOrder[0]);
});

test('says why a channel would still send nothing: switched off in the account, no SMS left, no phone', async () => {
  paddockStore.set(userAtom, { ...sampleUser, EmailNotifications: { Billing: true, Device: false, Marketing: false }, SmsNotifications: { Enabled: true, Balance: 0 } } as User);
  mockSettingsApi(smartplug('Pump'), { channels: { Email: true, Sms: true, Push: true } });
  await openSettings('/smartplug/356938035643803', 'SmartPlug Pump');
  await within(section()).findByRole('switch', { name: 'SMS', checked: true });
  expect(within(section()).getByText('Device e-mails are switched off in your account settings.')).toBeInTheDocument();
  expect(within(section()).getByText('You have no SMS left: buy SMS in your account settings.')).toBeInTheDocument();
  expect(within(section()).getByText('Push notifications are switched off in your account settings.')).toBeInTheDocument();

  paddockStore.set(userAtom, { ...sampleUser, SmsNotifications: { Enabled: true, Balance: 3 } } as User);
  expect(await within(section()).findByText('Add your phone number in your account settings to get SMS.')).toBeInTheDocument();
  paddockStore.set(userAtom, { ...sampleUser, SmsNotifications: { Enabled: false, Balance: 3 } } as User);
  expect(await within(section()).findByText('SMS notifications are switched off in your account settings.')).toBeInTheDocument();
});

test('an admin acting as the user cannot choose for them', async () => {
  paddockStore.set(impersonationAtom, { User: sampleUser, ReturnTo: '/admin' });
  const api = mockSettingsApi(smartplug('Pump'));
  const { user } = await openSettings('/smartplug/356938035643803', 'SmartPlug Pump');
  expect(within(section()).getByText('Only greta@example.com can choose these, signed in as themselves.')).toBeInTheDocument();
  expect(within(section()).queryByRole('switch')).toBeNull();
  expect(api.alarmChannels).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(api.setAlarmChannels).not.toHaveBeenCalled();
});

test('a choice that cannot be loaded is said, and nothing is sent for it', async () => {
  const api = mockSettingsApi(smartplug('Pump'));
  api.alarmChannels.mockRejectedValue(new Error('offline'));
  const { user } = await openSettings('/smartplug/356938035643803', 'SmartPlug Pump');
  expect(await within(section()).findByText(/could not be loaded/)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(api.setAlarmChannels).not.toHaveBeenCalled();
});
