import { screen, waitFor, within } from '@testing-library/react';
import { currentLocation, renderDevices, resetSession, smartplug2, toastTexts } from '../../common/testing';
import { mockBrowserTimeZone } from '../../settings/rules/testing';
import { expectedMetadata, mockSettingsApi, openSettings } from '../../settings/testing';

const IMEI = '356938035643804';
const PATH = `/smartplug2/${IMEI}`;
const TITLE = 'SmartPlug2 Heater';
const lapsed = { Trialing: false, ExpiresAt: '2020-01-01T00:00:00.000Z', PriceIds: { Current: '', Next: '' } };

/** A SmartPlug2 that is switched on (OutputPower) with settings away from the defaults. Timer saved in Berlin time. */
const heater = (patch: Parameters<typeof smartplug2>[1] = {}) =>
  smartplug2('Heater', {
    PowerEnabled: true,
    DeviceConfig: { OutputPower: true, AuditoryFeedback: false, PowerLoadAlarm: { Lower: 50, Upper: 2500 } },
    PowerFailureNotification: { Enabled: true, Triggered: false },
    PowerLoadAlarmNotification: { Enabled: false, Triggered: false },
    ConsumptionNotification: { Enabled: true, Triggered: false },
    Timer: { Enabled: false, On: ['0 16 0,6'], Off: [], TimeZone: 'Europe/Berlin' },
    ...patch,
  });

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
  // The farmer is in Stockholm, which keeps Berlin's offset all year: the Berlin rules show at the same times.
  mockBrowserTimeZone('Europe/Stockholm');
});

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const selected = (label: string) => select(label).selectedOptions[0]?.textContent;
const save = () => screen.getByRole('button', { name: 'Save' });
const NOTIFICATIONS = ['Power-failure notification', 'Power-load notification', 'Consumption notification'];

test('shows the plug’s settings', async () => {
  const api = mockSettingsApi(heater());
  await openSettings(PATH, TITLE);
  expect(api.get).toHaveBeenCalledWith('smartplug2', IMEI, expect.anything());
  expect(screen.getByRole('switch', { name: 'Sound feedback' })).not.toBeChecked();
  expect(screen.getByLabelText('Lower limit (W)')).toHaveValue('50');
  expect(screen.getByLabelText('Upper limit (W)')).toHaveValue('2500');
  expect(NOTIFICATIONS.map(selected)).toEqual(['On', 'Off', 'On']);
  expect(screen.getByRole('switch', { name: 'Use the timer' })).not.toBeChecked();
  const rules = within(screen.getByRole('list', { name: 'Timer rules' })).getAllByRole('listitem');
  expect(rules.map((li) => li.querySelector('.pd-rules__when')?.textContent)).toEqual(['16:00']);
  expect(screen.getByText(/These rules were saved in Europe\/Berlin time/)).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Your week' })).toHaveTextContent('Sat16:00 On');
  expect(screen.queryByText(/Alarms are off/)).not.toBeInTheDocument();
  // No thermostat on a SmartPlug2.
  expect(screen.queryByRole('region', { name: 'Thermostat' })).not.toBeInTheDocument();
});

test('Save sends the SmartPlug2 body: DeviceConfig without OutputPower, notifications, timer, nested Metadata', async () => {
  const device = heater();
  const api = mockSettingsApi(device);
  const { user } = await openSettings(PATH, TITLE);
  await user.click(screen.getByRole('switch', { name: 'Sound feedback' }));
  await user.clear(screen.getByLabelText('Lower limit (W)'));
  await user.type(screen.getByLabelText('Lower limit (W)'), '1-00');
  await user.selectOptions(select('Power-load notification'), 'On');
  await user.selectOptions(select('Consumption notification'), 'Off');
  await user.click(screen.getByRole('switch', { name: 'Use the timer' }));
  // Friday 07:00 on the farmer's clock, saved as it is with the farmer's zone.
  await user.type(screen.getByLabelText('Time'), '07:00');
  await user.click(screen.getByRole('checkbox', { name: 'Friday' }));
  await user.selectOptions(screen.getByLabelText('Switch the plug'), 'Off');
  await user.click(screen.getByRole('button', { name: 'Add timer rule' }));
  await user.click(save());
  await waitFor(() => expect(currentLocation()).toBe(`/devices?id=${IMEI}`));
  expect(api.update).toHaveBeenCalledTimes(1);
  expect(api.update).toHaveBeenCalledWith('smartplug2', IMEI, {
    DeviceConfig: { AuditoryFeedback: true, PowerLoadAlarm: { Lower: 100, Upper: 2500 } },
    PowerFailureNotification: { Enabled: true },
    PowerLoadAlarmNotification: { Enabled: true },
    // The limit as it was (the default: none saved before).
    ConsumptionNotification: { Enabled: false, DailyLimitKWh: 10 },
    Timer: { Enabled: true, On: ['0 16 0,6'], Off: ['0 7 5'], TimeZone: 'Europe/Stockholm' },
    Metadata: expectedMetadata(device),
  }, { silent: true });
  expect(toastTexts()).toContain('Settings saved');
});

test('invalid power-load limits block Save with a message naming the limit', async () => {
  const api = mockSettingsApi(heater());
  const { user } = await openSettings(PATH, TITLE);
  await user.clear(screen.getByLabelText('Lower limit (W)'));
  await user.type(screen.getByLabelText('Lower limit (W)'), '3000');
  await user.click(save());
  expect(screen.getByLabelText('Lower limit (W)')).toHaveAccessibleDescription('Must be below the upper limit (2,500 W).');
  expect(screen.getByLabelText('Upper limit (W)')).toHaveAccessibleDescription('Must be above the lower limit (3,000 W).');
  expect(screen.getByLabelText('Lower limit (W)')).toHaveFocus();
  await user.clear(screen.getByLabelText('Lower limit (W)'));
  await user.click(save());
  expect(screen.getByLabelText('Lower limit (W)')).toHaveAccessibleDescription('Enter a whole number.');
  expect(api.update).not.toHaveBeenCalled();
  expect(currentLocation()).toBe(PATH);
});

test('the daily consumption limit: shown beside its notification, typed with either decimal mark, sent in kWh', async () => {
  const api = mockSettingsApi(heater({ ConsumptionNotification: { Enabled: true, Triggered: false, DailyLimitKWh: 12.5 } }));
  const { user } = await openSettings(PATH, TITLE);
  const limit = screen.getByLabelText('Daily limit (kWh)');
  expect(limit).toHaveValue('12.5');
  expect(limit).toHaveAccessibleDescription('Counted from midnight to midnight on your clock. Up to 100 kWh.');
  await user.clear(limit);
  await user.type(limit, '7,25');
  await user.click(save());
  await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1));
  expect(api.update.mock.calls[0][2]).toMatchObject({ ConsumptionNotification: { Enabled: true, DailyLimitKWh: 7.25 } });
});

test.each([
  ['', 'Enter a value.'],
  ['ten', 'Enter a number.'],
  ['0', 'Must be more than 0 kWh.'],
  ['100,5', 'Must be at most 100 kWh.'],
])('a daily limit of "%s" blocks Save: %s', async (typed, message) => {
  const api = mockSettingsApi(heater());
  const { user } = await openSettings(PATH, TITLE);
  const limit = screen.getByLabelText('Daily limit (kWh)');
  await user.clear(limit);
  if (typed) await user.type(limit, typed);
  await user.click(save());
  expect(limit).toHaveAccessibleDescription(message);
  expect(limit).toHaveFocus();
  expect(api.update).not.toHaveBeenCalled();
  // Typing again takes the message away.
  await user.type(limit, '5');
  expect(limit).not.toHaveAccessibleDescription(message);
});

test('a shared user sees the owner’s limit and cannot change it', async () => {
  const owned = heater();
  const api = mockSettingsApi({
    ...owned,
    Metadata: { ...owned.Metadata, OwnerEmail: 'owner@example.com', Access: ['owner@example.com', 'greta@example.com'] },
  });
  const { user } = await openSettings(PATH, TITLE);
  expect(screen.getByLabelText('Daily limit (kWh)')).toBeDisabled();
  expect(screen.getByLabelText('Daily limit (kWh)')).toHaveValue('10');
  await user.click(save());
  await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1));
  expect(api.update.mock.calls[0][2]).not.toHaveProperty('ConsumptionNotification');
});

test('without an active subscription the notifications show Off, cannot be changed, and are not sent', async () => {
  const device = heater({ Subscription: lapsed });
  const api = mockSettingsApi(device);
  const { user } = await openSettings(PATH, TITLE);
  expect(screen.getByText('Alarms are off while the device has no active subscription.')).toBeInTheDocument();
  for (const label of NOTIFICATIONS) {
    expect(select(label)).toBeDisabled();
    expect(selected(label)).toBe('Off');
  }
  expect(screen.getByLabelText('Daily limit (kWh)')).toBeDisabled();
  await user.click(save());
  await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1));
  expect(api.update).toHaveBeenCalledWith('smartplug2', IMEI, {
    DeviceConfig: { AuditoryFeedback: false, PowerLoadAlarm: { Lower: 50, Upper: 2500 } },
    // Saved in the farmer's zone from now on (the same times: Stockholm keeps Berlin's offset).
    Timer: { ...device.Timer, TimeZone: 'Europe/Stockholm' },
    Metadata: expectedMetadata(device),
  }, { silent: true });
});

test('in Swedish', async () => {
  mockSettingsApi(heater({ ConsumptionNotification: { Enabled: true, Triggered: false, DailyLimitKWh: 2.5 } }));
  renderDevices(PATH, { locale: 'sv-SE' });
  await screen.findByRole('heading', { level: 1, name: TITLE });
  expect(screen.getByRole('switch', { name: 'Ljudåterkoppling' })).toBeInTheDocument();
  expect(selected('Avisering vid strömavbrott')).toBe('På');
  expect(screen.getByRole('checkbox', { name: 'måndag' })).toBeInTheDocument();
  expect(screen.getByLabelText('Övre gräns (W)')).toHaveAccessibleDescription(/^Från 0 W till 3\s700 W$/);
  // The limit with the Swedish decimal mark.
  expect(screen.getByLabelText('Daglig gräns (kWh)')).toHaveValue('2,5');
});
