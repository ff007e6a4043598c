// SmartPlug (docs/product/products/smartplug.md): a switchable mains plug keyed by IMEI. It reports load, consumption, temperature and
// signal; alarms on load and temperature outside their bounds, power failure and silence; has a timer, a
// thermostat and a power switch worked by command.
import { defineProduct } from '../module';
import { smartplugInfo } from './info';
import { smartplugRules } from './rules';
import { Smartplug, SmartplugReading, SmartplugDeviceConfig, SmartplugTrialBody } from './contract';

export * from './contract';

export const smartplug = defineProduct({
  ...smartplugInfo,
  ...smartplugRules,
  schema: Smartplug,
  readingSchema: SmartplugReading,
  configSchema: SmartplugDeviceConfig,
  trialSchema: SmartplugTrialBody,
});
