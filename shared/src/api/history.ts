// Device histories for the log pages (docs/product/screens.md, docs/product/api.md, docs/product/errors.md): the points of a chart (JSON, downsampled by the server to
// about 2,000 a series), the export of the same window as a file (CSV or XLSX, full resolution, with a Local time column
// on the caller's clock), and how long the server keeps raw readings (older hours export hourly).
import type { HistoryRetention } from '../contract/history';
import { collectionOf, type ProductId } from '../products/catalogue';
import { isExportFile, requireExportFormat, type ExportFormat, type HistoryMeasure, type HistoryPoint } from '../domain/logs';
import { api, type RequestOptions } from './client';

/** The time window of a history: both ends are sent as ISO timestamps. */
export interface HistoryWindow {
  from: Date;
  to: Date;
}

const historyPath = (product: ProductId, key: string, measure: HistoryMeasure) =>
  `${collectionOf(product)}/${encodeURIComponent(key)}/${measure}`;

const windowQuery = ({ from, to }: HistoryWindow) => ({ from: from.toISOString(), to: to.toISOString() });

export const historyApi = {
  /** GET {collection}/{key}/{measure}?from&to&format=json: `[{Timestamp, <Field>}]`. */
  async points(product: ProductId, key: string, measure: HistoryMeasure, window: HistoryWindow, options?: RequestOptions): Promise<HistoryPoint[]> {
    const points = await api.get<HistoryPoint[] | undefined>(historyPath(product, key, measure), {
      ...options,
      query: { ...windowQuery(window), format: 'json' },
    });
    return Array.isArray(points) ? points : [];
  },

  /**
   * GET {collection}/{key}/{measure}?from&to&format=csv|xlsx[&tz]: the file, its Local time column on `timeZone`'s clock
   * (the server's default, UTC, without one). docs/product/errors.md: a format other than csv/xlsx fails with 'invalid
   * export format' before anything is sent, a reply that is not a file with 'expected blob'.
   */
  async download(
    product: ProductId,
    key: string,
    measure: HistoryMeasure,
    window: HistoryWindow,
    format: ExportFormat,
    { timeZone, ...options }: RequestOptions & { timeZone?: string } = {},
  ): Promise<Blob> {
    const checked = requireExportFormat(format);
    const response = await api.get<Response | undefined>(historyPath(product, key, measure), {
      ...options,
      query: { ...windowQuery(window), format: checked, ...(timeZone ? { tz: timeZone } : {}) },
      raw: true,
    });
    if (!response || !isExportFile(checked, response.headers.get('Content-Type'), response.headers.get('Content-Disposition'))) {
      throw new Error('expected blob');
    }
    return response.blob();
  },

  /** GET history/retention: `{ RawReadingsDays }`, the days the server keeps raw readings (READINGS_RETENTION_DAYS). */
  async retention(options?: RequestOptions): Promise<HistoryRetention> {
    return api.get<HistoryRetention>('history/retention', options);
  },
};
