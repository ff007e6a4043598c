// Firmware campaigns (docs/product/firmware-campaigns.md): the rules a campaign's form and the server share.
import type { FieldError } from './account';
import { FOTA_CHECKSUM_PATTERN, FOTA_URL_MAX_LENGTH } from './firmware';

/** A campaign's image is fetched over HTTPS only (the device checks it against its SHA-256). */
export const CAMPAIGN_URL_PATTERN = '^https://[^\\s/]+(?:/\\S*)?$';
export const CAMPAIGN_VERSION_MAX_LENGTH = 64;
export const CAMPAIGN_MAX_STAGES = 10;
export const CAMPAIGN_MAX_KEYS = 5000;

/** Stages: cumulative percentages, each 1–100, strictly increasing, the last 100. */
export function checkCampaignStages(stages: readonly number[]): FieldError {
  if (!stages.length) return 'required';
  if (stages.length > CAMPAIGN_MAX_STAGES) return 'tooLong';
  const increasing = stages.every(
    (stage, index) => Number.isInteger(stage) && stage >= 1 && stage <= 100 && (index === 0 || stage > stages[index - 1]),
  );
  return increasing && stages[stages.length - 1] === 100 ? null : 'invalid';
}

/** "1, 10, 100" → [1, 10, 100]; null when a part is not a whole number. */
export function parseCampaignStages(input: string): number[] | null {
  const parts = input
    .split(/[,;\s]+/)
    .map((part) => part.replace(/%$/, ''))
    .filter(Boolean);
  return parts.every((part) => /^\d{1,3}$/.test(part)) ? parts.map(Number) : null;
}

export function checkCampaignUrl(input: string): FieldError {
  const value = input.trim();
  if (!value) return 'required';
  if (value.length > FOTA_URL_MAX_LENGTH) return 'tooLong';
  return new RegExp(CAMPAIGN_URL_PATTERN).test(value) ? null : 'invalid';
}

export function checkCampaignSha256(input: string): FieldError {
  const value = input.trim();
  if (!value) return 'required';
  return new RegExp(FOTA_CHECKSUM_PATTERN).test(value) ? null : 'invalid';
}

export function checkFailureThreshold(input: number | null): FieldError {
  if (input === null || Number.isNaN(input)) return 'required';
  return Number.isInteger(input) && input >= 1 && input <= 100 ? null : 'invalid';
}

/**
 * The stage of each of `count` devices in rollout order: device i is in the first stage whose cumulative share,
 * rounded up, covers it (so the first stage reaches at least one device). A stage may get no device of its own.
 */
export function stageOfPositions(count: number, stages: readonly number[]): number[] {
  const reach = stages.map((percent) => Math.ceil((count * percent) / 100));
  return Array.from({ length: count }, (_, position) => reach.findIndex((covered) => position < covered));
}

/** A device that sent no report this long after its request counts failed in a campaign (docs/product/firmware-campaigns.md). */
export const FIRMWARE_REPORT_TIMEOUT_MS = 30 * 60_000;
/** After an update ends the device restarts and reconnects: its offline alarms wait this long more. */
export const FIRMWARE_GRACE_MS = 10 * 60_000;

/**
 * Whether the device is updating its firmware, or just did: an update under way (asked less than the report time-out
 * ago), or one that ended within the grace period. Offline alarms are not sent meanwhile: a device that restarts to
 * install an image is not lost (docs/product/firmware-campaigns.md "What owners see").
 */
export function isFirmwareUpdateQuiet(fields: Record<string, unknown>, now: Date): boolean {
  const firmware = fields.Firmware as { Pending?: { RequestedAt?: string } | null; EndedAt?: string } | undefined;
  if (!firmware) return false;
  const since = (iso: string | undefined) => (iso ? now.getTime() - Date.parse(iso) : Infinity);
  if (firmware.Pending) return since(firmware.Pending.RequestedAt) < FIRMWARE_REPORT_TIMEOUT_MS;
  return since(firmware.EndedAt) < FIRMWARE_GRACE_MS;
}
