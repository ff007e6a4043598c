// FarmCam SIM on the server: a data SIM, nothing but its remaining data and a plan (docs/product/devices.md).
import { RegisterFarmcamSimBody, UpdateFarmcamSimBody } from '@paddock/shared/contract';
import type { ServerProduct } from './serverProduct';

export const farmcamSim: ServerProduct<'farmcam-sim'> = {
  id: 'farmcam-sim',
  registerBody: RegisterFarmcamSimBody,
  updateBody: UpdateFarmcamSimBody,
  initialFields: () => ({ RemainingData: 0 }),
  changesOf(body: UpdateFarmcamSimBody) {
    const { PriceId, ...metadata } = body;
    return { metadata, priceId: PriceId, fields: {} };
  },
  planField: 'PriceId',
  powerEnabledCall: false,
  firmwareUpdates: false,
  demo: { keyPrefix: '240010000000', name: 'Barn camera' },
  simulation: { firmware: '1.0.0', model: 'sim' },
};
