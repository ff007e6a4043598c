// What the screens, paths and API client need of farmcam-sim: no schemas, no rules, so they stay light
// (docs/architecture/README.md#budgets). The module (index.ts) adds the rest.
import type { ProductInfo } from '../module';

export const farmcamSimInfo = {
  id: 'farmcam-sim',
  routeId: 'farm-cam-sim',
  name: 'FarmCam SIM',
  keyField: 'Imsi',
  listKey: 'FarmcamSims',
  typeTag: 'FarmCam SIM',
  apiCollection: 'farmcam-sims',
  nestsMetadata: false,
  power: null,
  plans: ['FarmcamSimSmall', 'FarmcamSimMedium', 'FarmcamSimLarge'],
  trialData: true,
  firmwareUpdates: false,
  consumptionReset: false,
} as const satisfies ProductInfo<'farmcam-sim'>;
