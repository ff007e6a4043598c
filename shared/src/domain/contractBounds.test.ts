// The wire contract enforces the same rules as the domain functions (docs/architecture/README.md#paddockshared: the server validates with these).
import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import {
  DeviceList,
  FarmcamSimTrialBody,
  FotaBody,
  RegisterFarmcamSimBody,
  RegisterImeiBody,
  RegisterSmartplug2Body,
  TrialDaysBody,
  UpdateFarmcamSimBody,
  UpdateFencealarm2Body,
  UpdateFencealarmBody,
  UpdateSmartplug2Body,
  UpdateSmartplugBody,
  PowerEnabledBody,
} from '../contract';
import { FENCEALARM2_THRESHOLDS, FENCEALARM_LEVELS } from './alarms';
import { toThermostatTrigger, rulesToTimer } from './timer';

if (!FormatRegistry.Has('date-time')) FormatRegistry.Set('date-time', (v) => !Number.isNaN(Date.parse(v)));

const ok = (schema: TSchema, value: unknown) => expect(Value.Check(schema, value)).toBe(true);
const bad = (schema: TSchema, value: unknown) => expect(Value.Check(schema, value)).toBe(false);

describe('registration bodies', () => {
  test('IMSI and IMEI are 15 digits; a name is required', () => {
    ok(RegisterFarmcamSimBody, { Imsi: '240011234567890', Name: 'Camera 1' });
    bad(RegisterFarmcamSimBody, { Imsi: '24001123456789', Name: 'Camera 1' });
    bad(RegisterFarmcamSimBody, { Imsi: '240011234567890', Name: '' });
    bad(RegisterFarmcamSimBody, { Imsi: '240011234567890', Name: '   ' });
    bad(RegisterFarmcamSimBody, { Imsi: '240011234567890', Name: 'x', Extra: 1 });
    ok(RegisterImeiBody, { Imei: '356938035643809', Name: 'Gate' });
    bad(RegisterImeiBody, { Imei: '35693803564380a', Name: 'Gate' });
    ok(RegisterSmartplug2Body, { Imei: '356938035643809', Name: 'Pump', Owner: 'o@farm.se' });
    ok(RegisterSmartplug2Body, { Imei: '356938035643809', Name: 'Pump' });
  });
});

describe('update bodies are partial and closed', () => {
  test('empty bodies are valid, unknown fields are not', () => {
    for (const schema of [UpdateFarmcamSimBody, UpdateFencealarmBody, UpdateFencealarm2Body, UpdateSmartplugBody, UpdateSmartplug2Body]) {
      ok(schema, {});
      bad(schema, { Nonsense: true });
    }
  });

  test('sharing lists: no duplicates, no email format check (docs/product/validation.md)', () => {
    ok(UpdateFarmcamSimBody, { PriceId: '', Access: ['o@farm.se', 'not an email'], Notify: [], Tags: ['FarmCam SIM', 'o@farm.se', 'Barn'] });
    bad(UpdateFarmcamSimBody, { Access: ['a@farm.se', 'a@farm.se'] });
    bad(UpdateFarmcamSimBody, { Tags: ['Barn', 'Barn'] });
  });

  test('FenceAlarm: levels 2000..8000 step 1000; calibration', () => {
    for (const AlarmLevel of FENCEALARM_LEVELS) ok(UpdateFencealarmBody, { VoltageAlarm: { Enabled: true, AlarmLevel } });
    bad(UpdateFencealarmBody, { VoltageAlarm: { Enabled: true, AlarmLevel: 2500 } });
    bad(UpdateFencealarmBody, { VoltageAlarm: { Enabled: true, AlarmLevel: 9000 } });
    ok(UpdateFencealarmBody, { Calibration: { ExpectedVoltage: 7000 } });
    ok(UpdateFencealarmBody, { Calibration: { Enabled: true, ScalingFactor: 1.1, ExpectedVoltage: 7000 } });
    bad(UpdateFencealarmBody, { Calibration: { ScalingFactor: 0, ExpectedVoltage: 7000 } });
  });

  test('FenceAlarm2: only the seven thresholds', () => {
    for (const Threshold of FENCEALARM2_THRESHOLDS) ok(UpdateFencealarm2Body, { VoltageAlarm: { Enabled: true, Threshold } });
    bad(UpdateFencealarm2Body, { VoltageAlarm: { Enabled: true, Threshold: 2000 } });
    ok(UpdateFencealarm2Body, { Metadata: { Name: 'North' }, Subscription: { PriceId: '' } });
    bad(UpdateFencealarm2Body, { Metadata: { Name: 'North', PriceId: 'x' } });
  });

  test('SmartPlug: load 0..3700 W, temperature -20..70 °C, timer and thermostat syntax', () => {
    ok(UpdateSmartplugBody, { LoadAlarm: { Enabled: true, Lower: 0, Upper: 3700 } });
    bad(UpdateSmartplugBody, { LoadAlarm: { Enabled: true, Lower: -1, Upper: 3700 } });
    bad(UpdateSmartplugBody, { LoadAlarm: { Enabled: true, Lower: 0, Upper: 3701 } });
    ok(UpdateSmartplugBody, { TemperatureRangeAlarm: { Enabled: true, Lower: -20, Upper: 70 } });
    bad(UpdateSmartplugBody, { TemperatureRangeAlarm: { Enabled: true, Lower: -21, Upper: 70 } });
    bad(UpdateSmartplugBody, { TemperatureRangeAlarm: { Enabled: true, Lower: -20, Upper: 71 } });
    const Timer = rulesToTimer(true, [{ hour: 0, minute: 30, days: [1], action: 'on' }], 'Europe/Stockholm');
    ok(UpdateSmartplugBody, { Timer });
    ok(UpdateSmartplugBody, { Timer: { Enabled: true, On: ['0 6 1'], Off: [] } }); // the old UTC-only form
    bad(UpdateSmartplugBody, { Timer: { ...Timer, TimeZone: 'Europe/Stockholm; drop' } });
    bad(UpdateSmartplugBody, { Timer: { ...Timer, TimeZone: '' } });
    bad(UpdateSmartplugBody, { Timer: { Enabled: true, On: ['3 6 1'], Off: [] } });
    bad(UpdateSmartplugBody, { Timer: { Enabled: true, On: ['0 6 1,1'], Off: [] } });
    const trigger = toThermostatTrigger({ days: [0, 6], direction: 'below', temperature: -20, action: 'on' });
    ok(UpdateSmartplugBody, { Thermostat: { Enabled: true, Triggers: [trigger] } });
    bad(UpdateSmartplugBody, { Thermostat: { Enabled: true, Triggers: [{ ...trigger, Temperature: 71 }] } });
    ok(PowerEnabledBody, { Enabled: false });
    bad(PowerEnabledBody, { Enabled: 'yes' });
  });

  test('SmartPlug2: the power toggle is a DeviceConfig subset, or the flat {OutputPower} (docs/product/api.md "Shapes accepted")', () => {
    ok(UpdateSmartplug2Body, { DeviceConfig: { OutputPower: false } });
    ok(UpdateSmartplug2Body, { DeviceConfig: { PowerLoadAlarm: { Lower: 0, Upper: 3700 } }, PowerFailureNotification: { Enabled: true } });
    bad(UpdateSmartplug2Body, { DeviceConfig: { PowerLoadAlarm: { Lower: 0, Upper: 3800 } } });
    ok(UpdateSmartplug2Body, { OutputPower: true });
    bad(UpdateSmartplug2Body, { OutputPower: 'on' });
    bad(UpdateSmartplug2Body, { PowerEnabled: true });
  });
});

describe('trial and FOTA bodies', () => {
  test('trials', () => {
    ok(FarmcamSimTrialBody, { Bytes: 500_000_000, Days: 30 });
    bad(FarmcamSimTrialBody, { Bytes: -1, Days: 30 });
    bad(FarmcamSimTrialBody, { Bytes: 1, Days: 0 });
    ok(TrialDaysBody, { Days: 14 });
    bad(TrialDaysBody, { Days: 1.5 });
  });

  test('FOTA', () => {
    ok(FotaBody, { Url: 'coaps://fw.example.com/fa2.bin', Checksum: 'ab'.repeat(32) });
    bad(FotaBody, { Url: 'http://fw.example.com/fa2.bin', Checksum: 'ab'.repeat(32) });
    bad(FotaBody, { Url: 'coap://fw.example.com/fa2.bin', Checksum: 'nothex!!' });
    bad(FotaBody, { Url: 'coap://fw.example.com/fa2.bin', Checksum: 'deadbeef' }); // a CRC-32, not a SHA-256
  });
});

describe('device list', () => {
  test('a typed item per product, told apart by Product', () => {
    const metadata = { Name: 'D', Tags: [], OwnerEmail: 'o@farm.se', Access: [], Notify: [], Owner: 'u1' };
    const Subscription = { Trialing: false, ExpiresAt: '2025-07-15T12:00:00Z', PriceIds: { Current: '', Next: '' } };
    const list = {
      FarmcamSims: [{ Product: 'farmcam-sim', Imsi: '240011234567890', RemainingData: 1, Subscription, Metadata: metadata }],
      Fencealarms: [],
      Fencealarm2s: [
        {
          Product: 'fencealarm2',
          Imei: '356938035643809',
          Voltage: null,
          VoltageAlarm: { Enabled: false, Triggered: false, Threshold: 1943 },
          LastUplinkAt: null,
          Subscription,
          Metadata: metadata,
        },
      ],
      Smartplugs: [],
      Smartplug2s: [],
    };
    ok(DeviceList, list);
    bad(DeviceList, { ...list, FarmcamSims: [{ ...list.FarmcamSims[0], Product: 'fencealarm' }] });
    bad(DeviceList, { ...list, Smartplugs: undefined });
  });
});
