// SmartPlug2 (docs/product/products/smartplug2.md): the second-generation plug keyed by IMEI. It reports load, consumption and signal;
// notifies on power load outside its bounds, power failure and consumption; shows a lost connection; has a
// timer and a power switch worked through its configuration (DeviceConfig.OutputPower).
import { defineProduct } from '../module';
import { smartplug2Info } from './info';
import { smartplug2Rules } from './rules';
import { Smartplug2, Smartplug2Reading, Smartplug2DeviceConfig, Smartplug2TrialBody } from './contract';

export * from './contract';

export const smartplug2 = defineProduct({
  ...smartplug2Info,
  ...smartplug2Rules,
  schema: Smartplug2,
  readingSchema: Smartplug2Reading,
  configSchema: Smartplug2DeviceConfig,
  trialSchema: Smartplug2TrialBody,
});
