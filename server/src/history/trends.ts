// The dashboard's trend lines (docs/product/api.md GET /users/{id}/devices/trends, docs/product/screens.md /devices):
// for every device of the user's list, its main measure (TREND_FIELDS) over the last TREND_WINDOW_MS, averaged per
// TREND_BUCKET_MS — one SQL query for all cards, grouped in the database, so the reply is a few dozen points a device.
import { DeviceTrends, UserIdParams, type DeviceTrend } from '@paddock/shared/contract';
import { PRODUCT_IDS, TREND_BUCKET_MS, TREND_FIELDS, TREND_MAX_POINTS, TREND_WINDOW_MS } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql, type SQL } from 'drizzle-orm';
import { authorize } from '../access';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { notFound } from '../http/errors';
import { bearerAuth, errorReplies } from '../http/schemas';
import { findUserById } from '../users';

// Constants of the code, written into the SQL (not parameters).
const BUCKET = sql.raw(`interval '${TREND_BUCKET_MS / 1000} seconds'`);
const FIELD_OF = sql.raw(`(CASE "devices"."product" ${PRODUCT_IDS.map((p) => `WHEN '${p}' THEN '${TREND_FIELDS[p]}'`).join(' ')} END)`);
const binOf = (at: SQL) => sql`date_bin(${BUCKET}, ${at}, 'epoch')`;
/** A device's readings in [from, to) (or [from, to]) with their bucket, as rollup rows of one: an index range of device_readings' key. */
const readingsIn = (from: SQL, to: SQL, toIncluded: boolean, window: SQL) => sql`
  SELECT ${binOf(sql`r."at"`)} AS "bucket", 1::bigint AS "count", (r."data" ->> c."field")::numeric AS "sum"
  FROM "device_readings" r
  WHERE r."key" = c."key" AND r."at" >= ${from} AND r."at" ${sql.raw(toIncluded ? '<=' : '<')} ${to} AND ${window}
    AND jsonb_typeof(r."data" -> c."field") = 'number'`;

/**
 * The trends of the devices `user` owns or is in the Access list of, between `to` - TREND_WINDOW_MS and `to`.
 * Its cost follows the user's devices, not the readings table (docs/architecture/README.md#trends): whole buckets
 * come from the rollups (reading_trend_buckets, migration 0028); only the readings of each device's partial first
 * bucket (cut by the window's start or the registration), of its last (cut by `to`), of any bucket before the
 * rollups began (reading_trend_buckets_since) and of the hours the rollup job has not built yet (reading_rollup_pending,
 * 0031: the current one) are read, each an index range of device_readings' key. Per device, in a
 * LATERAL subquery that groups, so the planner cannot make it one join over the whole readings table.
 */
export async function deviceTrends(db: Db, user: { id: string; email: string }, to: Date): Promise<DeviceTrend[]> {
  const from = new Date(to.getTime() - TREND_WINDOW_MS);
  const end = sql`${to.toISOString()}::timestamptz`;
  // The bucket `to` is in: its readings are read (some may be later than `to`), not its rollup.
  const last = sql`${new Date(Math.floor(to.getTime() / TREND_BUCKET_MS) * TREND_BUCKET_MS).toISOString()}::timestamptz`;
  // Every reading read is in [from, to]; saying so in constants prunes the day partitions (migration 0030) at plan
  // time. Else each of the three reads plans every partition per device, and the estimate of a fleet-sized table
  // crosses jit_above_cost: JIT compiling took 0.5–2.5 s of a 20 ms call (docs/architecture/budgets.md).
  const window = sql`r."at" >= ${from.toISOString()}::timestamptz AND r."at" <= ${end}`;
  const result = await db.execute(sql`
    WITH "cards" AS (
      SELECT "devices"."key", "devices"."product", ${FIELD_OF} AS "field", s."start",
        -- The first bucket the rollups hold whole, from the start or from when they began (if later): that instant's
        -- own bucket if it is its first instant, else the next.
        ${binOf(sql`greatest(s."start", "reading_trend_buckets_since"()) - interval '1 microsecond'`)} + ${BUCKET} AS "whole"
      FROM "devices"
      -- Nothing of an earlier owner's time: readings from the registration on (as the history does).
      CROSS JOIN LATERAL (SELECT greatest(${from.toISOString()}::timestamptz, "devices"."registered_at") AS "start") s
      WHERE "devices"."owner_id" = ${user.id} OR "devices"."access" @> ${JSON.stringify([user.email])}::jsonb
    )
    -- Each device's points as one JSON array ([bucket start in ms, average] oldest first), built in its own subquery:
    -- a few hundred rows to the client and no sort or grouping across devices.
    SELECT c."key", c."product", p."points"
    FROM "cards" c CROSS JOIN LATERAL (
      SELECT json_agg(json_build_array(floor(extract(epoch FROM q."bucket") * 1000)::bigint, q."value") ORDER BY q."bucket") AS "points"
      FROM (
        SELECT u."bucket", (sum(u."sum") / sum(u."count"))::float8 AS "value"
        FROM (
          SELECT b."bucket", b."count"::bigint AS "count", b."sum" FROM "reading_trend_buckets" b
          WHERE b."key" = c."key" AND b."field" = c."field" AND b."bucket" >= c."whole" AND b."bucket" < ${last}
            AND NOT EXISTS (SELECT FROM "reading_rollup_pending" p WHERE p."key" = c."key" AND p."hour" = date_bin('1 hour', b."bucket", 'epoch'))
          -- The hours not rolled up yet (the current one, late readings: migration 0031), from their readings.
          UNION ALL SELECT ${binOf(sql`r."at"`)}, 1::bigint, (r."data" ->> c."field")::numeric
          FROM "reading_rollup_pending" p JOIN "device_readings" r
            ON r."key" = p."key" AND r."at" >= greatest(p."hour", c."whole") AND r."at" < least(p."hour" + interval '1 hour', ${last}) AND ${window}
          WHERE p."key" = c."key" AND p."hour" >= date_bin('1 hour', c."whole", 'epoch') AND p."hour" < ${last}
            AND jsonb_typeof(r."data" -> c."field") = 'number'
          UNION ALL ${readingsIn(sql`c."start"`, sql`least(c."whole", ${end} + interval '1 microsecond')`, false, window)}
          UNION ALL ${readingsIn(sql`greatest(${last}, c."whole")`, end, true, window)}
        ) u
        GROUP BY u."bucket"
      ) q
    ) p
    WHERE p."points" IS NOT NULL
    ORDER BY c."key"`);
  const rows = (result as unknown as { rows: { key: string; product: string; points: [number, number][] | string }[] }).rows;

  return rows.map((row) => {
    const points = (typeof row.points === 'string' ? JSON.parse(row.points) : row.points) as [number, number][];
    return {
      Key: row.key,
      Field: TREND_FIELDS[row.product as keyof typeof TREND_FIELDS],
      Points: points.slice(0, TREND_MAX_POINTS + 1).map(([at, value]) => ({ At: new Date(Number(at)).toISOString(), Value: Number(value) })),
    };
  });
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
