import { screen, waitFor, within } from '@testing-library/react';
import { currentLocation, fencealarm, renderDevices, resetSession, toastTexts } from '../../common/testing';
import { expectedMetadata, mockSettingsApi, openSettings } from '../../settings/testing';

const IMEI = '356938035643801';
const PATH = `/fencealarm/${IMEI}`;
const lapsed = { Trialing: false, ExpiresAt: '2020-01-01T00:00:00.000Z', PriceIds: { Current: '', Next: '' } };

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
});

const alarmSelect = () => screen.getByLabelText('Alarm when the fence voltage falls below') as HTMLSelectElement;

test('shows the device’s values', async () => {
  const device = fencealarm('North fence', { Calibration: { Enabled: true, ScalingFactor: 1.25, ExpectedVoltage: 7000 } });
  const api = mockSettingsApi(device);
  await openSettings(PATH, 'FenceAlarm North fence');
  expect(api.get).toHaveBeenCalledWith('fencealarm', IMEI, expect.anything());
  expect(screen.getByText(`IMEI: ${IMEI}`)).toBeInTheDocument();
  expect(alarmSelect()).toHaveValue('3000');
  expect(alarmSelect()).toBeEnabled();
  expect(within(alarmSelect()).getAllByRole('option').map((o) => o.textContent)).toEqual([
    'Off',
    '2,000 V',
    '3,000 V',
    '4,000 V',
    '5,000 V',
    '6,000 V',
    '7,000 V',
    '8,000 V',
  ]);
  expect(screen.getByLabelText('Correct the measured voltage')).toBeChecked();
  expect(screen.getByLabelText('Scaling factor')).toHaveValue('1.25');
  expect(screen.getByLabelText('Expected voltage (V)')).toHaveValue('7000');
  expect(screen.getByLabelText('Device name')).toHaveValue('North fence');
  expect(screen.getByTestId('subscription-line')).toHaveTextContent('Renews 1 January 2099');
  expect(screen.queryByText(/Alarms are off/)).not.toBeInTheDocument();
});

test('Save sends one PATCH with the flat FenceAlarm body and returns to the dashboard', async () => {
  const device = fencealarm('North fence');
  const api = mockSettingsApi(device);
  const { user } = await openSettings(PATH, 'FenceAlarm North fence');
  await user.selectOptions(alarmSelect(), '6,000 V');
  await user.click(screen.getByLabelText('Correct the measured voltage'));
  await user.clear(screen.getByLabelText('Scaling factor'));
  await user.type(screen.getByLabelText('Scaling factor'), '1,05');
  await user.clear(screen.getByLabelText('Expected voltage (V)'));
  await user.type(screen.getByLabelText('Expected voltage (V)'), '7a000');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(currentLocation()).toBe(`/devices?id=${IMEI}`));
  expect(api.update).toHaveBeenCalledTimes(1);
  expect(api.update).toHaveBeenCalledWith('fencealarm', IMEI, {
    VoltageAlarm: { Enabled: true, AlarmLevel: 6000 },
    Calibration: { Enabled: true, ScalingFactor: 1.05, ExpectedVoltage: 7000 },
    Name: 'North fence',
    Access: ['greta@example.com'],
    Notify: [],
    Tags: ['FenceAlarm', 'greta@example.com'],
    Owner: 'greta@example.com',
  }, { silent: true });
  expect(toastTexts()).toContain('Settings saved');
});

test('the hint describes the chosen value: the level, then Off', async () => {
  mockSettingsApi(fencealarm('North fence'));
  const { user } = await openSettings(PATH, 'FenceAlarm North fence');
  expect(alarmSelect()).toHaveAccessibleDescription('An alarm as soon as the fence voltage falls below 3,000 V.');
  await user.selectOptions(alarmSelect(), '4,000 V');
  expect(alarmSelect()).toHaveAccessibleDescription('An alarm as soon as the fence voltage falls below 4,000 V.');
  await user.selectOptions(alarmSelect(), 'Off');
  expect(alarmSelect()).toHaveAccessibleDescription('Off: no alarm for low voltage.');
});

test('Off switches the alarm off and keeps its level', async () => {
  const device = fencealarm('North fence');
  const api = mockSettingsApi(device);
  const { user } = await openSettings(PATH, 'FenceAlarm North fence');
  await user.selectOptions(alarmSelect(), 'Off');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.update).toHaveBeenCalled());
  expect(api.update.mock.calls[0][2]).toMatchObject({ VoltageAlarm: { Enabled: false, AlarmLevel: 3000 } });
});

test.each([
  ['', '0', 'Enter a value.', 'Scaling factor'],
  ['abc', '0', 'Enter a number.', 'Scaling factor'],
  ['0', '0', 'The scaling factor must be above 0.', 'Scaling factor'],
  ['10.5', '0', 'The scaling factor is at most 10.', 'Scaling factor'],
  ['1', '', 'Enter a value.', 'Expected voltage (V)'],
  ['1', '20000', 'At most 15,000 V.', 'Expected voltage (V)'],
  ['1', '-5', 'At least 0 V.', 'Expected voltage (V)'],
])('calibration %j / %j: “%s”, nothing sent', async (scaling, expected, message, field) => {
  const api = mockSettingsApi(fencealarm('North fence'));
  const { user } = await openSettings(PATH, 'FenceAlarm North fence');
  await user.clear(screen.getByLabelText('Scaling factor'));
  if (scaling) await user.type(screen.getByLabelText('Scaling factor'), scaling);
  await user.clear(screen.getByLabelText('Expected voltage (V)'));
  if (expected) await user.type(screen.getByLabelText('Expected voltage (V)'), expected);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.getByText(message)).toBeInTheDocument();
  expect(screen.getByLabelText(field)).toHaveFocus();
  expect(screen.getByLabelText(field)).toHaveAttribute('aria-invalid', 'true');
  expect(api.update).not.toHaveBeenCalled();
  expect(currentLocation()).toBe(PATH);
});

test('without an active subscription the alarm select is disabled, shows Off and is not sent', async () => {
  const api = mockSettingsApi(fencealarm('North fence', { Subscription: lapsed }));
  const { user } = await openSettings(PATH, 'FenceAlarm North fence');
  expect(alarmSelect()).toBeDisabled();
  expect(alarmSelect()).toHaveValue('off');
  expect(alarmSelect()).toHaveAccessibleDescription('Off: no alarm for low voltage.');
  expect(screen.getByText('Alarms are off while the device has no active subscription.')).toBeInTheDocument();
  expect(screen.getByTestId('subscription-line')).toHaveTextContent('None · Ended 1 January 2020');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.update).toHaveBeenCalled());
  const body = api.update.mock.calls[0][2] as Record<string, unknown>;
  expect(body).not.toHaveProperty('VoltageAlarm');
  expect(body).toEqual({ Calibration: { Enabled: false, ScalingFactor: 1, ExpectedVoltage: 0 }, ...expectedMetadata(fencealarm('North fence')) });
});

test('shows the level the device still uses when it has not confirmed the new one', async () => {
  mockSettingsApi(fencealarm('North fence', { Config: { AlarmLevel: 3000 }, VoltageAlarm: { Enabled: true, Triggered: false, AlarmLevel: 5000 } }));
  await openSettings(PATH, 'FenceAlarm North fence');
  expect(alarmSelect()).toHaveValue('5000');
  expect(screen.getByText('The device still uses 3,000 V. It switches to the level chosen here with its next report.')).toBeInTheDocument();
});

test('in German: texts and numbers in the user’s language, a decimal comma is understood', async () => {
  const api = mockSettingsApi(fencealarm('Zaun Nord', { Calibration: { Enabled: true, ScalingFactor: 1.5, ExpectedVoltage: 0 } }));
  const { user } = renderDevices(PATH, { locale: 'de-DE' });
  await screen.findByRole('heading', { level: 1, name: 'FenceAlarm Zaun Nord' });
  const select = screen.getByLabelText('Alarm bei Zaunspannung unter');
  expect(within(select).getByRole('option', { name: '5.000 V' })).toBeInTheDocument();
  expect(screen.getByLabelText('Skalierungsfaktor')).toHaveValue('1,5');
  expect(select).toHaveAccessibleDescription('Alarm, sobald die Zaunspannung unter 3.000 V fällt.');
  // "Abmelden" is the navbar's Sign out: the device page's red button says what it does to the device.
  expect(screen.getByRole('button', { name: 'Registrierung aufheben' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Abmelden' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Speichern' }));
  await waitFor(() => expect(api.update).toHaveBeenCalled());
  expect(api.update.mock.calls[0][2]).toMatchObject({ Calibration: { ScalingFactor: 1.5 } });
});
