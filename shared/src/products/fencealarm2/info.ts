// What the screens, paths and API client need of fencealarm2: no schemas, no rules, so they stay light
// (docs/architecture/README.md#budgets). The module (index.ts) adds the rest.
import type { ProductInfo } from '../module';

export const fencealarm2Info = {
  id: 'fencealarm2',
  routeId: 'fencealarm2',
  name: 'FenceAlarm2',
  keyField: 'Imei',
  listKey: 'Fencealarm2s',
  typeTag: 'FenceAlarm2',
  apiCollection: 'fencealarm2s',
  nestsMetadata: true,
  power: null,
  plans: ['Fencealarm2Month', 'Fencealarm2Year'],
  trialData: false,
  firmwareUpdates: true,
  consumptionReset: false,
} as const satisfies ProductInfo<'fencealarm2'>;
