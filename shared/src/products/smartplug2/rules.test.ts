// SmartPlug2's daily consumption limit (docs/product/products/smartplug2.md "Consumption notification"): the day's use is
// the meter less its value at the day's first reading; a drop of the meter starts the count again from the new value; Triggered
// goes true once when the use passes the limit and clears with the next day, on the owner's wall clock.
import { alarmTransitions, deviceWarnings, readingPatch, type StoredFields } from '../registry';
import type { Smartplug2 } from './contract';
import { dailyLimitKWh } from '../../domain/alarms';
import { consumptionDate, consumptionPatch, usedToday } from './rules';

type Fields = Pick<Smartplug2, 'ConsumptionNotification' | 'Timer'>;

const STOCKHOLM = { Enabled: false, On: [], Off: [], TimeZone: 'Europe/Stockholm' };
const plug = (over: Partial<Fields> = {}): Fields => ({
  ConsumptionNotification: { Enabled: true, Triggered: false, DailyLimitKWh: 10 },
  Timer: STOCKHOLM,
  ...over,
});

/** Applies readings one after another as ingest does (the fields keep what the patch sets), returning the fields after each. */
function run(start: Fields, readings: [string, number][]): Fields[] {
  let fields = start;
  return readings.map(([at, Consumption]) => {
    const patch = consumptionPatch(fields, { Consumption }, new Date(at));
    fields = { ...fields, ConsumptionNotification: { ...fields.ConsumptionNotification, ...patch.ConsumptionNotification } };
    return fields;
  });
}

describe('the consumption day', () => {
  it('is the date on the timer’s zone, UTC without one (or with one the runtime does not know)', () => {
    // 23:30 UTC on 28 November is already the 29th in Stockholm.
    const at = new Date('2026-11-28T23:30:00Z');
    expect(consumptionDate('Europe/Stockholm', at)).toBe('2026-11-29');
    expect(consumptionDate(undefined, at)).toBe('2026-11-28');
    expect(consumptionDate('Not/AZone', at)).toBe('2026-11-28');
  });

  it('starts at the first reading, with nothing used yet', () => {
    const [first] = run(plug(), [['2026-11-29T06:00:00Z', 35_012]]);
    expect(first.ConsumptionNotification).toEqual({
      Enabled: true,
      Triggered: false,
      DailyLimitKWh: 10,
      Day: { Date: '2026-11-29', StartWh: 35_012 },
    });
  });
});

describe('the limit', () => {
  it('triggers once the day’s use passes it, not at it, and stays triggered for the rest of the day', () => {
    const after = run(plug(), [
      ['2026-11-29T06:00:00Z', 5_000],
      ['2026-11-29T12:00:00Z', 15_000], // 10 kWh: at the limit, not over it
      ['2026-11-29T12:05:00Z', 15_001],
      ['2026-11-29T12:10:00Z', 15_002],
    ]);
    expect(after.map((fields) => fields.ConsumptionNotification.Triggered)).toEqual([false, false, true, true]);
    expect(usedToday(after[2].ConsumptionNotification.Day!, 15_001)).toBe(10_001);
    // The day's state is written only when it changes: the readings in between leave it as it was.
    expect(after[3].ConsumptionNotification.Day).toBe(after[0].ConsumptionNotification.Day);
  });

  it('clears at the next day on the owner’s clock, and counts that day from its first reading', () => {
    const after = run(plug(), [
      ['2026-11-29T06:00:00Z', 0],
      ['2026-11-29T20:00:00Z', 12_300],
      // 23:10 UTC is 00:10 on 30 November in Stockholm.
      ['2026-11-29T23:10:00Z', 12_400],
      ['2026-11-30T10:00:00Z', 20_000],
    ]);
    expect(after.map((fields) => fields.ConsumptionNotification.Triggered)).toEqual([false, true, false, false]);
    expect(after[2].ConsumptionNotification.Day).toEqual({ Date: '2026-11-30', StartWh: 12_400 });
  });

  it('is counted on UTC days when the plug has no time zone', () => {
    const after = run(plug({ Timer: { Enabled: false, On: [], Off: [] } }), [
      ['2026-11-29T20:00:00Z', 0],
      ['2026-11-29T23:10:00Z', 11_000],
    ]);
    expect(after[1].ConsumptionNotification).toMatchObject({ Triggered: true, Day: { Date: '2026-11-29' } });
  });

  it('uses the default of 10 kWh for a device saved before the limit existed', () => {
    const old = plug({ ConsumptionNotification: { Enabled: true, Triggered: false } });
    expect(dailyLimitKWh(old.ConsumptionNotification)).toBe(10);
    const after = run(old, [
      ['2026-11-29T06:00:00Z', 0],
      ['2026-11-29T07:00:00Z', 10_001],
    ]);
    expect(after[1].ConsumptionNotification.Triggered).toBe(true);
  });

  it('a lower limit set during the day triggers at the next reading over it', () => {
    const [, before] = run(plug(), [
      ['2026-11-29T06:00:00Z', 0],
      ['2026-11-29T07:00:00Z', 3_000],
    ]);
    expect(before.ConsumptionNotification.Triggered).toBe(false);
    const lowered = { ...before, ConsumptionNotification: { ...before.ConsumptionNotification, DailyLimitKWh: 2.5 } };
    expect(run(lowered, [['2026-11-29T07:05:00Z', 3_010]])[0].ConsumptionNotification.Triggered).toBe(true);
  });
});

describe('a meter reset or wrap', () => {
  it('starts the count again from the new value, and is never counted as use', () => {
    const after = run(plug(), [
      ['2026-11-29T06:00:00Z', 90_000],
      ['2026-11-29T09:00:00Z', 96_000], // 6 kWh
      ['2026-11-29T09:05:00Z', 40], // the meter restarted: no use, no trigger
      ['2026-11-29T12:00:00Z', 9_040], // 9 kWh since
      ['2026-11-29T13:00:00Z', 10_041], // 10.001 kWh since
    ]);
    expect(after[2].ConsumptionNotification.Day).toEqual({ Date: '2026-11-29', StartWh: 40 });
    expect(usedToday(after[3].ConsumptionNotification.Day!, 9_040)).toBe(9_000);
    expect(after.map((fields) => fields.ConsumptionNotification.Triggered)).toEqual([false, false, false, false, true]);
  });

  it('keeps a limit passed before it', () => {
    const after = run(plug(), [
      ['2026-11-29T06:00:00Z', 5_000],
      ['2026-11-29T10:00:00Z', 15_500],
      ['2026-11-29T10:05:00Z', 100],
    ]);
    expect(after.map((fields) => fields.ConsumptionNotification.Triggered)).toEqual([false, true, true]);
    expect(after[2].ConsumptionNotification.Day).toEqual({ Date: '2026-11-29', StartWh: 100 });
  });
});

describe('through the product registry', () => {
  const stored = (over: Partial<Smartplug2> = {}): Smartplug2 =>
    ({
      Product: 'smartplug2',
      Imei: '356938035643804',
      Load: 100,
      Consumption: 0,
      SignalStrength: 80,
      LastUploadAt: '2026-11-29T06:00:00.000Z',
      ConnectionLost: false,
      PowerEnabled: true,
      DeviceConfig: { OutputPower: true, AuditoryFeedback: true, PowerLoadAlarm: { Lower: 0, Upper: 3700 } },
      ConsumptionNotification: { Enabled: true, Triggered: false, DailyLimitKWh: 10, Day: { Date: '2026-11-29', StartWh: 0 } },
      PowerLoadAlarmNotification: { Enabled: false, Triggered: false },
      PowerFailureNotification: { Enabled: false, Triggered: false },
      Timer: STOCKHOLM,
      Subscription: { Trialing: false, ExpiresAt: '2027-01-01T00:00:00.000Z', PriceIds: { Current: 'p', Next: 'p' } },
      Metadata: { Name: 'Pump', Tags: [], OwnerEmail: 'o@farm.se', Access: ['o@farm.se'], Notify: [], Owner: 'u1' },
      ...over,
    }) as Smartplug2;
  const reading = { At: '2026-11-29T12:00:00Z', Load: 100, Consumption: 12_345, SignalStrength: 80, PowerEnabled: true, MainsPower: true };

  it('a reading over the limit is a consumption transition with the use today and the limit, in kWh', () => {
    const before = stored() as unknown as StoredFields;
    const after = { ...before, ...readingPatch('smartplug2', before, reading, new Date(reading.At)) };
    after.ConsumptionNotification = { ...(before.ConsumptionNotification as object), ...(after.ConsumptionNotification as object) };
    expect(alarmTransitions('smartplug2', before, after)).toEqual([
      { alarm: 'consumption', triggered: true, enabled: true, value: 12.345, unit: 'kWh', limit: 10 },
    ]);
  });

  it('shows the warning while enabled and triggered, on its day only', () => {
    const triggered = stored({
      ConsumptionNotification: { Enabled: true, Triggered: true, DailyLimitKWh: 10, Day: { Date: '2026-11-29', StartWh: 0 } },
    });
    expect(deviceWarnings(triggered, new Date('2026-11-29T22:59:00Z'))).toEqual(['consumption']);
    // Midnight in Stockholm: a new day, before its first reading.
    expect(deviceWarnings(triggered, new Date('2026-11-29T23:00:00Z'))).toEqual([]);
    const off = stored({ ConsumptionNotification: { ...triggered.ConsumptionNotification, Enabled: false } });
    expect(deviceWarnings(off, new Date('2026-11-29T12:00:00Z'))).toEqual([]);
  });
});
