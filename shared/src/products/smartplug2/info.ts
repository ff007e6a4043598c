// What the screens, paths and API client need of smartplug2: no schemas, no rules, so they stay light
// (docs/architecture/README.md#budgets). The module (index.ts) adds the rest.
import type { ProductInfo } from '../module';

export const smartplug2Info = {
  id: 'smartplug2',
  routeId: 'smartplug2',
  name: 'SmartPlug2',
  keyField: 'Imei',
  listKey: 'Smartplug2s',
  // docs/product/validation.md's system-tag list stops at SmartPlug; the second generation gets its own tag (also a system tag).
  typeTag: 'SmartPlug2',
  apiCollection: 'smartplug2s',
  nestsMetadata: true,
  power: 'config',
  plans: ['Smartplug2Month', 'Smartplug2Year'],
  trialData: false,
  firmwareUpdates: false,
  consumptionReset: false,
} as const satisfies ProductInfo<'smartplug2'>;
