import { screen, waitFor, within } from '@testing-library/react';
import { currentLocation, renderDevices, resetSession, smartplug, toastTexts } from '../../common/testing';
import { mockBrowserTimeZone } from '../../settings/rules/testing';
import { expectedMetadata, mockSettingsApi, openSettings } from '../../settings/testing';

const IMEI = '356938035643803';
const PATH = `/smartplug/${IMEI}`;
const TITLE = 'SmartPlug Pump';
const lapsed = { Trialing: false, ExpiresAt: '2020-01-01T00:00:00.000Z', PriceIds: { Current: '', Next: '' } };
const frost = { Days: '0,6', Above: false, Temperature: 3, SetPowerEnabled: true };

/** A plug with every setting away from its default. Timer in Stockholm time: on 06:30, off 22:00 on weekdays. */
const pump = (patch: Parameters<typeof smartplug>[1] = {}) =>
  smartplug('Pump', {
    BeepEnabled: true,
    PowerFailureAlarm: { Enabled: true, Triggered: false },
    LoadAlarm: { Enabled: true, Triggered: false, Lower: 100, Upper: 2000 },
    TemperatureRangeAlarm: { Enabled: false, Triggered: false, Lower: 0, Upper: 40 },
    Timer: { Enabled: true, On: ['30 6 1,2,3,4,5'], Off: ['0 22 1,2,3,4,5'], TimeZone: 'Europe/Stockholm' },
    Thermostat: { Enabled: true, Triggers: [frost], TimeZone: 'Europe/Stockholm' },
    ...patch,
  });

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
  // The browser is in Stockholm, the zone the plug's rules were saved in: they show as they are.
  mockBrowserTimeZone('Europe/Stockholm');
});

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const selected = (label: string) => select(label).selectedOptions[0]?.textContent;
const save = () => screen.getByRole('button', { name: 'Save' });
const listed = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((li) => [...li.querySelectorAll(':scope > span')].map((part) => part.textContent).join(' | '));

test('shows the plug’s settings, its rules in local time', async () => {
  const api = mockSettingsApi(pump());
  await openSettings(PATH, TITLE);
  expect(api.get).toHaveBeenCalledWith('smartplug', IMEI, expect.anything());
  expect(screen.getByRole('switch', { name: 'Beep' })).toBeChecked();
  expect(selected('Power-failure alarm')).toBe('On');
  expect(selected('Load alarm')).toBe('On');
  expect(screen.getByLabelText('Lower limit (W)')).toHaveValue('100');
  expect(screen.getByLabelText('Upper limit (W)')).toHaveValue('2000');
  expect(selected('Temperature alarm')).toBe('Off');
  expect(screen.getByLabelText('Lower limit (°C)')).toHaveValue('0');
  expect(screen.getByLabelText('Upper limit (°C)')).toHaveValue('40');
  for (const label of ['Power-failure alarm', 'Load alarm', 'Temperature alarm']) expect(select(label)).toBeEnabled();
  expect(screen.getByRole('switch', { name: 'Use the timer' })).toBeChecked();
  expect(listed('Timer rules')).toEqual(['06:30 | Switch on | Mon, Tue, Wed, Thu, Fri', '22:00 | Switch off | Mon, Tue, Wed, Thu, Fri']);
  expect(screen.getByRole('switch', { name: 'Use the thermostat' })).toBeChecked();
  expect(listed('Thermostat rules')).toEqual(['Below 3°C | Switch on | Sat, Sun']);
  expect(screen.getByTestId('subscription-line')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Unregister' })).toBeEnabled();
  expect(screen.queryByText(/Alarms are off/)).not.toBeInTheDocument();
});

test('an unchanged page saves exactly what the plug has, in the flat SmartPlug body', async () => {
  const device = pump();
  const api = mockSettingsApi(device);
  const { user } = await openSettings(PATH, TITLE);
  await user.click(save());
  await waitFor(() => expect(currentLocation()).toBe(`/devices?id=${IMEI}`));
  expect(api.update).toHaveBeenCalledTimes(1);
  expect(api.update).toHaveBeenCalledWith('smartplug', IMEI, {
    BeepEnabled: true,
    PowerFailureAlarmEnabled: true,
    LoadAlarm: { Enabled: true, Lower: 100, Upper: 2000 },
    TemperatureRangeAlarm: { Enabled: false, Lower: 0, Upper: 40 },
    Timer: device.Timer,
    Thermostat: device.Thermostat,
    ...expectedMetadata(device),
  }, { silent: true });
  expect(toastTexts()).toContain('Settings saved');
});

test('edits of every kind end up in one PATCH; timer rules keep the farmer’s time and zone', async () => {
  const device = pump();
  const api = mockSettingsApi(device);
  const { user } = await openSettings(PATH, TITLE);
  await user.click(screen.getByRole('switch', { name: 'Beep' }));
  await user.selectOptions(select('Power-failure alarm'), 'Off');
  await user.selectOptions(select('Temperature alarm'), 'On');
  await user.clear(screen.getByLabelText('Lower limit (°C)'));
  await user.type(screen.getByLabelText('Lower limit (°C)'), '-5');
  await user.clear(screen.getByLabelText('Upper limit (W)'));
  await user.type(screen.getByLabelText('Upper limit (W)'), '3a500');
  // A new timer rule: Sunday 00:02 → 00:05, saved as it is, on Stockholm's clock.
  const timer = within(screen.getByRole('region', { name: 'Timer' }));
  await user.type(timer.getByLabelText('Time'), '00:02');
  await user.click(timer.getByRole('checkbox', { name: 'Sunday' }));
  await user.click(timer.getByRole('button', { name: 'Add timer rule' }));
  await user.click(screen.getByRole('button', { name: 'Remove rule: 22:00, Switch off, Mon, Tue, Wed, Thu, Fri' }));
  await user.click(screen.getByRole('switch', { name: 'Use the thermostat' }));
  await user.click(screen.getByRole('button', { name: 'Remove rule: Below 3°C, Switch on, Sat, Sun' }));
  await user.click(save());
  await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1));
  expect(api.update).toHaveBeenCalledWith('smartplug', IMEI, {
    BeepEnabled: false,
    PowerFailureAlarmEnabled: false,
    LoadAlarm: { Enabled: true, Lower: 100, Upper: 3500 },
    TemperatureRangeAlarm: { Enabled: true, Lower: -5, Upper: 40 },
    Timer: { Enabled: true, On: ['5 0 0', '30 6 1,2,3,4,5'], Off: [], TimeZone: 'Europe/Stockholm' },
    Thermostat: { Enabled: false, Triggers: [], TimeZone: 'Europe/Stockholm' },
    ...expectedMetadata(device),
  }, { silent: true });
});

test('invalid limits block Save with a message naming the limit; the first bad input gets the focus', async () => {
  const api = mockSettingsApi(pump());
  const { user } = await openSettings(PATH, TITLE);
  await user.clear(screen.getByLabelText('Upper limit (°C)'));
  await user.type(screen.getByLabelText('Upper limit (°C)'), '-30');
  await user.clear(screen.getByLabelText('Upper limit (W)'));
  await user.type(screen.getByLabelText('Upper limit (W)'), '4000');
  await user.click(save());
  expect(screen.getByLabelText('Upper limit (W)')).toHaveAccessibleDescription('Enter at most 3,700 W.');
  expect(screen.getByLabelText('Upper limit (W)')).toHaveFocus();
  expect(screen.getByLabelText('Lower limit (°C)')).toHaveAccessibleDescription('Must be below the upper limit (-30°C).');
  expect(screen.getByLabelText('Upper limit (°C)')).toHaveAccessibleDescription('Enter at least -20°C.');
  expect(api.update).not.toHaveBeenCalled();
  expect(currentLocation()).toBe(PATH);
  // Fixed, the page saves.
  await user.clear(screen.getByLabelText('Upper limit (W)'));
  await user.type(screen.getByLabelText('Upper limit (W)'), '3700');
  await user.clear(screen.getByLabelText('Upper limit (°C)'));
  await user.type(screen.getByLabelText('Upper limit (°C)'), '30');
  await user.click(save());
  await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1));
  expect(api.update.mock.calls[0][2]).toMatchObject({ LoadAlarm: { Lower: 100, Upper: 3700 }, TemperatureRangeAlarm: { Lower: 0, Upper: 30 } });
});

test('without an active subscription the alarms show Off, cannot be changed, and are not sent', async () => {
  const device = pump({ Subscription: lapsed });
  const api = mockSettingsApi(device);
  const { user } = await openSettings(PATH, TITLE);
  expect(screen.getByText('Alarms are off while the device has no active subscription.')).toBeInTheDocument();
  for (const label of ['Power-failure alarm', 'Load alarm', 'Temperature alarm']) {
    expect(select(label)).toBeDisabled();
    expect(selected(label)).toBe('Off');
  }
  for (const label of ['Lower limit (W)', 'Upper limit (W)', 'Lower limit (°C)', 'Upper limit (°C)']) expect(screen.getByLabelText(label)).toBeDisabled();
  // Beep, timer and thermostat do not need a subscription.
  expect(screen.getByRole('switch', { name: 'Beep' })).toBeEnabled();
  await user.click(save());
  await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1));
  expect(api.update).toHaveBeenCalledWith('smartplug', IMEI, {
    BeepEnabled: true,
    Timer: device.Timer,
    Thermostat: device.Thermostat,
    ...expectedMetadata(device),
  }, { silent: true });
});

test('in German: texts, weekday names and number formats', async () => {
  mockSettingsApi(pump());
  renderDevices(PATH, { locale: 'de-DE' });
  await screen.findByRole('heading', { level: 1, name: TITLE });
  expect(selected('Lastalarm')).toBe('Ein');
  expect(screen.getByLabelText('Obergrenze (W)')).toHaveAccessibleDescription('Von 0 W bis 3.700 W');
  expect(screen.getAllByRole('checkbox', { name: 'Montag' })).toHaveLength(2);
  expect(screen.getByRole('heading', { level: 2, name: 'Zeitschaltuhr' })).toBeInTheDocument();
});
