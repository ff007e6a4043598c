// FenceAlarm2 (docs/product/products/fencealarm2.md): the second-generation fence monitor, keyed by IMEI. It reports fence voltage only,
// alarms below a chosen threshold, runs a configuration and takes firmware over the air.
import { defineProduct } from '../module';
import { fencealarm2Info } from './info';
import { fencealarm2Rules } from './rules';
import { Fencealarm2, Fencealarm2Reading, Fencealarm2DeviceConfig, Fencealarm2TrialBody } from './contract';

export * from './contract';

export const fencealarm2 = defineProduct({
  ...fencealarm2Info,
  ...fencealarm2Rules,
  schema: Fencealarm2,
  readingSchema: Fencealarm2Reading,
  configSchema: Fencealarm2DeviceConfig,
  trialSchema: Fencealarm2TrialBody,
});
