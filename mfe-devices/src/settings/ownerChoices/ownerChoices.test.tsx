// docs/product/roles.md "Alarms and sharing" and "Change log": a shared user sees the owner's alarms and sharing
// read-only (their own bell still theirs); the owner sees what the people they share with changed.
import { screen, waitFor, within } from '@testing-library/react';
import { signInAs } from '@paddock/shared/testing/fixtures';
import { apiError, fencealarm, resetSession, sampleUser, smartplug } from '../../common/testing';
import { mockBrowserTimeZone } from '../rules/testing';
import { mockSettingsApi, openSettings } from '../testing';

const OWNER = 'greta@example.com';
const SHARED = 'sam@example.com';
const NOTE = 'Only the owner can change alarms and sharing.';

/** A plug the owner shares with SHARED (and ola), its alarms set by the owner. */
const sharedPump = () => {
  const device = smartplug('Pump', {
    PowerFailureAlarm: { Enabled: true, Triggered: false },
    LoadAlarm: { Enabled: true, Triggered: false, Lower: 100, Upper: 2000 },
  });
  return { ...device, Metadata: { ...device.Metadata, Access: [OWNER, SHARED, 'ola@example.com'], Notify: [OWNER] } };
};

const named = (name: string) => document.querySelector<HTMLSelectElement | HTMLInputElement>(`[name="${name}"]`)!;
const bell = (email: string) => screen.getByRole('button', { name: `Notify ${email} of alarms` });

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
  mockBrowserTimeZone('Europe/Stockholm');
});

describe('a shared user', () => {
  beforeEach(() => signInAs({ ...sampleUser, Email: SHARED }));

  it('sees the alarms read-only as the owner set them, and the sharing without invite or remove; only their own bell is clickable', async () => {
    const device = sharedPump();
    const api = mockSettingsApi(device);
    const { user } = await openSettings('/smartplug/356938035643803', 'SmartPlug Pump');

    expect(named('loadAlarm')).toBeDisabled();
    expect(named('loadAlarm')).toHaveValue('on');
    expect(named('powerFailureAlarm')).toBeDisabled();
    expect(named('temperatureAlarm')).toBeDisabled();
    expect(screen.getAllByText(NOTE)).toHaveLength(2); // beside the alarms and the sharing
    // What is no alarm stays theirs.
    expect(named('beep')).toBeEnabled();

    expect(screen.queryByLabelText('Invite by e-mail')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    expect(bell(OWNER)).toBeDisabled();
    expect(bell('ola@example.com')).toBeDisabled();
    expect(bell(SHARED)).toBeEnabled();

    await user.click(bell(SHARED));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.update).toHaveBeenCalled());
    const body = api.update.mock.calls[0][2] as Record<string, unknown>;
    // No alarm in the body, the sharing as it was but for their own bell.
    expect(body).not.toHaveProperty('LoadAlarm');
    expect(body).not.toHaveProperty('PowerFailureAlarmEnabled');
    expect(body).not.toHaveProperty('TemperatureRangeAlarm');
    expect(body).toMatchObject({ Access: [OWNER, SHARED, 'ola@example.com'], Notify: [OWNER, SHARED], BeepEnabled: false });
    // The change log is the owner's: not asked for, not shown.
    expect(api.changes).not.toHaveBeenCalled();
    expect(screen.queryByText('Changes by people you share with')).not.toBeInTheDocument();
  });

  it('sees a fence’s alarm level and calibration read-only, and sends neither', async () => {
    const device = fencealarm('North fence', { VoltageAlarm: { Enabled: true, Triggered: false, AlarmLevel: 4000 } });
    const api = mockSettingsApi({ ...device, Metadata: { ...device.Metadata, Access: [OWNER, SHARED] } });
    const { user } = await openSettings('/fencealarm/356938035643801', 'FenceAlarm North fence');
    expect(named('voltageAlarm')).toBeDisabled();
    expect(named('voltageAlarm')).toHaveValue('4000');
    expect(named('calibrationEnabled')).toBeDisabled();
    expect(named('scalingFactor')).toBeDisabled();
    expect(named('expectedVoltage')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.update).toHaveBeenCalled());
    expect(api.update.mock.calls[0][2]).not.toHaveProperty('VoltageAlarm');
    expect(api.update.mock.calls[0][2]).not.toHaveProperty('Calibration');
  });
});

describe('the owner', () => {
  it('changes alarms and sharing as before, and sees the changes by the people they share with', async () => {
    const api = mockSettingsApi(sharedPump(), {
      changes: [
        {
          At: '2026-11-27T09:30:00.000Z',
          By: 'ola@example.com',
          Fields: ['Tags', 'Notify', 'Timer', 'BeepEnabled', 'PowerEnabled'],
          Notify: false,
        },
        { At: '2026-11-20T08:00:00.000Z', By: SHARED, Fields: ['Name'], Name: { From: 'Pump', To: 'Call +46 70 123 45 67' } },
      ],
    });
    const { user } = await openSettings('/smartplug/356938035643803', 'SmartPlug Pump');
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
    expect(named('loadAlarm')).toBeEnabled();
    expect(bell(SHARED)).toBeEnabled();
    expect(screen.getByRole('button', { name: `Remove ${SHARED}` })).toBeInTheDocument();

    await user.click(screen.getByText('Changes by people you share with'));
    const table = await screen.findByRole('table', { name: 'What the people this device is shared with changed, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        '27 Nov 2026, 09:30',
        'ola@example.com',
        'Changed the tagsTurned off their alarm notificationsSwitched the powerChanged settings: timer and beep',
      ],
      ['20 Nov 2026, 08:00', SHARED, 'Renamed from “Pump” to “Call +46 70 123 45 67”'],
    ]);
    expect(api.changes).toHaveBeenCalledWith('smartplug', '356938035643803', { background: true, silent: true });
  });

  it('is told when nobody changed anything, and when the log could not be loaded', async () => {
    mockSettingsApi(sharedPump());
    await openSettings('/smartplug/356938035643803', 'SmartPlug Pump');
    expect(await screen.findByText('Nobody you share this device with has changed anything in the last 90 days.')).toBeInTheDocument();

    jest.restoreAllMocks();
    resetSession();
    mockBrowserTimeZone('Europe/Stockholm');
    mockSettingsApi(sharedPump(), { changes: apiError(500, 'internal', 'Something went wrong') });
    await openSettings('/smartplug/356938035643803', 'SmartPlug Pump');
    expect(await screen.findByText('The changes could not be loaded. Reload the page to try again.')).toBeInTheDocument();
  });
});
