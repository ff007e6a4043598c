// What a FarmCam SIM does with its readings, alarms and configuration (docs/product/products/farmcam-sim.md). No schema here, so the
// dashboard reads these rules without loading TypeBox (docs/architecture/README.md#budgets); index.ts adds the schemas.
import { isExpired } from '../../domain/subscription';
import { usageReported } from './data';
import type { ProductRules } from '../module';
import type { FarmcamSim, FarmcamSimReading } from './contract';

/** docs/product/limits.md: low data below 20,000,000 bytes; out of data below 1. */
export const LOW_DATA_BYTES = 20_000_000;
export const OUT_OF_DATA_BELOW = 1;

export const farmcamSimRules: ProductRules<FarmcamSim, FarmcamSimReading, null> = {
  histories: ['remaining-data'],
  trend: 'remaining-data',
  defaultReportingSeconds: 3600,
  // The value is the data left, in bytes (the messages show it in MB).
  notifiedAlarms: [{ alarm: 'low_data', field: 'DataAlert', value: { path: ['RemainingData'], unit: 'B' } }],
  readingPatch: (device, reading) => usageReported(device, reading.UsedData),
  lastReadingAt: () => null,
  offlinePatch: () => ({}),
  /** docs/product/states.md: none once the subscription has expired; 'outOfData' when RemainingData < 1; 'lowData' below 20,000,000 bytes. */
  warnings(sim, now) {
    if (isExpired(sim.Subscription, now)) return [];
    if (sim.RemainingData < OUT_OF_DATA_BELOW) return ['outOfData'];
    return sim.RemainingData < LOW_DATA_BYTES ? ['lowData'] : [];
  },
  config: () => null,
};
