// The built-in payment provider's price catalogue (docs/product/devices.md Prices): every catalogue key with its
// price id, name and amounts ex VAT in minor units. A FarmCam SIM plan's name carries its monthly allowance, which
// the subscription display reads from it. With Stripe, the same keys are Stripe lookup keys.
import type { PriceCatalogue } from '@paddock/shared/contract';

export const BUILTIN_CATALOGUE: PriceCatalogue = {
  FarmcamSimSmall: { Id: 'price_farmcam_sim_small', Name: 'FarmCam SIM Small 1 GB', Sek: 4900, Eur: 490 },
  FarmcamSimMedium: { Id: 'price_farmcam_sim_medium', Name: 'FarmCam SIM Medium 5 GB', Sek: 9900, Eur: 990 },
  FarmcamSimLarge: { Id: 'price_farmcam_sim_large', Name: 'FarmCam SIM Large 20 GB', Sek: 19900, Eur: 1990 },
  FarmcamSimExtraData: { Id: 'price_farmcam_sim_extra_data', Name: 'FarmCam SIM extra data 1 GB', Sek: 2900, Eur: 290 },
  FencealarmMonth: { Id: 'price_fencealarm_month', Name: 'FenceAlarm Monthly', Sek: 4900, Eur: 490 },
  FencealarmYear: { Id: 'price_fencealarm_year', Name: 'FenceAlarm Yearly', Sek: 49000, Eur: 4900 },
  Fencealarm2Month: { Id: 'price_fencealarm2_month', Name: 'FenceAlarm2 Monthly', Sek: 5900, Eur: 590 },
  Fencealarm2Year: { Id: 'price_fencealarm2_year', Name: 'FenceAlarm2 Yearly', Sek: 59000, Eur: 5900 },
  SmartplugMonth: { Id: 'price_smartplug_month', Name: 'SmartPlug Monthly', Sek: 2900, Eur: 290 },
  SmartplugYear: { Id: 'price_smartplug_year', Name: 'SmartPlug Yearly', Sek: 29000, Eur: 2900 },
  Smartplug2Month: { Id: 'price_smartplug2_month', Name: 'SmartPlug2 Monthly', Sek: 3900, Eur: 390 },
  Smartplug2Year: { Id: 'price_smartplug2_year', Name: 'SmartPlug2 Yearly', Sek: 39000, Eur: 3900 },
  Sms: { Id: 'price_sms_100', Name: '100 SMS', Sek: 9900, Eur: 990 },
};
