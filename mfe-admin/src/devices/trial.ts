// docs/product/validation.md Add-trial: FarmCam SIM data in MB × 1,000,000 = bytes, and days; the others days.
import type { FarmcamSimTrialBody, TrialDaysBody } from '@paddock/shared/contract';

export const BYTES_PER_MB = 1_000_000;

/** The body of PUT {collection}/{key}/trial from the checked inputs. */
export function trialBody(days: string, dataMb: string | null): TrialDaysBody | FarmcamSimTrialBody {
  const Days = Number(days.trim());
  return dataMb === null ? { Days } : { Bytes: Number(dataMb.trim()) * BYTES_PER_MB, Days };
}

/** What Add trial did, handed to the device page in the navigation state to say it there. */
export interface TrialAdded {
  Days: number;
  /** FarmCam SIM: the bytes added. */
  Bytes?: number;
  /** The new expiry, as the server answered it. */
  ExpiresAt: string;
}

/** The navigation state's TrialAdded, if it holds one. */
export function trialAddedOf(state: unknown): TrialAdded | null {
  const added = (state as { trialAdded?: TrialAdded } | null)?.trialAdded;
  return added && typeof added.Days === 'number' && typeof added.ExpiresAt === 'string' ? added : null;
}
