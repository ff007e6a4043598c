// A FarmCam SIM's data account (docs/product/products/farmcam-sim.md Data account): the server owns the balance. The
// network reports a usage counter (`UsedData`, bytes used since the SIM was activated, never going down); the server
// keeps `DataLimit`, the counter value at which the data runs out, and raises it for every grant (registration trial,
// plan allowance, purchase). `RemainingData = DataLimit − UsedData`, never below 0. Because the counter only grows,
// the largest value reported wins: a duplicated or reordered reading changes nothing, and no reading can take a
// grant back. The data alert (`DataAlert`) is raised while the remaining data is below the owner's threshold.
import type { FieldsPatch } from '../../domain/alarmState';

/** docs/product/products/farmcam-sim.md: a registration's trial comes with this much data (the Small plan's size). */
export const REGISTRATION_TRIAL_DATA_BYTES = 1_000_000_000;

/** docs/product/validation.md Data alert: the threshold in whole MB, 1 to 1,000,000 (1 TB); 100 MB until the owner sets one. */
export const DATA_ALERT_THRESHOLD_MB_MIN = 1;
export const DATA_ALERT_THRESHOLD_MB_MAX = 1_000_000;
export const DATA_ALERT_THRESHOLD_MB_DEFAULT = 100;

const BYTES_PER_MB = 1_000_000;

/** The stored parts the account is made of. */
export interface SimDataAccount {
  /** The largest usage counter reported; null before the first reading. */
  usedData: number | null;
  dataLimit: number;
}

/** The owner's data alert as stored. */
export interface SimDataAlert {
  Enabled: boolean;
  ThresholdMb: number;
  Triggered: boolean;
}

type Fields = Record<string, unknown>;
const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/**
 * The account in a SIM's stored fields. A SIM stored before the server owned the balance has only RemainingData:
 * that becomes its limit, and its first reading sets the counter's baseline (below), so nothing it had is lost.
 */
export function simDataAccountOf(fields: Fields): SimDataAccount {
  const usedData = typeof fields.UsedData === 'number' && Number.isFinite(fields.UsedData) ? fields.UsedData : null;
  return { usedData, dataLimit: numberOr(fields.DataLimit, numberOr(fields.RemainingData, 0)) };
}

/** The data left: the limit less the usage, never below 0. */
export const remainingDataOf = (account: SimDataAccount): number => Math.max(0, account.dataLimit - (account.usedData ?? 0));

/** The alert as stored, or the default (off, 100 MB) for a SIM that has none yet. */
export function dataAlertOf(fields: Fields): SimDataAlert {
  const stored = (fields.DataAlert ?? {}) as Partial<SimDataAlert>;
  return {
    Enabled: stored.Enabled === true,
    ThresholdMb: numberOr(stored.ThresholdMb, DATA_ALERT_THRESHOLD_MB_DEFAULT),
    Triggered: stored.Triggered === true,
  };
}

/** Raised while the data left is below the threshold (kept whether or not the alert is enabled, like every alarm). */
export const isBelowDataAlert = (remainingData: number, thresholdMb: number): boolean => remainingData < thresholdMb * BYTES_PER_MB;

/** The stored fields of an account: the account itself, the data left and the alert's state that follow from it. */
function accountFields(fields: Fields, account: SimDataAccount, alert: Omit<SimDataAlert, 'Triggered'> = dataAlertOf(fields)): FieldsPatch {
  const remaining = remainingDataOf(account);
  return {
    UsedData: account.usedData,
    DataLimit: account.dataLimit,
    RemainingData: remaining,
    DataAlert: { ...alert, Triggered: isBelowDataAlert(remaining, alert.ThresholdMb) },
  };
}

/** A new SIM: the registration trial's data, nothing used yet, the alert off. */
export function initialSimData(): FieldsPatch {
  return accountFields({}, { usedData: null, dataLimit: REGISTRATION_TRIAL_DATA_BYTES });
}

/**
 * A reading's usage counter. The largest counter wins (a duplicate or an older reading changes nothing). The first
 * counter a SIM reports is its baseline: what was used before it was registered is not this owner's, so the limit
 * moves up by it and the data left stays as it was.
 */
export function usageReported(fields: Fields, counter: number): FieldsPatch {
  const account = simDataAccountOf(fields);
  if (account.usedData === null) return accountFields(fields, { usedData: counter, dataLimit: account.dataLimit + counter });
  return accountFields(fields, { usedData: Math.max(account.usedData, counter), dataLimit: account.dataLimit });
}

/**
 * Data granted (a plan's allowance, a purchase, a trial): the data left grows by exactly `bytes`. A SIM that used
 * more than it had (the network counts a little past 0) starts from 0, not from below it.
 */
export function dataGranted(fields: Fields, bytes: number): FieldsPatch {
  const account = simDataAccountOf(fields);
  const from = Math.max(account.dataLimit, account.usedData ?? 0);
  return accountFields(fields, { usedData: account.usedData, dataLimit: from + bytes });
}

/** The data left a reading's own counter stood for (its history point), against the account after it was applied. */
export function remainingAtReading(fields: Fields, counter: number): number {
  return Math.max(0, simDataAccountOf(fields).dataLimit - counter);
}

/** The fields that follow from the others, after the owner changed the alert: the data left and the alert's state. */
export function settledSimData(fields: Fields): FieldsPatch {
  return accountFields(fields, simDataAccountOf(fields));
}

/** The threshold typed on the settings page: whole MB within the bounds, else null (docs/product/validation.md Data alert). */
export function parseDataAlertThreshold(input: string): number | null {
  const trimmed = input.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const mb = Number(trimmed);
  return mb >= DATA_ALERT_THRESHOLD_MB_MIN && mb <= DATA_ALERT_THRESHOLD_MB_MAX ? mb : null;
}
