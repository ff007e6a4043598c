// A device as the API shows it (SPEC §3): the stored row plus the owner's e-mail, in the product's shape.
import type { Device, DeviceList } from '@paddock/shared/contract';
import {
  FENCEALARM2_THRESHOLDS,
  LOAD_ALARM_RANGE,
  PRODUCTS,
  TEMPERATURE_ALARM_RANGE,
  isConfiguredProduct,
  registrationTrial,
  type ProductId,
} from '@paddock/shared/domain';
import type { DeviceRow, DeviceSubscription } from '../db/schema';

const off = { Enabled: false, Triggered: false };
const emptyTimer = { Enabled: false, On: [], Off: [] };

/** Nothing sent to the device yet. */
const NO_CONFIG_SYNC = { Pending: false, AppliedAt: null };

/** A newly registered device's product fields: nothing reported yet, alarms off, relays on. */
export function initialFields(product: ProductId): Record<string, unknown> {
  const fields = productFields(product);
  return isConfiguredProduct(product) ? { ...fields, ConfigSync: NO_CONFIG_SYNC } : fields;
}

function productFields(product: ProductId): Record<string, unknown> {
  switch (product) {
    case 'farmcam-sim':
      return { RemainingData: 0 };
    case 'fencealarm':
      return {
        LastReport: null,
        Config: { AlarmLevel: 5000 },
        LowBatteryAlarm: { Triggered: false },
        OfflineAlarm: { Triggered: false },
        VoltageAlarm: { ...off, AlarmLevel: 5000 },
        Calibration: { Enabled: false, ScalingFactor: 1, ExpectedVoltage: 0 },
      };
    case 'fencealarm2':
      return { Voltage: null, VoltageAlarm: { ...off, Threshold: FENCEALARM2_THRESHOLDS[3] }, LastUplinkAt: null };
    case 'smartplug':
      return {
        Load: null,
        Consumption: null,
        Temperature: null,
        SignalStrength: null,
        LastUplinkAt: null,
        PowerEnabled: true,
        BeepEnabled: true,
        LoadAlarm: { ...off, Lower: LOAD_ALARM_RANGE.defaultLower, Upper: LOAD_ALARM_RANGE.defaultUpper },
        OfflineAlarm: { Enabled: true, Triggered: false },
        PowerFailureAlarm: { ...off },
        TemperatureRangeAlarm: { ...off, Lower: TEMPERATURE_ALARM_RANGE.defaultLower, Upper: TEMPERATURE_ALARM_RANGE.defaultUpper },
        Timer: emptyTimer,
        Thermostat: { Enabled: false, Triggers: [] },
      };
    case 'smartplug2':
      return {
        Load: null,
        Consumption: null,
        SignalStrength: null,
        LastUploadAt: null,
        ConnectionLost: false,
        PowerEnabled: true,
        DeviceConfig: {
          OutputPower: true,
          AuditoryFeedback: true,
          PowerLoadAlarm: { Lower: LOAD_ALARM_RANGE.defaultLower, Upper: LOAD_ALARM_RANGE.defaultUpper },
        },
        ConsumptionNotification: { ...off },
        PowerLoadAlarmNotification: { ...off },
        PowerFailureNotification: { ...off },
        Timer: emptyTimer,
      };
  }
}

/** Every registration starts a trial (REGISTRATION_TRIAL_DAYS), so alarms can be enabled right away; no plan yet. */
export function initialSubscription(now: Date): DeviceSubscription {
  return registrationTrial(now);
}

export type DeviceWithOwner = DeviceRow & { ownerEmail: string };

export function toDevice(row: DeviceWithOwner): Device {
  const product = row.product as ProductId;
  return {
    Product: product,
    [PRODUCTS[product].keyField]: row.key,
    // Devices registered before the gateway have no ConfigSync stored yet.
    ...(isConfiguredProduct(product) ? { ConfigSync: NO_CONFIG_SYNC } : {}),
    ...row.fields,
    Subscription: row.subscription,
    Metadata: {
      Name: row.name,
      Tags: row.tags,
      OwnerEmail: row.ownerEmail,
      Access: row.access,
      Notify: row.notify,
      Owner: row.ownerId,
    },
  } as Device;
}

export function toDeviceList(rows: DeviceWithOwner[]): DeviceList {
  const list: DeviceList = { FarmcamSims: [], Fencealarms: [], Fencealarm2s: [], Smartplugs: [], Smartplug2s: [] };
  for (const row of rows) {
    const device = toDevice(row);
    (list[PRODUCTS[device.Product].listKey] as Device[]).push(device);
  }
  return list;
}
