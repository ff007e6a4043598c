// Test helpers for the devices screens: render the remote as the shell hosts it, sample devices of each product.
import type { DeviceList, FarmcamSim, Fencealarm, Fencealarm2, Smartplug, Smartplug2, User } from '@paddock/shared/contract';
import { resetSession as resetSharedSession, sampleUser as sharedSampleUser, signInAs } from '@paddock/shared/testing/fixtures';
import { currentLocation, renderRemote, type RenderRemoteOptions } from '@paddock/shared/testing/renderRemote';
import { RESET } from 'jotai/utils';
import { dashboardViewAtom, paddockStore } from '@paddock/shared/session';
import App from '../App';
import { forgetShownDeviceList } from '../dashboard/useDeviceList';

/** Renders the devices remote at `path` the way the shell does. */
export function renderDevices(path: string, options: RenderRemoteOptions = {}) {
  return renderRemote(App, path, options);
}

export { currentLocation };
export { apiError, toastTexts } from '@paddock/shared/testing/fixtures';

/** The owner of the sample devices below. */
export const sampleUser: User = { ...sharedSampleUser, Email: 'greta@example.com' };

/** A clean session with `sampleUser` signed in (unless told otherwise) and no toasts. */
export function resetSession({ signedIn = true } = {}): void {
  resetSharedSession();
  // The dashboard's list of the previous test is not shown by the next one.
  forgetShownDeviceList();
  paddockStore.set(dashboardViewAtom, RESET);
  if (signedIn) signInAs(sampleUser);
}

const future = '2099-01-01T00:00:00.000Z';
const recent = '2026-11-22T10:15:00.000Z';
const subscription = { Trialing: false, ExpiresAt: future, PriceIds: { Current: 'price_1', Next: 'price_1' } };
const metadata = (Name: string, Tags: string[] = []) => ({
  Name,
  Tags,
  OwnerEmail: 'greta@example.com',
  Access: ['greta@example.com'],
  Notify: [],
  Owner: 'u1',
});
const off = { Enabled: false, Triggered: false };

export function farmcamSim(name: string, patch: Partial<FarmcamSim> = {}, tags: string[] = []): FarmcamSim {
  return { Product: 'farmcam-sim', Imsi: '240071234567890', RemainingData: 2_500_000_000, Subscription: subscription, Metadata: metadata(name, ['FarmCam SIM', ...tags]), ...patch };
}

export function fencealarm(name: string, patch: Partial<Fencealarm> = {}, tags: string[] = []): Fencealarm {
  return {
    Product: 'fencealarm',
    Imei: '356938035643801',
    LastReport: { Timestamp: recent, Data: { Voltage: 6200, Battery: 12.4, Rssi: -71 } },
    Config: { AlarmLevel: 3000 },
    LowBatteryAlarm: { Triggered: false },
    OfflineAlarm: { Triggered: false },
    VoltageAlarm: { Enabled: true, Triggered: false, AlarmLevel: 3000 },
    Calibration: { Enabled: false, ScalingFactor: 1, ExpectedVoltage: 0 },
    Subscription: subscription,
    Metadata: metadata(name, ['FenceAlarm', 'greta@example.com', ...tags]),
    ...patch,
  };
}

export function fencealarm2(name: string, patch: Partial<Fencealarm2> = {}, tags: string[] = []): Fencealarm2 {
  return {
    Product: 'fencealarm2',
    Imei: '356938035643802',
    Voltage: 7100,
    VoltageAlarm: { Enabled: true, Triggered: false, Threshold: 3057 },
    LastUplinkAt: recent,
    Subscription: subscription,
    Metadata: metadata(name, ['FenceAlarm2', ...tags]),
    ...patch,
  };
}

export function smartplug(name: string, patch: Partial<Smartplug> = {}, tags: string[] = []): Smartplug {
  return {
    Product: 'smartplug',
    Imei: '356938035643803',
    Load: 1234.5,
    Consumption: 56789,
    Temperature: 21.5,
    SignalStrength: 80,
    LastUplinkAt: recent,
    PowerEnabled: true,
    BeepEnabled: false,
    LoadAlarm: { Enabled: false, Triggered: false, Lower: 0, Upper: 3700 },
    OfflineAlarm: off,
    PowerFailureAlarm: off,
    TemperatureRangeAlarm: { Enabled: false, Triggered: false, Lower: -20, Upper: 70 },
    Timer: { Enabled: false, On: [], Off: [] },
    Thermostat: { Enabled: false, Triggers: [] },
    Subscription: subscription,
    Metadata: metadata(name, ['SmartPlug', ...tags]),
    ...patch,
  };
}

export function smartplug2(name: string, patch: Partial<Smartplug2> = {}, tags: string[] = []): Smartplug2 {
  return {
    Product: 'smartplug2',
    Imei: '356938035643804',
    Load: 15,
    Consumption: 120,
    SignalStrength: 55,
    LastUploadAt: recent,
    ConnectionLost: false,
    PowerEnabled: false,
    DeviceConfig: { OutputPower: false, AuditoryFeedback: true, PowerLoadAlarm: { Lower: 0, Upper: 3700 } },
    ConsumptionNotification: off,
    PowerLoadAlarmNotification: off,
    PowerFailureNotification: off,
    Timer: { Enabled: false, On: [], Off: [] },
    Subscription: subscription,
    Metadata: metadata(name, ['SmartPlug2', ...tags]),
    ...patch,
  };
}

export function deviceList(patch: Partial<DeviceList> = {}): DeviceList {
  return { FarmcamSims: [], Fencealarms: [], Fencealarm2s: [], Smartplugs: [], Smartplug2s: [], ...patch };
}
