// FarmCam SIM (docs/product/products/farmcam-sim.md): a data SIM for a camera, keyed by IMSI; it reports its remaining data and nothing
// else, has no alarms, no configuration and no offline state.
import { isExpired } from '../../domain/subscription';
import { defineProduct } from '../module';
import { farmcamSimInfo } from './info';
import { FarmcamSim, FarmcamSimReading } from './contract';

export * from './contract';

/** docs/product/limits.md: low data below 20,000,000 bytes; out of data below 1. */
export const LOW_DATA_BYTES = 20_000_000;
export const OUT_OF_DATA_BELOW = 1;

export const farmcamSim = defineProduct({
  ...farmcamSimInfo,
  schema: FarmcamSim,
  readingSchema: FarmcamSimReading,
  configSchema: null,
  histories: ['remaining-data'],
  defaultReportingSeconds: 3600,
  notifiedAlarms: [],
  readingPatch: (_device, reading) => ({ RemainingData: reading.RemainingData }),
  lastReadingAt: () => null,
  offlinePatch: () => ({}),
  /** docs/product/states.md: none once the subscription has expired; 'outOfData' when RemainingData < 1; 'lowData' below 20,000,000 bytes. */
  warnings(sim, now) {
    if (isExpired(sim.Subscription, now)) return [];
    if (sim.RemainingData < OUT_OF_DATA_BELOW) return ['outOfData'];
    return sim.RemainingData < LOW_DATA_BYTES ? ['lowData'] : [];
  },
  config: () => null,
});
