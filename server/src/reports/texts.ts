// A report as the owner reads it (docs/product/reports.md): the mail's subject, plain text and HTML, and the CSV
// attached (one row per device and measure, headers in the owner's language, the unit in its own column), all in the
// owner's language, with times on the owner's wall clock.
import { formatMoney, PRODUCT_INFO, type Locale, type NotifiedAlarm } from '@paddock/shared/domain';
import { translate, type MessageKey, type MessageValues } from '../i18n/messages';
import { safeDeviceName } from '../notify';
import type { ReportPeriod } from './period';
import type { ReportSummary } from './summary';

export interface ReportLinks {
  unsubscribe: string;
  account: string;
}

const HOUR_MS = 3_600_000;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** The period's first and last day ("23 Nov 2026"), on the owner's calendar. */
function periodDays(locale: Locale, period: ReportPeriod) {
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: period.timeZone });
  return { from: day.format(period.from), to: day.format(new Date(period.to.getTime() - 1)) };
}

function sections(locale: Locale, summary: ReportSummary, period: ReportPeriod) {
  const t = (key: MessageKey, values?: MessageValues) => translate(locale, key, values);
  const number = (value: number, digits = 0) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: period.timeZone });
  const name = (device: { name: string; key: string }) => safeDeviceName(device.name) || device.key;
  const list: { title: string; lines: string[] }[] = [];
  if (summary.fences.length)
    list.push({
      title: t('report_fences'),
      lines: summary.fences.map((fence) =>
        fence.min === null || fence.avg === null
          ? t('report_no_readings', { device: name(fence) })
          : t('report_fence_line', {
              device: name(fence),
              min: number(fence.min),
              avg: number(fence.avg),
              level: number(fence.level),
              below: number(fence.belowMs / HOUR_MS, 1),
            }),
      ),
    });
  if (summary.plugs.length)
    list.push({
      title: t('report_plugs'),
      lines: summary.plugs.map((plug) =>
        plug.cost === null || !summary.currency
          ? t('report_plug_line', { device: name(plug), energy: number(plug.kwh, 2) })
          : t('report_plug_cost', {
              device: name(plug),
              energy: number(plug.kwh, 2),
              cost: formatMoney(locale, plug.cost, summary.currency),
            }),
      ),
    });
  if (summary.sims.length)
    list.push({
      title: t('report_sims'),
      lines: summary.sims.map((sim) => t('report_sim_line', { device: name(sim), used: number(sim.usedMb, 1) })),
    });
  if (!summary.noDevices)
    list.push({
      title: t('report_alarms'),
      lines: summary.alarms.length
        ? summary.alarms.map((alarm) =>
            t('report_alarm_line', {
              time: time.format(alarm.raisedAt),
              device: name(alarm),
              alarm: translate(locale, `alarm_name_${alarm.alarm as NotifiedAlarm}`),
              acknowledged: alarm.acknowledgedBy
                ? t('report_acknowledged_by', { person: alarm.acknowledgedBy })
                : t('report_not_acknowledged'),
            }),
          )
        : [t('report_no_alarms')],
    });
  return list;
}

export function reportMail(locale: Locale, summary: ReportSummary, period: ReportPeriod, links: ReportLinks) {
  const t = (key: MessageKey, values?: MessageValues) => translate(locale, key, values);
  const days = periodDays(locale, period);
  const subject = t(period.kind === 'weekly' ? 'report_subject_weekly' : 'report_subject_monthly', {
    period:
      period.kind === 'weekly'
        ? `${days.from} – ${days.to}`
        : new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: period.timeZone }).format(period.from),
  });
  const intro = t('report_intro', { ...days, zone: period.timeZone });
  const parts = sections(locale, summary, period);
  const footer = t('report_unsubscribe_text', { link: links.unsubscribe, account: links.account });
  const text = [
    intro,
    ...(summary.noDevices
      ? [t('report_no_devices')]
      : parts.map((part) => [part.title, ...part.lines.map((line) => `- ${line}`)].join('\n'))),
    ...(summary.noDevices ? [] : [t('report_csv_note')]),
    footer,
    t('report_signature'),
  ].join('\n\n');
  const html = [
    `<!doctype html><html lang="${locale.slice(0, 2)}"><body style="font-family:system-ui,sans-serif;color:#1f2a1f;max-width:40rem">`,
    ...intro.split('\n\n').map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...(summary.noDevices
      ? [`<p>${escapeHtml(t('report_no_devices'))}</p>`]
      : parts.map(
          (part) =>
            `<h2 style="font-size:1.1rem">${escapeHtml(part.title)}</h2><ul>${part.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
        )),
    ...(summary.noDevices ? [] : [`<p>${escapeHtml(t('report_csv_note'))}</p>`]),
    `<p><a href="${escapeHtml(links.unsubscribe)}">${escapeHtml(t('report_unsubscribe_button'))}</a> · <a href="${escapeHtml(links.account)}">${escapeHtml(t('report_account_link'))}</a></p>`,
    `<p>${escapeHtml(t('report_signature'))}</p></body></html>`,
  ].join('');
  return { subject, text, html };
}

/** A CSV field: quoted when it holds a separator, a quote or a line break; a leading =+-@ is defused (no formula in a spreadsheet). */
function field(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV: Device, IMEI/IMSI, Product, Measure, Value, Unit; numbers with a point, as spreadsheets read them in any language. */
export function reportCsv(locale: Locale, summary: ReportSummary): string {
  const t = (key: MessageKey) => translate(locale, key);
  const rows: (string | number)[][] = [
    [
      t('report_csv_device'),
      t('report_csv_key'),
      t('report_csv_product'),
      t('report_csv_measure'),
      t('report_csv_value'),
      t('report_csv_unit'),
    ],
  ];
  const row = (
    device: { name: string; key: string; product: keyof typeof PRODUCT_INFO },
    measure: MessageKey,
    value: number | string,
    unit: string,
  ) => rows.push([safeDeviceName(device.name), device.key, PRODUCT_INFO[device.product].name, t(measure), value, unit]);
  const alarmsOf = (key: string) => summary.alarms.filter((alarm) => alarm.key === key);
  const devicesWithAlarms = [...summary.fences, ...summary.plugs, ...summary.sims];
  for (const fence of summary.fences) {
    row(fence, 'report_metric_voltage_min', fence.min ?? '', 'V');
    row(fence, 'report_metric_voltage_avg', fence.avg ?? '', 'V');
    row(fence, 'report_metric_below_level', Math.round((fence.belowMs / HOUR_MS) * 100) / 100, 'h');
  }
  for (const plug of summary.plugs) {
    row(plug, 'report_metric_energy', plug.kwh, 'kWh');
    if (plug.cost !== null && summary.currency) row(plug, 'report_metric_cost', plug.cost, summary.currency);
  }
  for (const sim of summary.sims) row(sim, 'report_metric_data_used', sim.usedMb, 'MB');
  for (const device of devicesWithAlarms) {
    const alarms = alarmsOf(device.key);
    row(device, 'report_metric_alarms_raised', alarms.length, '');
    row(device, 'report_metric_alarms_acknowledged', alarms.filter((alarm) => alarm.acknowledgedBy !== null).length, '');
  }
  return `${rows.map((cells) => cells.map(field).join(',')).join('\r\n')}\r\n`;
}
