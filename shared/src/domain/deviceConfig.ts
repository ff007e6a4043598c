// The configuration a device must run, built from its settings (server/src/devices/PROTOCOL.md, configuration per
// product). The server publishes it whenever a save changes it; a FarmCam SIM has none.
import type { Fencealarm, Fencealarm2, Smartplug, Smartplug2 } from '../contract/devices';
import type { ConfiguredProductId, DeviceConfig, DeviceConfigOf } from '../contract/deviceProtocol';
import type { ProductId } from './products';

export function isConfiguredProduct(product: ProductId): product is ConfiguredProductId {
  return product !== 'farmcam-sim';
}

export function fencealarmConfig(device: Pick<Fencealarm, 'VoltageAlarm' | 'Calibration'>): DeviceConfigOf['fencealarm'] {
  const { Enabled, ScalingFactor, ExpectedVoltage } = device.Calibration;
  return {
    AlarmEnabled: device.VoltageAlarm.Enabled,
    AlarmLevel: device.VoltageAlarm.AlarmLevel,
    Calibration: { Enabled, ScalingFactor, ExpectedVoltage },
  };
}

export function fencealarm2Config(device: Pick<Fencealarm2, 'VoltageAlarm'>): DeviceConfigOf['fencealarm2'] {
  return { AlarmEnabled: device.VoltageAlarm.Enabled, Threshold: device.VoltageAlarm.Threshold };
}

export function smartplugConfig(
  device: Pick<Smartplug, 'BeepEnabled' | 'PowerFailureAlarm' | 'LoadAlarm' | 'TemperatureRangeAlarm' | 'Timer' | 'Thermostat'>,
): DeviceConfigOf['smartplug'] {
  const bounds = ({ Enabled, Lower, Upper }: { Enabled: boolean; Lower: number; Upper: number }) => ({ Enabled, Lower, Upper });
  return {
    BeepEnabled: device.BeepEnabled,
    PowerFailureAlarmEnabled: device.PowerFailureAlarm.Enabled,
    LoadAlarm: bounds(device.LoadAlarm),
    TemperatureRangeAlarm: bounds(device.TemperatureRangeAlarm),
    Timer: { Enabled: device.Timer.Enabled, On: [...device.Timer.On], Off: [...device.Timer.Off] },
    Thermostat: {
      Enabled: device.Thermostat.Enabled,
      Triggers: device.Thermostat.Triggers.map(({ Days, Above, Temperature, SetPowerEnabled }) => ({ Days, Above, Temperature, SetPowerEnabled })),
    },
  };
}

export function smartplug2Config(device: Pick<Smartplug2, 'DeviceConfig' | 'Timer'>): DeviceConfigOf['smartplug2'] {
  const { Lower, Upper } = device.DeviceConfig.PowerLoadAlarm;
  return {
    AuditoryFeedback: device.DeviceConfig.AuditoryFeedback,
    PowerLoadAlarm: { Lower, Upper },
    Timer: { Enabled: device.Timer.Enabled, On: [...device.Timer.On], Off: [...device.Timer.Off] },
  };
}

/** The configuration of a device with the stored representation `device`; null for a FarmCam SIM. */
export function deviceConfigOf(product: ProductId, device: Record<string, unknown>): DeviceConfig | null {
  switch (product) {
    case 'fencealarm':
      return fencealarmConfig(device as unknown as Fencealarm);
    case 'fencealarm2':
      return fencealarm2Config(device as unknown as Fencealarm2);
    case 'smartplug':
      return smartplugConfig(device as unknown as Smartplug);
    case 'smartplug2':
      return smartplug2Config(device as unknown as Smartplug2);
    default:
      return null;
  }
}

/** Whether two configurations differ (built by deviceConfigOf, so their keys come in the same order). */
export function configChanged(before: DeviceConfig | null, after: DeviceConfig | null): boolean {
  return JSON.stringify(before) !== JSON.stringify(after);
}
