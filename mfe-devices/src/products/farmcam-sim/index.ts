import { lazy } from 'react';
import type { FarmcamSim } from '@paddock/shared/contract';
import { bytesToMb, expiryLine } from '@paddock/shared/domain';
import type { DetailFormat } from '../../dashboard/detailFormat';
import { dashboardTexts } from '../../dashboard/messages';
import type { DeviceProductUi } from '../types';

const m = dashboardTexts.messages;

/** FarmCam SIM (docs/product/screens.md): registered by IMSI; its card shows the remaining data and the subscription. */
export const farmcamSimUi: DeviceProductUi<'farmcam-sim'> = {
  icon: 'sim-card',
  Settings: lazy(() => import('./Settings')),
  details: (device, format, now) => {
    const bytes = device.RemainingData;
    const data =
      bytes >= 1e9
        ? format.intl.formatNumber(bytes / 1e9, { style: 'unit', unit: 'gigabyte', maximumFractionDigits: 1 })
        : format.intl.formatNumber(bytesToMb(bytes), { style: 'unit', unit: 'megabyte' });
    return [
      { id: 'remainingData', label: format.t(m.remainingData), value: data, primary: true },
      { id: 'subscription', label: format.t(m.subscription), value: subscriptionText(device, format, now) },
    ];
  },
  registration: { asksOwner: false, body: ({ key, name }) => ({ Imsi: key, Name: name }) },
};

/** docs/product/states.md subscription line without the price catalogue: Trial, then Ended / Ends / Renews with the date. */
function subscriptionText(device: FarmcamSim, { intl, t }: DetailFormat, now: Date): string {
  const parts: string[] = [];
  if (device.Subscription.Trialing) parts.push(t(m.trial));
  const line = expiryLine(device.Subscription, now);
  if (line) {
    const date = intl.formatDate(line.date, { day: 'numeric', month: 'short', year: 'numeric' });
    parts.push(t(line.kind === 'ended' ? m.ended : line.kind === 'ends' ? m.ends : m.renews, { date }));
  } else if (!device.Subscription.Trialing) {
    parts.push(t(m.subscriptionNone));
  }
  return parts.join(' · ');
}
