import { decideRelay, lastOccurrence, lastTimerSwitch, thermostatWish, type RelayRules } from './relay';

// 2026-03-02 is a Monday (day 1).
const at = (iso: string) => new Date(`2026-03-${iso}Z`);
const timer = (On: string[], Off: string[], Enabled = true) => ({ Enabled, On, Off });
const trigger = (Days: string, Above: boolean, Temperature: number, SetPowerEnabled: boolean) => ({
  Days,
  Above,
  Temperature,
  SetPowerEnabled,
});

describe('lastOccurrence', () => {
  it('finds the latest named moment at or before a time, across days and the week', () => {
    expect(lastOccurrence({ minute: 30, hour: 6, days: [1] }, at('02T06:30:00'))).toEqual(at('02T06:30:00'));
    expect(lastOccurrence({ minute: 30, hour: 6, days: [1] }, at('02T06:29:59'))).toEqual(new Date('2026-02-23T06:30:00Z'));
    expect(lastOccurrence({ minute: 0, hour: 22, days: [0] }, at('02T10:00:00'))).toEqual(at('01T22:00:00'));
    expect(lastOccurrence({ minute: 0, hour: 22, days: [] }, at('02T10:00:00'))).toBeNull();
  });
});

describe('lastTimerSwitch', () => {
  it('switches at a moment inside (from, to] and on the right UTC weekday only', () => {
    const t = timer(['30 6 1,2,3,4,5'], ['0 18 1,2,3,4,5']);
    expect(lastTimerSwitch(t, at('02T06:29:50'), at('02T06:30:00'))).toEqual({ enabled: true, at: at('02T06:30:00') });
    // The moment belongs to the window that ends at it, not to the next one.
    expect(lastTimerSwitch(t, at('02T06:30:00'), at('02T06:30:10'))).toBeNull();
    expect(lastTimerSwitch(t, at('02T17:59:55'), at('02T18:00:05'))).toEqual({ enabled: false, at: at('02T18:00:00') });
    // Sunday 1 March: no weekday schedule.
    expect(lastTimerSwitch(t, at('01T06:00:00'), at('01T19:00:00'))).toBeNull();
  });

  it('takes the latest moment when a long gap holds several, and off when on and off share a moment', () => {
    const t = timer(['30 6 1', '0 12 1'], ['0 9 1']);
    expect(lastTimerSwitch(t, at('02T06:00:00'), at('02T10:00:00'))).toEqual({ enabled: false, at: at('02T09:00:00') });
    expect(lastTimerSwitch(t, at('02T06:00:00'), at('02T13:00:00'))).toEqual({ enabled: true, at: at('02T12:00:00') });
    expect(lastTimerSwitch(timer(['0 9 1'], ['0 9 1']), at('02T08:59:00'), at('02T09:00:00'))?.enabled).toBe(false);
  });

  it('does nothing when the timer is disabled, missing, or a schedule is not valid', () => {
    expect(lastTimerSwitch(timer(['30 6 1'], [], false), at('02T06:00:00'), at('02T07:00:00'))).toBeNull();
    expect(lastTimerSwitch(undefined, at('02T06:00:00'), at('02T07:00:00'))).toBeNull();
    expect(lastTimerSwitch(timer(['31 6 1', 'x'], []), at('02T06:00:00'), at('02T07:00:00'))).toBeNull();
  });
});

describe('zone timers across summer time (docs/protocol.md "Time zones")', () => {
  // 07:00 every day on the local wall clock; 2026's changes: 29 March and 25 October at 01:00 UTC.
  const zoned = (zone: string) => ({ Enabled: true, On: ['0 7 0,1,2,3,4,5,6'], Off: [], TimeZone: zone });
  const utc = (iso: string) => new Date(iso);

  it.each(['Europe/Stockholm', 'Europe/Berlin'])('%s: fires at 07:00 local in winter and in summer, never at 07:00 UTC', (zone) => {
    const fires = (from: string, to: string) => lastTimerSwitch(zoned(zone), utc(from), utc(to))?.at.toISOString() ?? null;
    expect(fires('2026-03-28T05:55:00Z', '2026-03-28T06:05:00Z')).toBe('2026-03-28T06:00:00.000Z'); // CET
    expect(fires('2026-03-29T04:55:00Z', '2026-03-29T05:05:00Z')).toBe('2026-03-29T05:00:00.000Z'); // CEST
    expect(fires('2026-03-29T06:55:00Z', '2026-03-29T07:05:00Z')).toBeNull();
    expect(fires('2026-10-24T04:55:00Z', '2026-10-24T05:05:00Z')).toBe('2026-10-24T05:00:00.000Z'); // CEST
    expect(fires('2026-10-25T05:55:00Z', '2026-10-25T06:05:00Z')).toBe('2026-10-25T06:00:00.000Z'); // CET
    expect(fires('2026-10-25T04:55:00Z', '2026-10-25T05:05:00Z')).toBeNull();
  });

  it('fires once in the night summer time ends, and a skipped 02:30 still fires (at 03:30)', () => {
    const night = { Enabled: true, On: ['30 2 0'], Off: [], TimeZone: 'Europe/Berlin' };
    // 02:30 occurs twice on 25 October (00:30 and 01:30 UTC): the first only.
    expect(lastTimerSwitch(night, utc('2026-10-25T00:00:00Z'), utc('2026-10-25T02:00:00Z'))?.at).toEqual(utc('2026-10-25T00:30:00Z'));
    expect(lastTimerSwitch(night, utc('2026-10-25T01:00:00Z'), utc('2026-10-25T02:00:00Z'))).toBeNull();
    // 02:30 does not occur on 29 March: 03:30 CEST instead.
    expect(lastTimerSwitch(night, utc('2026-03-29T00:00:00Z'), utc('2026-03-29T02:00:00Z'))?.at).toEqual(utc('2026-03-29T01:30:00Z'));
  });

  it('the old form and an unknown zone stay in UTC', () => {
    const old = { Enabled: true, On: ['0 7 0,1,2,3,4,5,6'], Off: [] };
    expect(lastTimerSwitch(old, utc('2026-03-29T06:55:00Z'), utc('2026-03-29T07:05:00Z'))?.at).toEqual(utc('2026-03-29T07:00:00Z'));
    expect(lastTimerSwitch({ ...old, TimeZone: 'Mars/Olympus' }, utc('2026-03-29T06:55:00Z'), utc('2026-03-29T07:05:00Z'))).not.toBeNull();
  });

  it('a zone thermostat reads its days on the local calendar', () => {
    const monday = { Enabled: true, Triggers: [trigger('1', false, 5, true)], TimeZone: 'Europe/Stockholm' };
    // Sunday 22:30 UTC is Monday 00:30 in Stockholm (CEST).
    expect(thermostatWish(monday, utc('2026-03-29T22:30:00Z'), 0)).toBe(true);
    expect(thermostatWish({ ...monday, TimeZone: undefined }, utc('2026-03-29T22:30:00Z'), 0)).toBeNull();
  });
});

describe('thermostatWish', () => {
  const thermostat = { Enabled: true, Triggers: [trigger('1,2', false, 5, true), trigger('1,2', true, 8, false)] };

  it('switches on below and off above, on the listed UTC days, and has no wish in between', () => {
    expect(thermostatWish(thermostat, at('02T12:00:00'), 4.9)).toBe(true);
    expect(thermostatWish(thermostat, at('02T12:00:00'), 8.1)).toBe(false);
    expect(thermostatWish(thermostat, at('02T12:00:00'), 6)).toBeNull();
    expect(thermostatWish(thermostat, at('02T12:00:00'), 5)).toBeNull(); // strictly below
    expect(thermostatWish(thermostat, at('04T12:00:00'), 0)).toBeNull(); // Wednesday
  });

  it('lets the last matching trigger win, and wishes nothing when disabled or without a temperature', () => {
    const both = { Enabled: true, Triggers: [trigger('1', false, 10, true), trigger('1', false, 8, false)] };
    expect(thermostatWish(both, at('02T12:00:00'), 7)).toBe(false);
    expect(thermostatWish({ ...thermostat, Enabled: false }, at('02T12:00:00'), 0)).toBeNull();
    expect(thermostatWish(thermostat, at('02T12:00:00'), null)).toBeNull();
  });
});

describe('decideRelay', () => {
  const rules: RelayRules = {
    Timer: timer(['0 6 1'], ['0 22 1']),
    Thermostat: { Enabled: true, Triggers: [trigger('1', false, 2, true)] },
  };
  const check = (from: string, to: string, temperature: number | null, current: boolean) =>
    decideRelay(rules, { from: at(from), to: at(to), temperature, current });

  it('keeps the current state when no rule applies (a manual set-power holds)', () => {
    expect(check('02T10:00:00', '02T10:00:10', 10, false)).toBe(false);
    expect(check('02T10:00:00', '02T10:00:10', 10, true)).toBe(true);
    expect(decideRelay({}, { from: at('02T05:00:00'), to: at('02T07:00:00'), temperature: 0, current: false })).toBe(false);
  });

  it('switches at a timer moment', () => {
    expect(check('02T05:59:55', '02T06:00:05', 10, false)).toBe(true);
    expect(check('02T21:59:55', '02T22:00:05', 10, true)).toBe(false);
  });

  it('gives a matching thermostat trigger the last word over the timer', () => {
    expect(check('02T21:59:55', '02T22:00:05', 1.5, true)).toBe(true);
    expect(check('02T23:00:00', '02T23:00:10', 1.5, false)).toBe(true);
  });
});

describe('sun entries (docs/protocol.md "Sun entries")', () => {
  // Uppsala; sunset 14:45 CET on 21 December, 22:16 CEST on 21 June 2026 (shared domain/sun.test.ts).
  const UPPSALA = { Latitude: 59.8586, Longitude: 17.6389 };
  const sunset30 = { Enabled: true, On: [], Off: ['sunset+30 0,1,2,3,4,5,6'], TimeZone: 'Europe/Stockholm', Location: UPPSALA };
  const utc = (iso: string) => new Date(iso);

  it('switches at sunset + 30 on the local minute, winter and summer', () => {
    expect(lastTimerSwitch(sunset30, utc('2026-12-21T14:14:00Z'), utc('2026-12-21T14:15:00Z'))).toEqual({
      enabled: false,
      at: utc('2026-12-21T14:15:00Z'),
    });
    expect(lastTimerSwitch(sunset30, utc('2026-12-21T14:13:00Z'), utc('2026-12-21T14:14:59Z'))).toBeNull();
    expect(lastTimerSwitch(sunset30, utc('2026-06-21T20:45:00Z'), utc('2026-06-21T20:46:00Z'))).toEqual({
      enabled: false,
      at: utc('2026-06-21T20:46:00Z'),
    });
    expect(lastTimerSwitch(sunset30, utc('2026-06-21T20:44:00Z'), utc('2026-06-21T20:45:59Z'))).toBeNull();
  });

  it('does nothing without a location, or where the sun does not set (Tromsø at midsummer)', () => {
    const { Location: _, ...withoutLocation } = sunset30;
    expect(lastTimerSwitch(withoutLocation, utc('2026-12-21T14:00:00Z'), utc('2026-12-21T15:00:00Z'))).toBeNull();
    const tromso = { ...sunset30, TimeZone: 'Europe/Oslo', Location: { Latitude: 69.6492, Longitude: 18.9553 } };
    expect(lastTimerSwitch(tromso, utc('2026-06-21T00:00:00Z'), utc('2026-06-21T23:59:00Z'))).toBeNull();
  });

  it('a sun entry and a clock entry share the timer: the later moment wins', () => {
    const mixed = { ...sunset30, On: ['0 15 0,1,2,3,4,5,6'] };
    expect(
      decideRelay(
        { Timer: mixed },
        { from: utc('2026-12-21T13:00:00Z'), to: utc('2026-12-21T14:20:00Z'), temperature: null, current: true },
      ),
    ).toBe(false);
    expect(
      decideRelay(
        { Timer: mixed },
        { from: utc('2026-12-21T13:00:00Z'), to: utc('2026-12-21T14:10:00Z'), temperature: null, current: false },
      ),
    ).toBe(true);
  });
});
