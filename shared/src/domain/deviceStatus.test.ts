// The state at a glance (docs/product/states.md "State at a glance"): the real condition of a device, whatever its
// alarm switches say; paused alarms and offline values' age.
import type { FarmcamSim, Fencealarm, Fencealarm2 } from '../contract';
import { emptyDeviceList } from '../products/registry';
import { deviceGlance, devicesNeedingAttention, needsAttention, valuesAge } from './deviceStatus';

const now = new Date('2026-11-29T12:00:00Z');
const metadata = { Name: 'Fence', Tags: [], OwnerEmail: 'o@farm.se', Access: ['o@farm.se'], Notify: [], Owner: 'u1' };
const active = { Trialing: true, ExpiresAt: '2026-12-20T00:00:00Z', PriceIds: { Current: '', Next: '' } };
const lapsed = { Trialing: false, ExpiresAt: '2026-11-28T00:00:00Z', PriceIds: { Current: '', Next: '' } };
const report = (Voltage: number, Timestamp = '2026-11-29T11:58:00Z') => ({ Timestamp, Data: { Voltage, Battery: 12.4, Rssi: -70 } });

const fence = (over: Partial<Fencealarm> = {}): Fencealarm => ({
  Product: 'fencealarm',
  Imei: '356938035643809',
  LastReport: report(6500),
  Config: { AlarmLevel: 5000 },
  LowBatteryAlarm: { Triggered: false },
  OfflineAlarm: { Triggered: false },
  VoltageAlarm: { Enabled: false, Triggered: false, AlarmLevel: 5000 },
  Calibration: { Enabled: false, ScalingFactor: 1, ExpectedVoltage: 0 },
  Connection: { Offline: false, LastSeenAt: '2026-11-29T11:58:00Z' },
  Subscription: active,
  Metadata: metadata,
  ...over,
});

describe('deviceGlance', () => {
  test('a FenceAlarm at 1,479 V with its voltage alarm off is not OK: it needs attention (low voltage, not an alarm)', () => {
    const glance = deviceGlance(
      fence({ LastReport: report(1479), VoltageAlarm: { Enabled: false, Triggered: true, AlarmLevel: 5000 } }),
      now,
    );
    expect(glance).toEqual({ status: 'attention', warnings: ['lowVoltage'], alarmsPaused: false, valuesAt: null, paymentRetryAt: null, trialEndsAt: null });
    expect(needsAttention(glance)).toBe(true);
  });

  test('the same fence with its alarm on and raised shows the alarm (warning)', () => {
    const glance = deviceGlance(
      fence({ LastReport: report(1479), VoltageAlarm: { Enabled: true, Triggered: true, AlarmLevel: 5000 } }),
      now,
    );
    expect(glance.status).toBe('warning');
    expect(glance.warnings).toEqual(['voltage']);
  });

  test('a low fence and a low battery together are a warning, with both codes', () => {
    const glance = deviceGlance(fence({ LastReport: report(1500), LowBatteryAlarm: { Triggered: true } }), now);
    expect(glance.status).toBe('warning');
    expect(glance.warnings).toEqual(['lowVoltage', 'lowBattery']);
  });

  test('a healthy, watched fence is OK; one whose alarms are paused says so, and is not OK', () => {
    expect(deviceGlance(fence(), now)).toEqual({ status: 'ok', warnings: [], alarmsPaused: false, valuesAt: null, paymentRetryAt: null, trialEndsAt: null });
    const paused = deviceGlance(fence({ Subscription: lapsed }), now);
    expect(paused).toMatchObject({ status: 'paused', warnings: [], alarmsPaused: true, valuesAt: null });
    expect(needsAttention(paused)).toBe(true);
    // A paid plan keeps alarms on after the expiry passes (renewal retries, docs/product/states.md).
    expect(deviceGlance(fence({ Subscription: { ...lapsed, PriceIds: { Current: 'price_m', Next: 'price_m' } } }), now).alarmsPaused).toBe(
      false,
    );
  });

  test('a declined renewal keeps the alarms working and says the payment failed, with the next try (docs/product/billing.md)', () => {
    // A trial that ended with a plan chosen, whose first charge was declined: Current is still '', Next is the plan.
    const retrying = { Trialing: true, ExpiresAt: '2026-11-29T10:00:00Z', PriceIds: { Current: '', Next: 'price_m' } };
    const glance = deviceGlance(fence({ Subscription: retrying, Renewal: { PaymentFailed: true, RetryAt: '2026-11-29T16:00:00Z' } }), now);
    expect(glance).toMatchObject({ status: 'ok', alarmsPaused: false, paymentRetryAt: new Date('2026-11-29T16:00:00Z') });
    expect(needsAttention(glance)).toBe(true);
    // A shared user gets no Renewal: the same active device, nothing about the owner's payment.
    expect(deviceGlance(fence({ Subscription: retrying }), now)).toMatchObject({ status: 'ok', alarmsPaused: false, paymentRetryAt: null });
  });

  test('a trial ending within 7 days with no plan chosen says when; with a plan chosen, or further off, nothing', () => {
    const ending = { Trialing: true, ExpiresAt: '2026-12-05T12:00:00Z', PriceIds: { Current: '', Next: '' } };
    expect(deviceGlance(fence({ Subscription: ending }), now).trialEndsAt).toEqual(new Date('2026-12-05T12:00:00Z'));
    expect(deviceGlance(fence({ Subscription: { ...ending, PriceIds: { Current: '', Next: 'price_m' } } }), now).trialEndsAt).toBeNull();
    expect(deviceGlance(fence({ Subscription: { ...ending, ExpiresAt: '2026-12-07T12:00:00Z' } }), now).trialEndsAt).toBeNull();
    // Over: the alarms are paused at once (no reload, no renewal job needed).
    const over = deviceGlance(fence({ Subscription: ending }), new Date('2026-12-05T12:00:01Z'));
    expect(over).toMatchObject({ status: 'paused', alarmsPaused: true, trialEndsAt: null });
  });

  test('a paused device with a low fence is low (attention) and paused', () => {
    const glance = deviceGlance(fence({ Subscription: lapsed, LastReport: report(1500) }), now);
    expect(glance.status).toBe('attention');
    expect(glance.alarmsPaused).toBe(true);
  });

  test('offline: the values are the last reading’s, with its time; without a reading, the last message’s', () => {
    const offline = deviceGlance(
      fence({
        OfflineAlarm: { Triggered: true },
        LastReport: report(6400, '2026-11-29T07:00:00Z'),
        Connection: { Offline: true, LastSeenAt: '2026-11-29T07:01:00Z' },
      }),
      now,
    );
    expect(offline.status).toBe('offline');
    expect(offline.valuesAt).toEqual(new Date('2026-11-29T07:00:00Z'));
    const fence2: Fencealarm2 = {
      Product: 'fencealarm2',
      Imei: '356938035643809',
      Voltage: null,
      VoltageAlarm: { Enabled: false, Triggered: false, Threshold: 5010 },
      LastUplinkAt: null,
      Connection: { Offline: true, LastSeenAt: '2026-11-29T09:00:00Z' },
      Subscription: active,
      Metadata: metadata,
    };
    expect(deviceGlance(fence2, now)).toEqual({
      status: 'offline',
      warnings: [],
      alarmsPaused: false,
      valuesAt: new Date('2026-11-29T09:00:00Z'),
      paymentRetryAt: null,
      trialEndsAt: null,
    });
  });

  test('a device never heard from waits and does not need attention', () => {
    const glance = deviceGlance(fence({ LastReport: null, Connection: { Offline: false, LastSeenAt: null } }), now);
    expect(glance.status).toBe('waiting');
    expect(needsAttention(glance)).toBe(false);
  });

  test('the dashboard summary counts the devices that need attention', () => {
    const sim: FarmcamSim = {
      Product: 'farmcam-sim',
      Imsi: '240011234567890',
      RemainingData: 5e9,
      Subscription: active,
      Metadata: metadata,
    };
    const list = {
      ...emptyDeviceList(),
      FarmcamSims: [sim],
      Fencealarms: [
        fence(),
        fence({ LastReport: report(1500) }),
        fence({ Subscription: lapsed }),
        fence({ Connection: { Offline: true, LastSeenAt: null } }),
      ],
    };
    expect(devicesNeedingAttention(list, now)).toBe(3);
    expect(devicesNeedingAttention(emptyDeviceList(), now)).toBe(0);
  });
});

describe('valuesAge', () => {
  const ago = (ms: number) => valuesAge(new Date(now.getTime() - ms), now);
  test('whole minutes (at least 1) under an hour, hours under two days, then days', () => {
    expect(ago(5_000)).toEqual({ value: 1, unit: 'minute' });
    expect(ago(59 * 60_000 + 59_000)).toEqual({ value: 59, unit: 'minute' });
    expect(ago(60 * 60_000)).toEqual({ value: 1, unit: 'hour' });
    expect(ago(5 * 3_600_000 + 59 * 60_000)).toEqual({ value: 5, unit: 'hour' });
    expect(ago(47 * 3_600_000)).toEqual({ value: 47, unit: 'hour' });
    expect(ago(48 * 3_600_000)).toEqual({ value: 2, unit: 'day' });
  });
});
