// What a report says (docs/product/reports.md "What is in it"), computed from the readings and the alarm log of the
// period, for the devices the user owns: per fence the lowest and average voltage and the time below its alarm level,
// per plug the energy used (and its cost at the user's energy price), per SIM the data used, and the alarms raised
// with who acknowledged them.
import { fenceLevel, isProductId, type ProductId } from '@paddock/shared/domain';
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { alarmOccurrences, deviceReadings, devices, users, type UserRow } from '../db/schema';
import type { ReportPeriod } from './period';

export interface FenceSummary {
  key: string;
  product: ProductId;
  name: string;
  /** The level the fence is judged against (its alarm level, else the default of docs/product/states.md). */
  level: number;
  /** Null: no voltage reading in the period. */
  min: number | null;
  avg: number | null;
  /** How long the voltage read below `level`: each reading counts until the next one (the last until the period's end). */
  belowMs: number;
}

export interface PlugSummary {
  key: string;
  product: ProductId;
  name: string;
  kwh: number;
  /** In the user's currency at their energy price; null while no price is set (docs/product/limits.md "Energy price"). */
  cost: number | null;
}

export interface SimSummary {
  key: string;
  product: ProductId;
  name: string;
  /** Megabytes (10⁶ bytes) used: each fall of the remaining data (a top-up, a rise, is not use). */
  usedMb: number;
}

export interface AlarmSummary {
  key: string;
  product: ProductId;
  name: string;
  alarm: string;
  raisedAt: Date;
  /** The name (else the address) of who acknowledged it; null: nobody did. */
  acknowledgedBy: string | null;
}

export interface ReportSummary {
  fences: FenceSummary[];
  plugs: PlugSummary[];
  sims: SimSummary[];
  alarms: AlarmSummary[];
  /** The user has no devices at all. */
  noDevices: boolean;
  currency: 'SEK' | 'EUR' | null;
}

const FENCES: readonly ProductId[] = ['fencealarm', 'fencealarm2'];
const PLUGS: readonly ProductId[] = ['smartplug', 'smartplug2'];
const SIMS: readonly ProductId[] = ['farmcam-sim'];

const numberIn = (data: Record<string, unknown>, field: string): number | null => {
  const value = data[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

/** The fence's own level: FenceAlarm's VoltageAlarm.AlarmLevel, FenceAlarm2's VoltageAlarm.Threshold. */
function levelOf(fields: Record<string, unknown>): number {
  const alarm = fields.VoltageAlarm as { AlarmLevel?: number; Threshold?: number } | undefined;
  return fenceLevel(alarm?.AlarmLevel ?? alarm?.Threshold);
}

/** A meter's use over readings in time order: the sum of its rises; a drop is a reset, after which it counts from 0. */
export function meterUse(values: readonly number[]): number {
  let used = 0;
  for (let i = 1; i < values.length; i++) used += values[i] >= values[i - 1] ? values[i] - values[i - 1] : values[i];
  return used;
}

/** Data used over remaining-data readings in time order: the sum of its falls (a rise is a top-up). */
export function remainingUse(values: readonly number[]): number {
  let used = 0;
  for (let i = 1; i < values.length; i++) used += Math.max(0, values[i - 1] - values[i]);
  return used;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export async function buildSummary(
  db: Db,
  user: Pick<UserRow, 'id' | 'energyPricePerKwh' | 'energyPriceCurrency'>,
  period: Pick<ReportPeriod, 'from' | 'to'>,
): Promise<ReportSummary> {
  const owned = (await db.select().from(devices).where(eq(devices.ownerId, user.id)).orderBy(asc(devices.name), asc(devices.key))).filter(
    (device) => isProductId(device.product),
  );
  const summary: ReportSummary = {
    fences: [],
    plugs: [],
    sims: [],
    alarms: [],
    noDevices: !owned.length,
    currency: user.energyPriceCurrency,
  };
  if (!owned.length) return summary;
  const keys = owned.map((device) => device.key);
  const readings = await db
    .select({ key: deviceReadings.key, at: deviceReadings.at, data: deviceReadings.data })
    .from(deviceReadings)
    .where(and(inArray(deviceReadings.key, keys), gte(deviceReadings.at, period.from), lt(deviceReadings.at, period.to)))
    .orderBy(asc(deviceReadings.key), asc(deviceReadings.at));
  const byKey = new Map<string, { at: Date; data: Record<string, unknown> }[]>();
  for (const reading of readings) byKey.set(reading.key, [...(byKey.get(reading.key) ?? []), reading]);

  for (const device of owned) {
    const product = device.product as ProductId;
    const own = byKey.get(device.key) ?? [];
    const base = { key: device.key, product, name: device.name };
    if (FENCES.includes(product)) {
      const level = levelOf(device.fields);
      const points = own.flatMap((reading) => {
        const voltage = numberIn(reading.data, 'Voltage');
        return voltage === null ? [] : [{ at: reading.at.getTime(), voltage }];
      });
      let belowMs = 0;
      points.forEach((point, i) => {
        if (point.voltage < level) belowMs += (points[i + 1]?.at ?? period.to.getTime()) - point.at;
      });
      const voltages = points.map((point) => point.voltage);
      summary.fences.push({
        ...base,
        level,
        min: voltages.length ? Math.min(...voltages) : null,
        avg: voltages.length ? Math.round(voltages.reduce((sum, v) => sum + v, 0) / voltages.length) : null,
        belowMs,
      });
    } else if (PLUGS.includes(product)) {
      const kwh = meterUse(own.flatMap((reading) => numberIn(reading.data, 'Consumption') ?? [])) / 1000;
      const price = user.energyPricePerKwh;
      summary.plugs.push({
        ...base,
        kwh: round(kwh, 3),
        cost: price === null || !user.energyPriceCurrency ? null : round((kwh * price) / 10_000, 2),
      });
    } else if (SIMS.includes(product)) {
      const used = remainingUse(own.flatMap((reading) => numberIn(reading.data, 'RemainingData') ?? []));
      summary.sims.push({ ...base, usedMb: round(used / 1e6, 1) });
    }
  }

  const ackers = alias(users, 'ackers');
  const alarms = await db
    .select({ occurrence: alarmOccurrences, ackName: ackers.name, ackEmail: ackers.email })
    .from(alarmOccurrences)
    .leftJoin(ackers, eq(ackers.id, alarmOccurrences.acknowledgedBy))
    .where(and(inArray(alarmOccurrences.key, keys), gte(alarmOccurrences.raisedAt, period.from), lt(alarmOccurrences.raisedAt, period.to)))
    .orderBy(asc(alarmOccurrences.raisedAt), asc(alarmOccurrences.id));
  const named = new Map(owned.map((device) => [device.key, device]));
  for (const { occurrence, ackName, ackEmail } of alarms) {
    const device = named.get(occurrence.key);
    if (!device) continue;
    summary.alarms.push({
      key: device.key,
      product: device.product as ProductId,
      name: device.name,
      alarm: occurrence.alarm,
      raisedAt: occurrence.raisedAt,
      // Acknowledged by someone since deleted: acknowledged all the same, by nobody who can be named.
      acknowledgedBy: occurrence.acknowledgedAt ? ackName || ackEmail || '—' : null,
    });
  }
  return summary;
}
