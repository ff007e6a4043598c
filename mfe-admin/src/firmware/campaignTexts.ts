// The words of a campaign's and a device's state (docs/product/firmware-campaigns.md), shared by the list and the detail page.
import type { IntlShape } from 'react-intl';
import type { CampaignDevice, CampaignState } from '@paddock/shared/contract';
import { adminFirmwareTexts } from './messages';

const m = adminFirmwareTexts.messages;

export const CAMPAIGN_STATE_TEXTS = {
  running: m.running,
  paused: m.paused,
  cancelled: m.cancelled,
  done: m.finished,
} as const satisfies Record<CampaignState, unknown>;

export function deviceStateText(intl: IntlShape, device: CampaignDevice): string {
  const t = intl.formatMessage;
  switch (device.State) {
    case 'pending':
      return t(m.devicePending);
    case 'sent':
      return t(m.deviceSent);
    case 'updating':
      return t(m.deviceUpdating, { progress: device.Progress ?? 0 });
    case 'done':
      return t(m.deviceDone);
    default:
      return t(m.deviceFailed);
  }
}

/** Why a device failed: the device's own words, or ours. */
export function failureText(intl: IntlShape, device: CampaignDevice): string {
  switch (device.Failure) {
    case 'no_report':
      return intl.formatMessage(m.failureNoReport);
    case 'replaced':
      return intl.formatMessage(m.failureReplaced);
    case 'unregistered':
      return intl.formatMessage(m.failureUnregistered);
    case 'device':
      return device.Error ?? '';
    default:
      return '';
  }
}
