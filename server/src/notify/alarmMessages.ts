// The texts of alarm notifications, in the recipient's language: the device, the alarm, the value and the time.
import {
  PRODUCTS,
  bytesToMb,
  pushMessageUrl,
  type AlarmUnit,
  type Locale,
  type NotifiedAlarm,
  type ProductId,
  type PushMessage,
} from '@paddock/shared/domain';
import { translate } from '../i18n/messages';
import type { Mail } from './mail';
import { formatOwnerTime } from './ownerTime';
import { safeDeviceName } from './safeDeviceName';

export type AlarmEvent = 'triggered' | 'cleared' | 'reminder';

export interface AlarmNotice {
  device: string;
  alarm: NotifiedAlarm;
  event: AlarmEvent;
  value: number | null;
  unit: AlarmUnit | null;
  /** The limit the value passed, in its unit (SmartPlug2's daily consumption limit, kWh). */
  limit?: number | null;
  /** When it happened (a reminder: since when the device is offline). */
  at: Date;
  /** The device's settings page (devicePath): a FarmCam SIM's data alert's push opens it, to Buy extra data. */
  settingsPath?: string;
  /** The device's page as a full link on PUBLIC_URL (http/publicLinks.ts deviceLink): mails and SMS carry it, never a bare path. */
  link: string;
  /** The wall clock its time is written on, the zone named beside it (notify/ownerTime.ts ownerTimeZone). */
  timeZone: string;
}

/** docs/product/products/farmcam-sim.md Data alert: its trigger says where to buy extra data. */
const linksToSettings = (notice: AlarmNotice): notice is AlarmNotice & { settingsPath: string } =>
  notice.alarm === 'low_data' && notice.event === 'triggered' && notice.settingsPath !== undefined;

/** docs/product/products/smartplug2.md: the daily consumption limit's trigger says the use today and the limit passed. */
const overLimit = (notice: AlarmNotice) => notice.alarm === 'consumption' && notice.event === 'triggered';

/** The text of `kind` for this notice: its own for the data alert's and the consumption limit's trigger. */
function textKey<K extends 'text' | 'sms' | 'push'>(notice: AlarmNotice, kind: K) {
  if (overLimit(notice)) return `alarm_${kind}_consumption_triggered` as const;
  if (kind !== 'push' && linksToSettings(notice)) return `alarm_${kind as 'text' | 'sms'}_low_data_triggered` as const;
  return `alarm_${kind}_${notice.event}` as const;
}

/** An amount in its unit, to a tenth ("12.3 kWh"); a limit the user typed keeps its decimals ("2.25 kWh"). */
const amount = (locale: Locale, value: number, unit: AlarmUnit | null, digits = 1) =>
  `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${unit ?? ''}`.trim();

function formatValue(locale: Locale, notice: AlarmNotice): string {
  if (notice.alarm === 'offline') return translate(locale, notice.event === 'cleared' ? 'alarm_value_online' : 'alarm_value_offline');
  if (notice.alarm === 'power_failure')
    return translate(locale, notice.event === 'cleared' ? 'alarm_value_mains_on' : 'alarm_value_mains_off');
  if (notice.value === null) return translate(locale, 'alarm_value_none');
  // Bytes (a SIM's data left) read in MB, as on its page (docs/product/products/farmcam-sim.md).
  if (notice.unit === 'B') return new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte' }).format(bytesToMb(notice.value));
  return amount(locale, notice.value, notice.unit);
}

function values(locale: Locale, notice: AlarmNotice) {
  return {
    // Named by anyone it is shared with: plain, bounded text that links nowhere (docs/product/roles.md).
    device: safeDeviceName(notice.device),
    alarm: translate(locale, `alarm_name_${notice.alarm}`),
    value: formatValue(locale, notice),
    time: formatOwnerTime(locale, notice.at, notice.timeZone),
    link: notice.link,
    limit: typeof notice.limit === 'number' ? amount(locale, notice.limit, notice.unit, 3) : translate(locale, 'alarm_value_none'),
  };
}

export function alarmMail(to: string, locale: Locale, notice: AlarmNotice): Mail {
  const filled = values(locale, notice);
  return {
    to,
    subject: translate(locale, `alarm_subject_${notice.event}`, filled),
    text: translate(locale, textKey(notice, 'text'), filled),
  };
}

export function alarmSmsText(locale: Locale, notice: AlarmNotice): string {
  return translate(locale, textKey(notice, 'sms'), values(locale, notice));
}

/**
 * A push message: the mail's subject over one line with the value and time; tapping it opens the device's card (a
 * SIM's data alert: its settings page, where Buy extra data is).
 */
export function alarmPush(locale: Locale, notice: AlarmNotice, device: { product: ProductId; key: string }): PushMessage {
  const filled = values(locale, notice);
  const Data = { Device: device.product, [PRODUCTS[device.product].keyField]: device.key };
  return {
    Title: translate(locale, `alarm_subject_${notice.event}`, filled),
    Body: translate(locale, textKey(notice, 'push'), filled),
    Tag: `${device.key}:${notice.alarm}`,
    Data,
    Url: linksToSettings(notice) ? notice.settingsPath : pushMessageUrl(Data),
  };
}
