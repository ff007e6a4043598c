// Device history (issue 4): GET /{collection}/{key}/{measure}?from&to&format for every chart of every product
// (PRODUCT_HISTORIES): /farmcam-sims/{imsi}/remaining-data, /fencealarms/{imei}/voltage,
// /fencealarm2s/{imei}/voltage, /smartplugs/{imei}/consumption|load|temperature, /smartplug2s/{imei}/consumption|load.
// Whoever may GET the device may read its history (owner, users in Access, admins; anyone else 404). JSON is
// for charts: at most CHART_MAX_POINTS, min/max downsampled (chart.ts). csv and xlsx are the full export, streamed,
// named after the device, series and window, with a Local time column (issue 30, docs/product/limits.md).
// GET /history/retention tells the log page how long raw readings are kept (issue 28).
import {
  HISTORY_CONTENT_TYPES,
  HISTORY_POINT_SCHEMAS,
  HistoryQuery,
  HistoryRetention,
  ImeiParams,
  ImsiParams,
  isHistoryFormat,
  type HistoryFormat,
} from '@paddock/shared/contract';
import {
  CHART_MAX_POINTS,
  DEFAULT_HISTORY_INTERVAL,
  exportFileName,
  HISTORY_FIELDS,
  HISTORY_MAX_DAYS,
  historyRangeProblem,
  isKnownTimeZone,
  PRODUCT_HISTORIES,
  PRODUCTS,
  type ProductId,
} from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from '@sinclair/typebox';
import { sql } from 'drizzle-orm';
import { authorize } from '../access';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { badRequest } from '../http/errors';
import { bearerAuth, errorReplies } from '../http/schemas';
import { signedInDevice } from '../devices';
import { chartPoints } from './chart';
import { csvExport, xlsxExport } from './exports';
import { exportColumns, hourlyExportColumns, hourlyExportPages } from './hourlyExport';
import { exportPages, type SeriesWindow } from './queries';
import { requestLocale } from '../http/locale';
import { translate } from '../i18n/messages';
import { rawReadingsKeptSince } from '../readings';
import { trendRoutes } from './trends';

/** The Local time column's header in the OpenAPI summaries (the reply's is in the caller's language). */
const LOCAL_TIME = 'Local time (<tz>)';
/** The key and window of the file name example in the OpenAPI summaries. */
const EXAMPLE = { imei: '356938035643809', imsi: '240071234567890', from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-11-21T00:00:00Z') };

/** Without `from`: the day before `to`, the log page's default window (DEFAULT_HISTORY_INTERVAL, docs/product/limits.md). */
const DEFAULT_WINDOW_MS = DEFAULT_HISTORY_INTERVAL * 86_400_000;

/**
 * The request's format and window, or a 400 naming the field. The spec's shapes are the one form here
 * (docs/product/api.md "Shapes accepted"): format=blob is csv; no `to` is now, no `from` one day before `to`.
 */
function parseQuery(query: HistoryQuery, now: Date): { format: HistoryFormat; from: Date; to: Date; timeZone: string } {
  const format = query.format === 'blob' ? 'csv' : (query.format ?? 'json');
  if (!isHistoryFormat(format)) throw badRequest('invalid_export_format', 'format');
  // The schema checked the date-time format; an impossible date (Feb 30) still parses to NaN here.
  const to = query.to === undefined ? now : new Date(query.to);
  const from = query.from === undefined ? new Date(to.getTime() - DEFAULT_WINDOW_MS) : new Date(query.from);
  if (Number.isNaN(from.getTime())) throw badRequest('invalid_field', 'from', { field: 'from' });
  if (Number.isNaN(to.getTime())) throw badRequest('invalid_field', 'to', { field: 'to' });
  const problem = historyRangeProblem(from, to);
  if (problem?.code === 'history_range_too_long') throw badRequest(problem.code, problem.field, { max: problem.maxDays });
  if (problem) throw badRequest(problem.code, problem.field);
  // The schema checked the shape; the zone must also be one the runtime knows. Without one: UTC, as users keep no
  // time zone of their own (docs/product/limits.md).
  const timeZone = query.tz ?? 'UTC';
  if (!isKnownTimeZone(timeZone)) throw badRequest('invalid_field', 'tz', { field: 'tz' });
  return { format, from, to, timeZone };
}

/**
 * Whether the database knows the zone too: it writes the Local time column (queries.ts), and a zone only the runtime
 * knew would fail the export after its first bytes were sent, where a 400 can no longer be.
 */
async function databaseKnowsZone(db: Db, timeZone: string): Promise<boolean> {
  if (timeZone === 'UTC') return true;
  try {
    await db.execute(sql`SELECT now() AT TIME ZONE ${timeZone}::text`);
    return true;
  } catch {
    return false;
  }
}

export const historyRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const tags = ['history'];
  // The dashboard's trend lines read the same readings (docs/product/api.md).
  await app.register(trendRoutes, { ctx });

  app.get(
    '/history/retention',
    {
      // The log page's, in Paddock and in the partner embed (http/cors.ts).
      config: { embed: true },
      schema: {
        security: bearerAuth,
        tags,
        summary:
          'How many days raw readings are kept (READINGS_RETENTION_DAYS): an export of a window reaching further back has ' +
          'those hours as one row an hour (docs/architecture/readings.md "Retire")',
        response: { 200: HistoryRetention, ...errorReplies(401) },
      },
    },
    async (request, reply) => {
      // Any signed-in user: the log page of any device they may read says it; nothing about a device or a user.
      authorize(request, 'device:use');
      reply.header('Cache-Control', 'private, no-cache');
      return { RawReadingsDays: ctx.config.readingsRetentionDays };
    },
  );

  for (const product of Object.keys(PRODUCT_HISTORIES) as ProductId[]) {
    const { apiCollection, keyField, name } = PRODUCTS[product];
    const keyParam = keyField === 'Imsi' ? 'imsi' : 'imei';
    const params = keyField === 'Imsi' ? ImsiParams : ImeiParams;

    for (const measure of PRODUCT_HISTORIES[product]) {
      const field = HISTORY_FIELDS[measure];
      const points = Type.Array(HISTORY_POINT_SCHEMAS[field]);
      app.get(
        `/${apiCollection}/:${keyParam}/${measure}`,
        {
          // The device's log page, in Paddock and in the partner embed (http/cors.ts).
          config: { embed: true },
          schema: {
            params,
            querystring: HistoryQuery,
            security: bearerAuth,
            tags,
            summary:
              `A ${name}'s ${field} history between from and to (at most ${HISTORY_MAX_DAYS} days; no to: now, no from: 1 day before to): ` +
              `format=json (default) gives chart points [{Timestamp, ${field}}], at most ${CHART_MAX_POINTS} (min/max downsampled); ` +
              `csv or xlsx every reading as a streamed file named <product>-<key>-${measure}-<from date>-to-<to date>.<format> ` +
              `(e.g. ${exportFileName({ product, deviceKey: EXAMPLE[keyParam], measure, from: EXAMPLE.from, to: EXAMPLE.to, format: 'csv' })}), ` +
              `columns ${exportColumns(measure, LOCAL_TIME).join(', ')}: Timestamp in UTC (RFC 3339), the local time on the clock of tz ` +
              `(an IANA zone; default UTC; the header in the caller's language, naming the zone), the dates of the name too. ` +
              `A window reaching before the raw retention (READINGS_RETENTION_DAYS, GET /history/retention) has the columns ` +
              `${hourlyExportColumns(measure, LOCAL_TIME).join(', ')}: its hours before the oldest raw reading kept as one row an hour ` +
              `(Min, Max, Readings), the rest as readings, Resolution saying which, in the caller's language`,
            response: {
              // Widened: the handler answers JSON points or a file stream (which Fastify sends unserialized).
              200: {
                description: 'JSON points, or the export file',
                content: {
                  'application/json': { schema: points },
                  [HISTORY_CONTENT_TYPES.csv]: {
                    schema: Type.String({
                      description: `CSV: ${exportColumns(measure, LOCAL_TIME).join(',')} (past the raw retention: ${hourlyExportColumns(measure, LOCAL_TIME).join(',')})`,
                    }),
                  },
                  [HISTORY_CONTENT_TYPES.xlsx]: {
                    schema: Type.String({
                      format: 'binary',
                      description: `XLSX: ${exportColumns(measure, LOCAL_TIME).join(', ')} (past the raw retention: ${hourlyExportColumns(measure, LOCAL_TIME).join(', ')})`,
                    }),
                  },
                },
              } as { description: string; content: Record<string, { schema: TSchema }> },
              ...errorReplies(400, 401, 404),
            },
          },
        },
        async (request, reply) => {
          const { format, from, to, timeZone } = parseQuery(request.query, ctx.config.now());
          const { device } = await signedInDevice(db, request, (request.params as Record<string, string>)[keyParam], product);
          // Only what can exist is read: nothing before the device's registration (a device registered anew shows
          // nothing of its earlier owner's readings) and nothing after now. A window outside that reads nothing.
          const now = ctx.config.now();
          const window: SeriesWindow = {
            key: device.key,
            field,
            from: from < device.registeredAt ? device.registeredAt : from,
            to: to > now ? now : to,
            timeZone,
          };
          if (format === 'json') {
            const points = await chartPoints(db, window, { from, to });
            return points.map((point) => ({ Timestamp: new Date(point.time).toISOString(), [field]: point.value }));
          }
          // Hours older than the oldest raw partition come from the hourly rollups, marked so in the caller's
          // language (docs/architecture/readings.md "Retire"); a window wholly within the retention is unchanged.
          if (!(await databaseKnowsZone(db, timeZone))) throw badRequest('invalid_field', 'tz', { field: 'tz' });
          const rawSince = await rawReadingsKeptSince(db);
          const hourly = rawSince !== null && window.from.getTime() < rawSince;
          const locale = requestLocale(request);
          const pages = hourly
            ? hourlyExportPages(db, window, format, rawSince, {
                reading: translate(locale, 'export_row_reading'),
                hour: translate(locale, 'export_row_hour'),
              })
            : exportPages(db, window, format);
          const localTime = translate(locale, 'export_local_time', { zone: timeZone });
          const columns = hourly ? hourlyExportColumns(measure, localTime) : exportColumns(measure, localTime);
          // The window asked for (not the part that can hold readings), as the log page names its own download.
          const fileName = exportFileName({ product, deviceKey: device.key, measure, from, to, format, timeZone });
          return reply
            .header('Content-Type', HISTORY_CONTENT_TYPES[format])
            .header('Content-Disposition', `attachment; filename="${fileName}"`)
            .header('Cache-Control', 'private, no-store')
            .send(format === 'csv' ? csvExport(pages, columns) : xlsxExport(pages, columns));
        },
      );
    }
  }
};
