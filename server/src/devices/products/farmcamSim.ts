// FarmCam SIM on the server: a data SIM, its data account and alert, and a plan (docs/product/devices.md,
// docs/product/products/farmcam-sim.md Data account).
import { RegisterFarmcamSimBody, UpdateFarmcamSimBody } from '@paddock/shared/contract';
import { initialSimData, remainingAtReading, settledSimData } from '@paddock/shared/domain';
import type { ServerProduct } from './serverProduct';

export const farmcamSim: ServerProduct<'farmcam-sim'> = {
  id: 'farmcam-sim',
  registerBody: RegisterFarmcamSimBody,
  updateBody: UpdateFarmcamSimBody,
  initialFields: initialSimData,
  changesOf(body: UpdateFarmcamSimBody) {
    const { PriceId, DataAlert, ...metadata } = body;
    return { metadata, priceId: PriceId, fields: DataAlert ? { DataAlert } : {} };
  },
  // docs/product/roles.md: the alert is the owner's, like the plan.
  ownerOnlyFields: { DataAlert: 'DataAlert' },
  // A new threshold can move the alert across the data left: its state follows at once.
  settledFields: settledSimData,
  // The history point is the data left as of the reading's own counter (docs/product/devices.md remaining-data).
  readingHistory: (fields, reading) => ({ RemainingData: remainingAtReading(fields, (reading as { UsedData: number }).UsedData) }),
  planField: 'PriceId',
  powerEnabledCall: false,
  demo: { keyPrefix: '240010000000', name: 'Barn camera' },
  simulation: { firmware: '1.0.0', model: 'sim' },
};
