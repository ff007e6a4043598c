// FarmCam SIM (docs/product/products/farmcam-sim.md): a data SIM for a camera, keyed by IMSI; the network reports its usage counter and
// nothing else, the server keeps its data account (data.ts); one alarm, the owner's data alert; no configuration and no offline state.
import { isExpired } from '../../domain/subscription';
import { defineProduct } from '../module';
import { farmcamSimInfo } from './info';
import { FarmcamSim, FarmcamSimReading } from './contract';
import { usageReported } from './data';

export * from './contract';
export * from './data';

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
});
