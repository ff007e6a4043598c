// What a SmartPlug2 does with its readings, alarms and configuration (docs/product/products/smartplug2.md). No schema here, so the
// dashboard reads these rules without loading TypeBox (docs/architecture/README.md#budgets); index.ts adds the schemas.
import { dailyLimitKWh } from '../../domain/alarms';
import { isLoadAlarmed, isPowerFailure } from '../../domain/alarmState';
import { isRaised, shownWarnings } from '../../domain/warnings';
import { plugLiveValues, timerConfig } from '../plug';
import type { ProductRules } from '../module';
import type { Smartplug2, Smartplug2Reading, Smartplug2DeviceConfig } from './contract';

/** What a reading alone sets (ProductRules.liveValues). */
const liveValues = (reading: Smartplug2Reading, at: Date) => ({ ...plugLiveValues(reading), LastUploadAt: at.toISOString() });

// ---- The daily consumption limit (docs/product/products/smartplug2.md "Consumption notification") ----------------------

type ConsumptionNotification = Smartplug2['ConsumptionNotification'];
/** The day the server counts (ConsumptionNotification.Day): its date and the meter at its start. */
type ConsumptionDay = NonNullable<ConsumptionNotification['Day']>;

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The date (YYYY-MM-DD) of a moment on the wall clock of the plug's Timer.TimeZone — the zone its owner saved the timer
 * in, the one the alarm texts use too (server notify/ownerTime.ts) — or UTC without a zone this runtime knows.
 */
export function consumptionDate(timeZone: string | undefined, at: Date): string {
  const zone = timeZone ?? 'UTC';
  let format = dayFormats.get(zone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      return consumptionDate(undefined, at);
    }
    dayFormats.set(zone, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The Wh used on the day so far, the meter reading `consumption`. */
export const usedToday = (day: ConsumptionDay, consumption: number): number => Math.max(0, consumption - day.StartWh);

/**
 * The consumption notification after a reading (the meter `reading.Consumption`, in Wh since the plug's last reset,
 * measured at `at`). Its state is kept in the device's fields, not in the live values, so it changes only when the day
 * turns, the meter restarts or the limit is passed: the other readings write no fields (docs/architecture/README.md#ingest).
 * - A new day (or the first reading) starts the day at this reading, Triggered cleared.
 * - A meter below the day's start was reset or wrapped: the day starts again from the new value. What it counted
 *   before is not kept (the fields hold no reading but the day's first), unless the limit was already passed.
 * - Triggered goes true once the day's use passes the limit, and stays so until the day ends: one notification a day.
 * Triggered is kept whether or not the notification is enabled, as every alarm's is.
 */
export function consumptionPatch(
  device: Pick<Smartplug2, 'ConsumptionNotification' | 'Timer'>,
  reading: Pick<Smartplug2Reading, 'Consumption'>,
  at: Date,
): { ConsumptionNotification: Pick<ConsumptionNotification, 'Triggered'> & { Day: ConsumptionDay } } {
  // Stored by registration (server products/smartplug2.ts); a stored device without it counts as switched off.
  const notification = device.ConsumptionNotification ?? { Enabled: false, Triggered: false };
  const meter = reading.Consumption;
  const date = consumptionDate(device.Timer?.TimeZone, at);
  const kept = notification.Day;
  // A date before the kept one (the timer's zone moved west) still counts toward the kept day.
  const newDay = !kept || date > kept.Date;
  const day = newDay || meter < kept.StartWh ? { Date: newDay ? date : kept.Date, StartWh: meter } : kept;
  const triggered = (!newDay && notification.Triggered) || usedToday(day, meter) > dailyLimitKWh(notification) * 1000;
  return { ConsumptionNotification: { Triggered: triggered, Day: day } };
}

/** The use today in kWh as the device's fields hold it (the alarm's value in its notification); null before a reading. */
function usedTodayKWh(fields: Record<string, unknown>): number | null {
  const { ConsumptionNotification: notification, Consumption } = fields as Partial<Smartplug2>;
  return notification?.Day && typeof Consumption === 'number' ? usedToday(notification.Day, Consumption) / 1000 : null;
}

/** Raised (enabled and triggered) on the day it was triggered: the warning goes at midnight even before a reading. */
function consumptionRaised(device: Smartplug2, now: Date): boolean {
  const { Day } = device.ConsumptionNotification;
  return isRaised(device.ConsumptionNotification) && (!Day || Day.Date >= consumptionDate(device.Timer?.TimeZone, now));
}

export const smartplug2Rules: ProductRules<Smartplug2, Smartplug2Reading, Smartplug2DeviceConfig> = {
  histories: ['consumption', 'load'],
  trend: 'load',
  defaultReportingSeconds: 300,
  notifiedAlarms: [
    { alarm: 'load', field: 'PowerLoadAlarmNotification', value: { path: ['Load'], unit: 'W' } },
    { alarm: 'power_failure', field: 'PowerFailureNotification' },
    { alarm: 'offline', field: 'ConnectionLost' },
    {
      alarm: 'consumption',
      field: 'ConsumptionNotification',
      value: { of: usedTodayKWh, unit: 'kWh' },
      limit: (fields) => dailyLimitKWh((fields as Partial<Smartplug2>).ConsumptionNotification ?? {}),
    },
  ],
  liveValues,
  readingPatch: (device, reading, at) => ({
    ...liveValues(reading, at),
    PowerLoadAlarmNotification: { Triggered: isLoadAlarmed(reading.Load, device.DeviceConfig.PowerLoadAlarm, reading.PowerEnabled) },
    PowerFailureNotification: { Triggered: isPowerFailure(reading.MainsPower) },
    ...consumptionPatch(device, reading, at),
  }),
  lastReadingAt: (device) => device.LastUploadAt,
  offlinePatch: (offline) => ({ ConnectionLost: offline }),
  /** docs/product/devices.md, docs/product/states.md: connection lost, then power load, power failure and consumption notifications (enabled and triggered). */
  warnings: (device, now) =>
    shownWarnings([
      ['connectionLost', device.ConnectionLost],
      ['powerLoad', isRaised(device.PowerLoadAlarmNotification)],
      ['powerFailure', isRaised(device.PowerFailureNotification)],
      ['consumption', consumptionRaised(device, now)],
    ]),
  config(device) {
    const { Lower, Upper } = device.DeviceConfig.PowerLoadAlarm;
    return { AuditoryFeedback: device.DeviceConfig.AuditoryFeedback, PowerLoadAlarm: { Lower, Upper }, Timer: timerConfig(device.Timer) };
  },
};
