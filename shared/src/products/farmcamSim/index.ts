// FarmCam SIM (docs/product/products/farmcam-sim.md): a data SIM for a camera, keyed by IMSI; the network reports its usage counter and
// nothing else, the server keeps its data account (data.ts); one alarm, the owner's data alert; no configuration and no offline state.
import { defineProduct } from '../module';
import { farmcamSimInfo } from './info';
import { farmcamSimRules } from './rules';
import { FarmcamSim, FarmcamSimReading, FarmcamSimTrialBody } from './contract';

export * from './contract';
export * from './data';
export { LOW_DATA_BYTES, OUT_OF_DATA_BELOW } from './rules';

export const farmcamSim = defineProduct({
  ...farmcamSimInfo,
  ...farmcamSimRules,
  schema: FarmcamSim,
  readingSchema: FarmcamSimReading,
  configSchema: null,
  trialSchema: FarmcamSimTrialBody,
});
