import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import {
  DEFAULT_EXPORT_FORMAT,
  DEFAULT_HISTORY_INTERVAL,
  EXPORT_FORMATS,
  HISTORY_INTERVALS,
  PRODUCTS,
  PRODUCT_HISTORIES,
  chartWindow,
  dashboardPath,
  exportHasHourlyRows,
  isExportFormat,
  isHistoryInterval,
  parseDateInputValue,
  toDateInputValue,
  type ExportFormat,
  type HistoryInterval,
} from '@paddock/shared/domain';
import { historyApi, useLoaded } from '@paddock/shared/api';
import { useT } from '@paddock/shared/i18n';
import { activeUserAtom } from '@paddock/shared/session';
import { Actions, Button, Card, DateField, Page, Select, icons } from '@paddock/shared/ui';
import type { DevicePageProps } from '../device/DeviceRoute';
import { deviceTexts } from '../device/messages';
import { useChartTheme } from '@paddock/shared/charts';
import { EnergySection } from '../energy/EnergySection';
import { ConsumptionCost } from './ConsumptionCost';
import { HistoryChart } from './HistoryChart';
import { logsTexts } from './messages';
import { untilProblem, type UntilProblem } from './until';

const m = logsTexts.messages;
const FORMAT_LABELS = { xlsx: m.formatXlsx, csv: m.formatCsv } as const satisfies Record<ExportFormat, unknown>;
const UNTIL_ERRORS = { required: m.untilInvalid, invalid: m.untilInvalid, future: m.untilFuture } as const satisfies Record<UntilProblem, unknown>;

/**
 * A device's log page (docs/product/screens.md): its charts over a window of 1–31 days that ends one day after the Until date
 * (docs/product/limits.md), and the export of each chart's window as CSV or XLSX. An empty, impossible or future Until says
 * so at the field and puts a note in place of the charts: no chart of an older window stays up, and nothing is exported.
 */
export function LogsPage({ product, device, deviceKey }: DevicePageProps) {
  const t = useT();
  const intl = useIntl();
  const navigate = useNavigate();
  const theme = useChartTheme();
  const info = PRODUCTS[product];
  const [days, setDays] = useState<HistoryInterval>(DEFAULT_HISTORY_INTERVAL);
  const [untilText, setUntilText] = useState(() => toDateInputValue(new Date()));
  const [format, setFormat] = useState<ExportFormat>(DEFAULT_EXPORT_FORMAT);
  const today = toDateInputValue(new Date());
  const problem = untilProblem(untilText);
  const until = problem ? null : parseDateInputValue(untilText);
  // The viewer's own price (a session stored before it existed has none).
  const energyPrice = useAtomValue(activeUserAtom)?.EnergyPrice ?? null;
  // How long the server keeps raw readings (READINGS_RETENTION_DAYS, set by the operator): a background call whose
  // failure only leaves the hourly note out (docs/product/limits.md).
  const { loaded: retention } = useLoaded(() => historyApi.retention({ silent: true, background: true, optional: true }), []);
  const rawDays = retention.state === 'ready' ? retention.value.RawReadingsDays : null;

  const untilTime = until?.getTime() ?? null;
  const window = useMemo(() => (untilTime === null ? null : chartWindow(new Date(untilTime), days)), [untilTime, days]);
  const when = (date: Date) => intl.formatDate(date, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <Page
      title={device.Metadata.Name || info.name}
      subtitle={t(deviceTexts.messages.subtitle, { field: info.keyField.toUpperCase(), key: deviceKey })}
      back={dashboardPath(deviceKey)}
    >
      <Card className="pd-logs__controls" aria-label={t(m.controlsHeading)}>
        <div className="pd-logs__fields">
          <Select
            label={t(m.interval)}
            name="interval"
            value={String(days)}
            options={HISTORY_INTERVALS.map((d) => ({ value: String(d), label: t(m.intervalOption, { days: d }) }))}
            onChange={(e) => {
              const value = Number(e.target.value);
              if (isHistoryInterval(value)) setDays(value);
            }}
          />
          {/* In the page's language, not the browser's (shared DateField). */}
          <DateField
            label={t(m.until)}
            name="until"
            required
            max={today}
            value={untilText}
            error={problem ? { message: UNTIL_ERRORS[problem] } : null}
            onChange={(e) => setUntilText(e.target.value)}
          />
          <Select
            label={t(m.format)}
            name="format"
            value={format}
            options={EXPORT_FORMATS.map((f) => ({ value: f, label: t(FORMAT_LABELS[f]) }))}
            onChange={(e) => {
              if (isExportFormat(e.target.value)) setFormat(e.target.value);
            }}
          />
        </div>
        <p className="pd-logs__window" aria-live="polite">
          {window ? t(m.windowNote, { from: when(window.from), to: when(window.to) }) : t(m.noWindow)}
        </p>
        {/* Past the raw retention the server exports hourly rows for the older hours (docs/architecture/readings.md "Retire"); no note until the retention is known. */}
        {window && rawDays !== null && exportHasHourlyRows(window.from, new Date(), rawDays) ? (
          <p className="pd-field__hint pd-logs__hourly" role="note">
            {t(m.exportHourly, { days: rawDays })}
          </p>
        ) : null}
      </Card>
      {window === null ? null : PRODUCT_HISTORIES[product].map((measure) => (
        <HistoryChart
          key={measure}
          product={product}
          deviceKey={deviceKey}
          measure={measure}
          window={window}
          days={days}
          format={format}
          theme={theme}
          summary={measure === 'consumption' ? (data) => <ConsumptionCost readings={data} price={energyPrice} /> : undefined}
        />
      ))}
      {/* A plug's energy per day, week and month (docs/product/energy.md): its own window, so it shows whatever the Until date. */}
      {PRODUCT_HISTORIES[product].includes('consumption') ? (
        <EnergySection product={product} deviceKey={deviceKey} price={energyPrice} theme={theme} />
      ) : null}
      <Actions>
        <Button icon={icons.arrowBack} onClick={() => navigate(dashboardPath(deviceKey))}>
          {t(deviceTexts.messages.back)}
        </Button>
      </Actions>
    </Page>
  );
}
