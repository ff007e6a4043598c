import type { IntlShape } from 'react-intl';
import type { Device } from '@paddock/shared/contract';
import { bytesToMb, displayTemperature, expiryLine } from '@paddock/shared/domain';
import { dashboardTexts } from './messages';

const m = dashboardTexts.messages;

export interface DetailLine {
  /** Stable key, also the test id suffix. */
  id: string;
  label: string;
  value: string;
  /** The card's most important value: the largest text (UI.md). */
  primary?: boolean;
}

const DASH = '–';

/** SPEC §2 dashboard detail lines per product, formatted for the user's locale. */
export function detailLines(device: Device, intl: IntlShape, now: Date): DetailLine[] {
  const t = (descriptor: (typeof m)[keyof typeof m], values?: Record<string, string | number>) => intl.formatMessage(descriptor, values);
  const num = (value: number, digits = 0) => intl.formatNumber(value, { maximumFractionDigits: digits });
  const orDash = (value: number | null | undefined, format: (v: number) => string) => (value === null || value === undefined ? DASH : format(value));
  const time = (iso: string | null | undefined) =>
    iso ? intl.formatDate(iso, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }) : t(m.never);
  const volts = (v: number) => t(m.volts, { value: num(v) });
  const watts = (v: number) => t(m.watts, { value: num(v, 1) });
  const wattHours = (v: number) => t(m.wattHours, { value: num(v) });
  const percent = (v: number) => intl.formatNumber(v / 100, { style: 'percent', maximumFractionDigits: 0 });

  switch (device.Product) {
    case 'farmcam-sim': {
      const bytes = device.RemainingData;
      const data =
        bytes >= 1e9
          ? intl.formatNumber(bytes / 1e9, { style: 'unit', unit: 'gigabyte', maximumFractionDigits: 1 })
          : intl.formatNumber(bytesToMb(bytes), { style: 'unit', unit: 'megabyte' });
      return [
        { id: 'remainingData', label: t(m.remainingData), value: data, primary: true },
        { id: 'subscription', label: t(m.subscription), value: subscriptionText(device, intl, now) },
      ];
    }
    case 'fencealarm': {
      const report = device.LastReport;
      return [
        { id: 'voltage', label: t(m.voltage), value: orDash(report?.Data.Voltage, volts), primary: true },
        { id: 'battery', label: t(m.battery), value: orDash(report?.Data.Battery, (v) => t(m.volts, { value: num(v, 1) })) },
        { id: 'signal', label: t(m.signal), value: orDash(report?.Data.Rssi, (v) => t(m.dbm, { value: num(v) })) },
        { id: 'lastReport', label: t(m.lastReport), value: time(report?.Timestamp) },
      ];
    }
    case 'fencealarm2':
      return [
        { id: 'voltage', label: t(m.voltage), value: orDash(device.Voltage, volts), primary: true },
        { id: 'lastUplink', label: t(m.lastUplink), value: time(device.LastUplinkAt) },
      ];
    case 'smartplug':
      return [
        { id: 'load', label: t(m.load), value: orDash(device.Load, watts), primary: true },
        { id: 'consumption', label: t(m.consumption), value: orDash(device.Consumption, wattHours) },
        {
          id: 'temperature',
          label: t(m.temperature),
          value: orDash(displayTemperature(device.Temperature), (v) => intl.formatNumber(v, { style: 'unit', unit: 'celsius', maximumFractionDigits: 1 })),
        },
        { id: 'signal', label: t(m.signal), value: orDash(device.SignalStrength, percent) },
        { id: 'lastUplink', label: t(m.lastUplink), value: time(device.LastUplinkAt) },
      ];
    case 'smartplug2':
      return [
        { id: 'load', label: t(m.load), value: orDash(device.Load, watts), primary: true },
        { id: 'consumption', label: t(m.consumption), value: orDash(device.Consumption, wattHours) },
        { id: 'signal', label: t(m.signal), value: orDash(device.SignalStrength, percent) },
        { id: 'lastUpload', label: t(m.lastUpload), value: time(device.LastUploadAt) },
      ];
  }
}

/** SPEC §4 subscription line without the price catalogue: Trial, then Ended / Ends / Renews with the date. */
function subscriptionText(device: Device, intl: IntlShape, now: Date): string {
  const parts: string[] = [];
  if (device.Subscription.Trialing) parts.push(intl.formatMessage(m.trial));
  const line = expiryLine(device.Subscription, now);
  if (line) {
    const date = intl.formatDate(line.date, { day: 'numeric', month: 'short', year: 'numeric' });
    parts.push(intl.formatMessage(line.kind === 'ended' ? m.ended : line.kind === 'ends' ? m.ends : m.renews, { date }));
  } else if (!device.Subscription.Trialing) {
    parts.push(intl.formatMessage(m.subscriptionNone));
  }
  return parts.join(' · ');
}
