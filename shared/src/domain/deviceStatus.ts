// The state of a device at a glance (docs/product/states.md "State at a glance"): the one rule the dashboard card, the
// dashboard's summary and anything else that shows a device's state read. Codes and times, no text; screens translate.
import { allDevices, deviceWarnings, lastReadingTime, type Device, type DeviceList } from '../products/registry';
import { OFFLINE_WARNINGS } from './dashboard';
import { isSubscriptionActive, trialEndingSoon } from './subscription';
import { CONDITION_CODES, type WarningCode } from './warnings';

/**
 * - `offline`: the device is not reporting; its values are the last known ones (see `valuesAt`).
 * - `waiting`: registered, nothing heard yet.
 * - `warning`: an alarm is raised, or a warning without a switch holds (low battery, low data …).
 * - `attention`: only a condition no enabled alarm watches (a fence below its level with the alarm off).
 * - `paused`: nothing wrong in the values, but the alarms are paused (no plan): nobody would be told.
 * - `ok`: the device is fine and watched.
 */
export type GlanceStatus = 'ok' | 'paused' | 'attention' | 'warning' | 'offline' | 'waiting';

export interface DeviceGlance {
  status: GlanceStatus;
  /** The card's warnings, in the fixed order of WARNING_CODES (conditions included). */
  warnings: WarningCode[];
  /** docs/product/states.md Lapsed: no plan and the trial or period over, so no alarm is sent. */
  alarmsPaused: boolean;
  /** Offline only: when the values shown were measured (the last reading, else the last message); null when live or unknown. */
  valuesAt: Date | null;
  /**
   * docs/product/billing.md "A declined renewal": the next try of a declined renewal (the owner's and staff's view
   * only); the alarms keep working meanwhile. Null when no payment failed.
   */
  paymentRetryAt: Date | null;
  /** docs/product/billing.md "Trial reminders": the end of a trial ending within 7 days with no plan chosen, else null. */
  trialEndsAt: Date | null;
}

const isOfflineWarning = (code: WarningCode) => (OFFLINE_WARNINGS as readonly string[]).includes(code);

/** docs/product/devices.md "Connection": what the server knows of the device's link (absent for a FarmCam SIM and older replies). */
const connectionOf = (device: Device) => ('Connection' in device ? device.Connection : undefined);

/** docs/product/states.md "State at a glance": the device's real condition now, whatever its alarm switches say. */
export function deviceGlance(device: Device, now: Date): DeviceGlance {
  const warnings = deviceWarnings(device, now);
  const connection = connectionOf(device);
  const offline = connection?.Offline === true || warnings.some(isOfflineWarning);
  const waiting = !offline && connection !== undefined && connection.LastSeenAt === null;
  const alarmsPaused = !isSubscriptionActive(device.Subscription, now);
  const onlyConditions = warnings.length > 0 && warnings.every((code) => CONDITION_CODES.includes(code));
  const status: GlanceStatus = offline
    ? 'offline'
    : waiting
      ? 'waiting'
      : warnings.length === 0
        ? alarmsPaused
          ? 'paused'
          : 'ok'
        : onlyConditions
          ? 'attention'
          : 'warning';
  let valuesAt: Date | null = null;
  if (offline) {
    const seen = connection?.LastSeenAt ? Date.parse(connection.LastSeenAt) : Number.NaN;
    valuesAt = lastReadingTime(device.Product, device) ?? (Number.isNaN(seen) ? null : new Date(seen));
  }
  const retry = device.Renewal?.PaymentFailed ? Date.parse(device.Renewal.RetryAt) : Number.NaN;
  const paymentRetryAt = Number.isNaN(retry) ? null : new Date(retry);
  return { status, warnings, alarmsPaused, valuesAt, paymentRetryAt, trialEndsAt: trialEndingSoon(device.Subscription, now) };
}

/** docs/product/screens.md: a device needs the farmer's attention unless it is fine and watched, or still waiting for its first report. */
export function needsAttention(
  glance: Pick<DeviceGlance, 'status' | 'alarmsPaused'> & Partial<Pick<DeviceGlance, 'paymentRetryAt'>>,
): boolean {
  return glance.alarmsPaused || Boolean(glance.paymentRetryAt) || !(glance.status === 'ok' || glance.status === 'waiting');
}

/** The dashboard's summary: how many of the listed devices need attention (needsAttention). */
export function devicesNeedingAttention(list: DeviceList, now: Date): number {
  return allDevices(list).filter((device) => needsAttention(deviceGlance(device, now))).length;
}

export interface ValuesAge {
  value: number;
  unit: 'minute' | 'hour' | 'day';
}

/**
 * docs/product/states.md "State at a glance": how old an offline device's values are, in whole units rounded down
 * ("5 hours ago"): minutes under an hour (at least 1), hours under two days, days after.
 */
export function valuesAge(at: Date, now: Date): ValuesAge {
  const minutes = Math.max(1, Math.floor((now.getTime() - at.getTime()) / 60_000));
  if (minutes < 60) return { value: minutes, unit: 'minute' };
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? { value: hours, unit: 'hour' } : { value: Math.floor(hours / 24), unit: 'day' };
}
