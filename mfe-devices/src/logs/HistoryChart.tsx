import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ApiError, historyApi, showToast } from '@paddock/shared/api';
import {
  HISTORY_UNITS,
  browserTimeZone,
  chartXAxisUnit,
  exportFileName,
  type ExportFormat,
  type HistoryMeasure,
  type ProductId,
} from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Alert, Button, saveFile, icons } from '@paddock/shared/ui';
import { deviceTexts } from '../device/messages';
import { EChart, type ChartTheme } from '@paddock/shared/charts';
import { buildChartOption } from './chartOptions';
import { logsTexts } from './messages';
import { useHistory } from './useHistory';

const m = logsTexts.messages;

const MEASURE_NAMES = {
  'remaining-data': m.remainingData,
  voltage: m.voltage,
  consumption: m.consumption,
  load: m.load,
  temperature: m.temperature,
} as const satisfies Record<HistoryMeasure, unknown>;

export interface HistoryChartProps {
  product: ProductId;
  deviceKey: string;
  measure: HistoryMeasure;
  window: { from: Date; to: Date };
  days: number;
  format: ExportFormat;
  theme: ChartTheme;
  /** A line under the chart about its points (the consumption's cost), shown once they are loaded. */
  summary?: (data: [number, number | null][]) => ReactNode;
}

/** One chart of a log page: its heading with the unit, the line (or loading, empty, failed) and its Export. */
export function HistoryChart({ product, deviceKey, measure, window, days, format, theme, summary }: HistoryChartProps) {
  const t = useT();
  const intl = useIntl();
  const { state, retry } = useHistory(product, deviceKey, measure, window);
  const [exporting, setExporting] = useState(false);
  // Why the last Export sent no file (the window has no data), shown beside the button until the window changes.
  const [exportNote, setExportNote] = useState<string | null>(null);
  const name = t(MEASURE_NAMES[measure]);
  const unit = HISTORY_UNITS[measure];
  const heading = t(m.chartHeading, { name, unit });
  const headingId = useId();
  const when = (date: Date) => intl.formatDate(date, { dateStyle: 'medium', timeStyle: 'short' });
  const range = { from: when(window.from), to: when(window.to) };

  const data = state.status === 'ready' ? state.data : null;
  const option = useMemo(
    () => (data ? buildChartOption({ name, unit, data, window, days, locale: intl.locale, theme }) : null),
    [data, name, unit, window, days, intl.locale, theme],
  );

  const from = window.from.getTime();
  const to = window.to.getTime();
  useEffect(() => setExportNote(null), [from, to]);

  const onExport = async () => {
    // Never an empty file without a word: a window the chart shows as empty is said instead of downloaded.
    if (data && data.length === 0) {
      setExportNote(t(m.exportEmpty, range));
      return;
    }
    setExportNote(null);
    setExporting(true);
    try {
      // The file's Local time column and its name's dates on the viewer's clock, as the page shows the window
      // (docs/product/limits.md); the name is the one the server gives too.
      const timeZone = browserTimeZone();
      const blob = await historyApi.download(product, deviceKey, measure, window, format, { background: true, timeZone });
      saveFile(blob, exportFileName({ product, deviceKey, measure, from: window.from, to: window.to, format, timeZone }));
    } catch (error) {
      // A failed reply already has the shared handler's toast; docs/product/errors.md's own two errors get theirs here.
      if (!(error instanceof ApiError)) {
        const invalid = error instanceof Error && error.message === 'invalid export format';
        showToast({ kind: 'error', message: invalid ? m.exportInvalidFormat : m.exportNotFile });
      }
    } finally {
      setExporting(false);
    }
  };

  let body;
  if (state.status === 'loading') {
    body = (
      <p className="pd-log-chart__state" role="status">
        {t(m.loadingHistory)}
      </p>
    );
  } else if (state.status === 'failed') {
    const reason = state.reason ? t(state.reason.message, state.reason.values) : null;
    body = (
      <Alert
        actions={
          <Button icon={icons.refresh} onClick={retry}>
            {t(deviceTexts.messages.retry)}
          </Button>
        }
      >
        {reason ? `${t(m.historyFailed)} (${reason})` : t(m.historyFailed)}
      </Alert>
    );
  } else if (state.data.length === 0) {
    body = <p className="pd-log-chart__state">{t(m.empty, range)}</p>;
  } else if (option) {
    body = <EChart className="pd-log-chart__canvas" option={option} label={t(m.chartLabel, { chart: heading, ...range })} />;
  }

  return (
    // data-x-axis: the x axis unit docs/product/limits.md picks (hours up to 2 days, else days), for tests and styling.
    <section className="pd-card pd-log-chart" aria-labelledby={headingId} data-x-axis={chartXAxisUnit(days)}>
      <h2 id={headingId} className="pd-log-chart__heading">
        {heading}
      </h2>
      <div className="pd-log-chart__body">{body}</div>
      {summary && data ? summary(data) : null}
      <div className="pd-log-chart__footer">
        {exportNote ? (
          <p className="pd-field__hint pd-log-chart__note" role="status">
            {exportNote}
          </p>
        ) : null}
        {/* While the points load it is not known whether the window has any: Export waits for them. */}
        <Button busy={exporting} disabled={state.status === 'loading'} onClick={onExport} aria-label={t(m.exportChart, { chart: name })}>
          {t(m.export)}
        </Button>
      </div>
    </section>
  );
}
