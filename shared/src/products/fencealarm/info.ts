// What the screens, paths and API client need of fencealarm: no schemas, no rules, so they stay light
// (docs/architecture/README.md#budgets). The module (index.ts) adds the rest.
import type { ProductInfo } from '../module';

export const fencealarmInfo = {
  id: 'fencealarm',
  routeId: 'fencealarm',
  name: 'FenceAlarm',
  keyField: 'Imei',
  listKey: 'Fencealarms',
  typeTag: 'FenceAlarm',
  apiCollection: 'fencealarms',
  nestsMetadata: false,
  power: null,
  plans: ['FencealarmMonth', 'FencealarmYear'],
  trialData: false,
  firmwareUpdates: false,
  consumptionReset: false,
} as const satisfies ProductInfo<'fencealarm'>;
