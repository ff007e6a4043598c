// The dashboard's trend lines (docs/product/api.md GET /users/{id}/devices/trends, docs/product/screens.md /devices):
// for every device of the user's list, its main measure (TREND_FIELDS) over the last TREND_WINDOW_MS, averaged per
// TREND_BUCKET_MS — one SQL query for all cards, grouped in the database, so the reply is a few dozen points a device.
import { DeviceTrends, UserIdParams, type DeviceTrend } from '@paddock/shared/contract';
import { PRODUCT_IDS, TREND_BUCKET_MS, TREND_FIELDS, TREND_MAX_POINTS, TREND_WINDOW_MS } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, eq, gte, lte, or, sql } from 'drizzle-orm';
import { authorize } from '../access';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { deviceReadings, devices } from '../db/schema';
import { notFound } from '../http/errors';
import { bearerAuth, errorReplies } from '../http/schemas';
import { findUserById } from '../users/store';

// Constants of the code, written into the SQL (not parameters), so the bucket in SELECT and GROUP BY is one expression.
const BUCKET_SECONDS = TREND_BUCKET_MS / 1000;
const FIELD_OF = sql.raw(`(CASE "devices"."product" ${PRODUCT_IDS.map((p) => `WHEN '${p}' THEN '${TREND_FIELDS[p]}'`).join(' ')} END)`);
const BUCKET = sql.raw(`floor(extract(epoch from "device_readings"."at") / ${BUCKET_SECONDS})::bigint`);

/** The trends of the devices `user` owns or is in the Access list of, between `to` - TREND_WINDOW_MS and `to`. */
export async function deviceTrends(db: Db, user: { id: string; email: string }, to: Date): Promise<DeviceTrend[]> {
  const from = new Date(to.getTime() - TREND_WINDOW_MS);
  const rows = await db
    .select({
      key: devices.key,
      product: devices.product,
      bucket: sql<string>`${BUCKET}`,
      value: sql<number>`avg((${deviceReadings.data} ->> ${FIELD_OF})::float8)`,
    })
    .from(devices)
    .innerJoin(
      deviceReadings,
      and(
        eq(deviceReadings.key, devices.key),
        // Nothing of an earlier owner's time: readings from the registration on (as the history does).
        gte(deviceReadings.at, sql`greatest(${from.toISOString()}::timestamptz, ${devices.registeredAt})`),
        lte(deviceReadings.at, to),
      ),
    )
    .where(
      and(
        or(eq(devices.ownerId, user.id), sql`${devices.access} @> ${JSON.stringify([user.email])}::jsonb`),
        sql`jsonb_typeof(${deviceReadings.data} -> ${FIELD_OF}) = 'number'`,
      ),
    )
    .groupBy(devices.key, devices.product, BUCKET)
    .orderBy(asc(devices.key), asc(BUCKET));

  const trends = new Map<string, DeviceTrend>();
  for (const row of rows) {
    let trend = trends.get(row.key);
    if (!trend) {
      trend = { Key: row.key, Field: TREND_FIELDS[row.product as keyof typeof TREND_FIELDS], Points: [] };
      trends.set(row.key, trend);
    }
    if (trend.Points.length < TREND_MAX_POINTS + 1) {
      trend.Points.push({ At: new Date(Number(row.bucket) * TREND_BUCKET_MS).toISOString(), Value: Number(row.value) });
    }
  }
  return [...trends.values()];
}

export const trendRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  app.get(
    '/users/:id/devices/trends',
    {
      // The dashboard's, in Paddock and in the partner embed (http/cors.ts).
      config: { embed: true },
      schema: {
        params: UserIdParams,
        security: bearerAuth,
        tags: ['history'],
        summary:
          `The dashboard's trend lines: for each device of the user's list that reported in the last ${TREND_WINDOW_MS / 3_600_000} h, ` +
          `its main measure (Voltage, Load or RemainingData) averaged per ${TREND_BUCKET_MS / 60_000} minutes, oldest first`,
        response: { 200: DeviceTrends, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      // The same as the list the cards come from: the user, or an admin.
      authorize(request, 'user:devices', { userId: request.params.id });
      const user = await findUserById(db, request.params.id);
      if (!user) throw notFound();
      const to = ctx.config.now();
      reply.header('Cache-Control', 'private, no-cache');
      return { To: to.toISOString(), Trends: await deviceTrends(db, user, to) };
    },
  );
};
