// FenceAlarm on the server (docs/product/devices.md): voltage alarm and calibration; the alarm level is part of its configuration.
import { RegisterImeiBody, UpdateFencealarmBody } from '@paddock/shared/contract';
import { ALARM_OFF, type ServerProduct } from './serverProduct';

export const fencealarm: ServerProduct<'fencealarm'> = {
  id: 'fencealarm',
  registerBody: RegisterImeiBody,
  updateBody: UpdateFencealarmBody,
  initialFields: () => ({
    LastReport: null,
    Config: { AlarmLevel: 5000 },
    LowBatteryAlarm: { Triggered: false },
    OfflineAlarm: { Triggered: false },
    VoltageAlarm: { ...ALARM_OFF, AlarmLevel: 5000 },
    Calibration: { Enabled: false, ScalingFactor: 1, ExpectedVoltage: 0 },
  }),
  changesOf(body: UpdateFencealarmBody) {
    const { PriceId, VoltageAlarm, Calibration, ...metadata } = body;
    const fields: Record<string, unknown> = {};
    if (VoltageAlarm) fields.VoltageAlarm = VoltageAlarm;
    if (Calibration) fields.Calibration = Calibration;
    return { metadata, priceId: PriceId, fields };
  },
  // docs/product/roles.md: the alarm is the owner's; the calibration scales the voltage it compares, so it is too.
  ownerOnlyFields: { VoltageAlarm: 'VoltageAlarm', Calibration: 'Calibration' },
  planField: 'PriceId',
  // The alarm level the device now runs is shown as Config.AlarmLevel.
  confirmedConfig: ({ AlarmLevel }) => (AlarmLevel !== undefined ? { Config: { AlarmLevel } } : {}),
  powerEnabledCall: false,
  demo: { keyPrefix: '350000100000', name: 'North paddock fence' },
  simulation: { firmware: '2.3.1', model: 'fence', reportsBattery: true },
};
