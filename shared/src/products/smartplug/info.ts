// What the screens, paths and API client need of smartplug: no schemas, no rules, so they stay light
// (docs/architecture/README.md#budgets). The module (index.ts) adds the rest.
import type { ProductInfo } from '../module';

export const smartplugInfo = {
  id: 'smartplug',
  routeId: 'smartplug',
  name: 'SmartPlug',
  keyField: 'Imei',
  listKey: 'Smartplugs',
  typeTag: 'SmartPlug',
  apiCollection: 'smartplugs',
  nestsMetadata: false,
  power: 'command',
  plans: ['SmartplugMonth', 'SmartplugYear'],
  trialData: false,
  firmwareUpdates: false,
  consumptionReset: true,
} as const satisfies ProductInfo<'smartplug'>;
