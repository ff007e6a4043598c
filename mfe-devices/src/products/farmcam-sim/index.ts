import { lazy } from 'react';
import type { FarmcamSim } from '@paddock/shared/contract';
import { InvalidPriceNameError, dataAmount, expiryLine, subscriptionPlan, type Prices, type SubscriptionPlan } from '@paddock/shared/domain';
import { expiryText } from '@paddock/shared/api';
import type { DetailFormat } from '../../dashboard/detailFormat';
import { dashboardTexts } from '../../dashboard/messages';
import type { DeviceProductUi } from '../types';
import { icons } from '@paddock/shared/ui';
import { picture } from './picture';

const m = dashboardTexts.messages;

/** FarmCam SIM (docs/product/screens.md): registered by IMSI; its card shows the remaining data and the subscription. */
export const farmcamSimUi: DeviceProductUi<'farmcam-sim'> = {
  icon: icons.simCard,
  picture,
  Settings: lazy(() => import('./Settings')),
  nameExample: 'sim',
  details: (device, format, now) => {
    // One unit rule for data everywhere (docs/product/products/farmcam-sim.md): the settings page shows the same text.
    const { value, ...unit } = dataAmount(device.RemainingData);
    const data = format.intl.formatNumber(value, { style: 'unit', ...unit });
    return [
      { id: 'remainingData', label: format.t(m.remainingData), value: data, primary: true },
      { id: 'subscription', label: format.t(m.subscription), value: subscriptionText(device, format, now) },
    ];
  },
  registration: { asksOwner: false, body: ({ key, name }) => ({ Imsi: key, Name: name }) },
};

/**
 * docs/product/states.md subscription line: the plan (Trial, the SIM plan's size from the catalogue, or None once
 * expired; blank otherwise), then Ended / Ends / Renews with the date. Without the catalogue only Trial and None.
 */
function subscriptionText(device: FarmcamSim, { intl, t, prices }: DetailFormat, now: Date): string {
  const parts: string[] = [];
  const plan = planOf(device, prices, now);
  if (plan.kind === 'trial') parts.push(t(m.trial));
  else if (plan.kind === 'size') parts.push(plan.size);
  else if (plan.kind === 'none') parts.push(t(m.subscriptionNone));
  const line = expiryLine(device.Subscription, now);
  if (line) {
    parts.push(expiryText(intl, line, 'short'));
  } else if (parts.length === 0) {
    parts.push(t(m.subscriptionNone));
  }
  return parts.join(' · ');
}

/** The plan the subscription line names; a SIM price whose name carries no size (a catalogue error) names none. */
function planOf(device: FarmcamSim, prices: Prices | null, now: Date): SubscriptionPlan {
  if (device.Subscription.Trialing) return { kind: 'trial' };
  if (!prices) return { kind: 'blank' };
  try {
    return subscriptionPlan('farmcam-sim', device.Subscription, prices, now);
  } catch (error) {
    if (error instanceof InvalidPriceNameError) return { kind: 'blank' };
    throw error;
  }
}
