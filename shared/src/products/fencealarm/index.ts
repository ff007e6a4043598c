// FenceAlarm (docs/product/products/fencealarm.md): an electric-fence monitor keyed by IMEI. It reports fence voltage, battery and signal;
// alarms on low fence voltage (below the chosen level), low battery and silence; it runs a configuration.
import { defineProduct } from '../module';
import { fencealarmInfo } from './info';
import { fencealarmRules } from './rules';
import { Fencealarm, FencealarmReading, FencealarmDeviceConfig, FencealarmTrialBody } from './contract';

export * from './contract';

export const fencealarm = defineProduct({
  ...fencealarmInfo,
  ...fencealarmRules,
  schema: Fencealarm,
  readingSchema: FencealarmReading,
  configSchema: FencealarmDeviceConfig,
  trialSchema: FencealarmTrialBody,
});
