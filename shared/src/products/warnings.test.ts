import type { Device, FarmcamSim, Fencealarm, Fencealarm2, Smartplug, Smartplug2 } from '../contract';
import { deviceWarnings } from '.';

const now = new Date('2025-06-15T12:00:00Z');
const metadata = { Name: 'D', Tags: [], OwnerEmail: 'o@farm.se', Access: ['o@farm.se'], Notify: [], Owner: 'u1' };
const subscription = (ExpiresAt = '2025-07-15T12:00:00Z') => ({ Trialing: false, ExpiresAt, PriceIds: { Current: 'p', Next: 'p' } });
const alarm = (Enabled: boolean, Triggered: boolean) => ({ Enabled, Triggered });

const sim = (RemainingData: number, ExpiresAt?: string): FarmcamSim => ({
  Product: 'farmcam-sim',
  Imsi: '240011234567890',
  RemainingData,
  Subscription: subscription(ExpiresAt),
  Metadata: metadata,
});

const fence = (over: Partial<Fencealarm> = {}): Fencealarm => ({
  Product: 'fencealarm',
  Imei: '356938035643809',
  LastReport: null,
  Config: { AlarmLevel: 3000 },
  LowBatteryAlarm: { Triggered: false },
  OfflineAlarm: { Triggered: false },
  VoltageAlarm: { Enabled: true, Triggered: false, AlarmLevel: 3000 },
  Calibration: { Enabled: false, ScalingFactor: 1, ExpectedVoltage: 7000 },
  Subscription: subscription(),
  Metadata: metadata,
  ...over,
});

const fence2 = (Enabled: boolean, Triggered: boolean): Fencealarm2 => ({
  Product: 'fencealarm2',
  Imei: '356938035643809',
  Voltage: 4100,
  VoltageAlarm: { Enabled, Triggered, Threshold: 3943 },
  LastUplinkAt: null,
  Subscription: subscription(),
  Metadata: metadata,
});

const plug = (over: Partial<Smartplug> = {}): Smartplug => ({
  Product: 'smartplug',
  Imei: '356938035643809',
  Load: 0,
  Consumption: 0,
  Temperature: 20,
  SignalStrength: 80,
  LastUplinkAt: null,
  PowerEnabled: true,
  BeepEnabled: false,
  LoadAlarm: { ...alarm(true, false), Lower: 0, Upper: 3700 },
  OfflineAlarm: alarm(true, false),
  PowerFailureAlarm: alarm(true, false),
  TemperatureRangeAlarm: { ...alarm(true, false), Lower: -20, Upper: 70 },
  Timer: { Enabled: false, On: [], Off: [] },
  Thermostat: { Enabled: false, Triggers: [] },
  Subscription: subscription(),
  Metadata: metadata,
  ...over,
});

const plug2 = (over: Partial<Smartplug2> = {}): Smartplug2 => ({
  Product: 'smartplug2',
  Imei: '356938035643809',
  Load: 0,
  Consumption: 0,
  SignalStrength: 80,
  LastUploadAt: null,
  ConnectionLost: false,
  PowerEnabled: true,
  DeviceConfig: { OutputPower: true, AuditoryFeedback: true, PowerLoadAlarm: { Lower: 0, Upper: 3700 } },
  ConsumptionNotification: alarm(true, false),
  PowerLoadAlarmNotification: alarm(true, false),
  PowerFailureNotification: alarm(true, false),
  Timer: { Enabled: false, On: [], Off: [] },
  Subscription: subscription(),
  Metadata: metadata,
  ...over,
});

const warn = (device: Device) => deviceWarnings(device, now);

describe('FarmCam SIM warnings (docs/product/states.md, docs/product/limits.md)', () => {
  test('out of data below 1, low data below 20,000,000 bytes', () => {
    expect(warn(sim(0))).toEqual(['outOfData']);
    expect(warn(sim(-5))).toEqual(['outOfData']);
    expect(warn(sim(1))).toEqual(['lowData']);
    expect(warn(sim(19_999_999))).toEqual(['lowData']);
    expect(warn(sim(20_000_000))).toEqual([]);
  });

  test('none once the subscription has expired', () => {
    expect(warn(sim(0, '2025-06-01T00:00:00Z'))).toEqual([]);
    expect(warn(sim(19_999_999, now.toISOString()))).toEqual([]);
  });
});

describe('fence and plug warnings: triggered, and enabled where a flag exists (docs/product/states.md)', () => {
  test('FenceAlarm', () => {
    expect(warn(fence())).toEqual([]);
    expect(warn(fence({ VoltageAlarm: { Enabled: true, Triggered: true, AlarmLevel: 3000 } }))).toEqual(['voltage']);
    expect(warn(fence({ VoltageAlarm: { Enabled: false, Triggered: true, AlarmLevel: 3000 } }))).toEqual([]);
    expect(warn(fence({ LowBatteryAlarm: { Triggered: true }, OfflineAlarm: { Triggered: true } }))).toEqual(['lowBattery', 'offline']);
  });

  test('a fence below its own level is low whether or not its alarm is on; a raised alarm is not shown twice (docs/product/states.md State at a glance)', () => {
    const report = (Voltage: number) => ({ Timestamp: '2025-06-15T11:55:00Z', Data: { Voltage, Battery: 12.4, Rssi: -70 } });
    // Alarm off at the 3000 V level it keeps: 1500 V is low, 3000 V is not.
    expect(warn(fence({ LastReport: report(1500), VoltageAlarm: { Enabled: false, Triggered: true, AlarmLevel: 3000 } }))).toEqual([
      'lowVoltage',
    ]);
    expect(warn(fence({ LastReport: report(3000), VoltageAlarm: { Enabled: false, Triggered: false, AlarmLevel: 3000 } }))).toEqual([]);
    // Alarm on and raised: the alarm, not a second warning.
    expect(warn(fence({ LastReport: report(1500), VoltageAlarm: { Enabled: true, Triggered: true, AlarmLevel: 3000 } }))).toEqual([
      'voltage',
    ]);
    // No level of its own: judged against the 5000 V default.
    const noLevel = { Enabled: false, Triggered: false, AlarmLevel: 0 };
    expect(warn(fence({ LastReport: report(4999), VoltageAlarm: noLevel }))).toEqual(['lowVoltage']);
    expect(warn(fence({ LastReport: report(5000), VoltageAlarm: noLevel }))).toEqual([]);
    const level2 = (Voltage: number): Fencealarm2 => ({
      ...fence2(false, false),
      Voltage,
      VoltageAlarm: { Enabled: false, Triggered: false, Threshold: 5010 },
    });
    expect(warn(level2(1479))).toEqual(['lowVoltage']);
    expect(warn(level2(5010))).toEqual([]);
    expect(warn({ ...level2(0), Voltage: null })).toEqual([]);
  });

  test('FenceAlarm2', () => {
    expect(warn(fence2(true, true))).toEqual(['voltage']);
    expect(warn(fence2(false, true))).toEqual([]);
    expect(warn(fence2(true, false))).toEqual([]);
  });

  test('SmartPlug', () => {
    expect(warn(plug())).toEqual([]);
    expect(
      warn(
        plug({
          LoadAlarm: { ...alarm(true, true), Lower: 0, Upper: 100 },
          OfflineAlarm: alarm(true, true),
          PowerFailureAlarm: alarm(true, true),
          TemperatureRangeAlarm: { ...alarm(true, true), Lower: 0, Upper: 30 },
        }),
      ),
    ).toEqual(['load', 'offline', 'powerFailure', 'temperature']);
    expect(warn(plug({ OfflineAlarm: alarm(false, true), PowerFailureAlarm: alarm(false, true) }))).toEqual([]);
  });

  test('SmartPlug2', () => {
    expect(warn(plug2())).toEqual([]);
    expect(warn(plug2({ ConnectionLost: true }))).toEqual(['connectionLost']);
    expect(
      warn(
        plug2({
          PowerLoadAlarmNotification: alarm(true, true),
          PowerFailureNotification: alarm(true, true),
          ConsumptionNotification: alarm(true, true),
        }),
      ),
    ).toEqual(['powerLoad', 'powerFailure', 'consumption']);
    expect(warn(plug2({ PowerFailureNotification: alarm(false, true) }))).toEqual([]);
  });
});
