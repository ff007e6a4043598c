import { alarmTransitions, currentAlarm } from '../products';
import { defaultAlarmChannels, isHeldTriggerDue, isReminderDue, NEVER_NOTIFIED, noticeDecision } from './alarmNotifications';

const fence = (voltage: number, triggered: boolean, enabled = true, offline = false) => ({
  LastReport: { Timestamp: '2026-01-01T00:00:00Z', Data: { Voltage: voltage, Battery: 12.4, Rssi: -70 } },
  VoltageAlarm: { Enabled: enabled, Triggered: triggered, AlarmLevel: 3000 },
  LowBatteryAlarm: { Triggered: false },
  OfflineAlarm: { Triggered: offline },
});

describe('alarmTransitions', () => {
  it('reports a fence alarm that goes off with its value, and its clear', () => {
    expect(alarmTransitions('fencealarm', fence(5000, false), fence(2000, true))).toEqual([
      { alarm: 'fence_voltage', triggered: true, enabled: true, value: 2000, unit: 'V' },
    ]);
    expect(alarmTransitions('fencealarm', fence(2000, true), fence(5000, false))).toEqual([
      { alarm: 'fence_voltage', triggered: false, enabled: true, value: 5000, unit: 'V' },
    ]);
  });

  it('reports nothing when no Triggered changed', () => {
    expect(alarmTransitions('fencealarm', fence(2000, true), fence(1900, true))).toEqual([]);
    expect(alarmTransitions('farmcam-sim', { RemainingData: 5 }, { RemainingData: 0 })).toEqual([]);
  });

  it('tells a FarmCam SIM data alert with the data left in bytes', () => {
    const sim = (RemainingData: number, Triggered: boolean) => ({
      RemainingData,
      DataAlert: { Enabled: true, ThresholdMb: 100, Triggered },
    });
    expect(alarmTransitions('farmcam-sim', sim(150_000_000, false), sim(90_000_000, true))).toEqual([
      { alarm: 'low_data', triggered: true, enabled: true, value: 90_000_000, unit: 'B' },
    ]);
  });

  it('says when the alarm is switched off, and treats alarms without a switch as on', () => {
    const [voltage, offline] = alarmTransitions('fencealarm', fence(5000, false, false), fence(2000, true, false, true));
    expect(voltage).toMatchObject({ alarm: 'fence_voltage', enabled: false });
    expect(offline).toEqual({ alarm: 'offline', triggered: true, enabled: true, value: null, unit: null });
  });

  it('reads each product’s own fields', () => {
    expect(
      alarmTransitions(
        'fencealarm2',
        { Voltage: 6000, VoltageAlarm: { Enabled: true, Triggered: false } },
        { Voltage: 1000, VoltageAlarm: { Enabled: true, Triggered: true } },
      ),
    ).toEqual([{ alarm: 'fence_voltage', triggered: true, enabled: true, value: 1000, unit: 'V' }]);
    const plug = (t: boolean) => ({
      Load: 10,
      Temperature: t ? 60 : 20,
      LoadAlarm: { Enabled: true, Triggered: false },
      TemperatureRangeAlarm: { Enabled: true, Triggered: t },
      PowerFailureAlarm: { Enabled: false, Triggered: t },
      OfflineAlarm: { Enabled: true, Triggered: false },
    });
    expect(alarmTransitions('smartplug', plug(false), plug(true)).map((x) => [x.alarm, x.enabled, x.value, x.unit])).toEqual([
      ['temperature', true, 60, '°C'],
      ['power_failure', false, null, null],
    ]);
    const plug2 = (lost: boolean, load: boolean) => ({
      Load: 900,
      ConnectionLost: lost,
      PowerLoadAlarmNotification: { Enabled: true, Triggered: load },
      PowerFailureNotification: { Enabled: true, Triggered: false },
    });
    expect(alarmTransitions('smartplug2', plug2(false, false), plug2(true, true)).map((x) => [x.alarm, x.triggered, x.value])).toEqual([
      ['load', true, 900],
      ['offline', true, null],
    ]);
  });
});

describe('noticeDecision', () => {
  const quiet = 15 * 60_000;
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
  const on = { triggered: true, enabled: true };
  const off = { triggered: false, enabled: true };

  it('tells a first trigger and its clear', () => {
    const first = noticeDecision(on, null, at(0), quiet);
    expect(first).toEqual({ send: true, next: { open: true, notifiedAt: at(0), heldSince: null } });
    expect(noticeDecision(off, first.next!, at(1), quiet)).toEqual({
      send: true,
      next: { open: false, notifiedAt: at(0), heldSince: null },
    });
  });

  it('holds a trigger within the quiet period, and drops it when the alarm clears before the period is over', () => {
    const closed = { open: false, notifiedAt: at(0), heldSince: null };
    const held = noticeDecision(on, closed, at(14), quiet);
    expect(held).toEqual({ send: false, next: { open: false, notifiedAt: at(0), heldSince: at(14) } });
    // Flapping on within the period keeps when it first went off.
    expect(noticeDecision(on, held.next!, at(14.5), quiet)).toEqual({ send: false, next: held.next });
    expect(noticeDecision(off, held.next!, at(14), quiet)).toEqual({ send: false, next: closed });
    expect(noticeDecision(off, closed, at(14), quiet)).toEqual({ send: false });
    expect(noticeDecision(on, closed, at(15), quiet)).toEqual({ send: true, next: { open: true, notifiedAt: at(15), heldSince: null } });
  });

  it('releases a held trigger once the quiet period after the last notice is over', () => {
    const held = { open: false, notifiedAt: at(0), heldSince: at(3) };
    expect(isHeldTriggerDue(held, at(14), quiet)).toBe(false);
    expect(isHeldTriggerDue(held, at(15), quiet)).toBe(true);
    expect(isHeldTriggerDue({ ...held, heldSince: null }, at(60), quiet)).toBe(false);
  });

  it('holds every trigger for the hold (the offline delay), drops it when it clears within, releases it after', () => {
    const hold = 2 * 60_000;
    const held = noticeDecision(on, null, at(0), quiet, hold);
    expect(held).toEqual({ send: false, next: { open: false, notifiedAt: NEVER_NOTIFIED, heldSince: at(0) } });
    expect(isHeldTriggerDue(held.next!, at(1), quiet, hold)).toBe(false);
    expect(isHeldTriggerDue(held.next!, at(2), quiet, hold)).toBe(true);
    // Back within the hold (a restart): nothing told, not even the clear.
    expect(noticeDecision(off, held.next!, at(1), quiet, hold)).toEqual({ send: false, next: { open: false, notifiedAt: NEVER_NOTIFIED, heldSince: null } });
    // The quiet period still counts: a trigger held after a recent notice waits for the later of the two.
    const recent = noticeDecision(on, { open: false, notifiedAt: at(0), heldSince: null }, at(10), quiet, hold);
    expect(isHeldTriggerDue(recent.next!, at(12), quiet, hold)).toBe(false);
    expect(isHeldTriggerDue(recent.next!, at(15), quiet, hold)).toBe(true);
  });

  it('reads one alarm as the device has it now', () => {
    const fields = { VoltageAlarm: { Enabled: true, Triggered: true, AlarmLevel: 5000 }, LastReport: { Data: { Voltage: 1800 } } };
    expect(currentAlarm('fencealarm', fields, 'fence_voltage')).toEqual({ triggered: true, enabled: true, value: 1800, unit: 'V' });
    expect(currentAlarm('smartplug2', { ConnectionLost: false }, 'offline')).toEqual({
      triggered: false,
      enabled: true,
      value: null,
      unit: null,
    });
    expect(currentAlarm('fencealarm2', fields, 'load')).toBeNull();
  });

  it('tells no trigger of an alarm switched off, and no clear of a trigger never told', () => {
    expect(noticeDecision({ triggered: true, enabled: false }, null, at(0), quiet)).toEqual({ send: false });
    expect(noticeDecision(off, null, at(0), quiet)).toEqual({ send: false });
  });

  it('reminds of an open alarm after the reminder interval only', () => {
    expect(isReminderDue({ open: true, notifiedAt: at(0), heldSince: null }, at(59), 60 * 60_000)).toBe(false);
    expect(isReminderDue({ open: true, notifiedAt: at(0), heldSince: null }, at(60), 60 * 60_000)).toBe(true);
    expect(isReminderDue({ open: false, notifiedAt: at(0), heldSince: null }, at(600), 60 * 60_000)).toBe(false);
  });
});

describe('defaultAlarmChannels', () => {
  it('gives the owner every channel and anyone else e-mail only, until they choose', () => {
    expect(defaultAlarmChannels(true)).toEqual({ email: true, sms: true, push: true });
    expect(defaultAlarmChannels(false)).toEqual({ email: true, sms: false, push: false });
  });
});
