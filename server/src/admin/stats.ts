// GET /admin/stats (docs/product/admin.md "Fleet statistics"): every figure is counted by the database, in a few
// queries that each read a table once (or an index), so the page stays fast with 100,000 devices (npm run bench).
import { FleetStats } from '@paddock/shared/contract';
import { NOTIFIED_ALARMS, PRODUCT_IDS, PRODUCTS, SMS_BUNDLE, type NotifiedAlarm } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql, type SQL } from 'drizzle-orm';
import { authorize } from '../access';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { ALARMS_TRIGGERED } from '../db/predicates';
import { rows } from '../db/rows';
import { bearerAuth, errorReplies } from '../http/schemas';

const DAY_MS = 86_400_000;
/** "Active": signed in (or refreshed a session) within this many days; a token is made each time. */
export const ACTIVE_DAYS = 30;
export const READING_HOURS = 7 * 24;
export const NOTIFICATION_DAYS = 30;

/** The devices' alarm fields that are triggered (and switched on, where they can be): as the owner's warnings show them. */
function alarmCounts(): { kind: NotifiedAlarm; column: SQL }[] {
  return NOTIFIED_ALARMS.map((kind) => {
    const conditions = PRODUCT_IDS.flatMap((product) =>
      PRODUCTS[product].notifiedAlarms
        .filter((source) => source.alarm === kind)
        .map(
          ({ field }) =>
            sql`(product = ${product} AND (fields -> ${field} = 'true'::jsonb OR (fields -> ${field} ->> 'Triggered' = 'true' AND coalesce(fields -> ${field} ->> 'Enabled', 'true') <> 'false')))`,
        ),
    );
    return { kind, column: conditions.length ? sql`count(*) FILTER (WHERE ${sql.join(conditions, sql` OR `)})::int` : sql`0` };
  });
}

export async function fleetStats(db: Db, now: Date): Promise<FleetStats> {
  const at = now.toISOString();
  // docs/product/states.md "Subscription active": a current plan, or an expiry still ahead (ISO text compares in time order).
  const active = sql`(subscription -> 'PriceIds' ->> 'Current' <> '' OR subscription ->> 'ExpiresAt' > ${at})`;
  const trialing = sql`(subscription ->> 'Trialing' = 'true')`;
  const alarms = alarmCounts();
  const since = new Date(now.getTime() - ACTIVE_DAYS * DAY_MS).toISOString();
  // The windows' first hour and day (UTC); the database counts what falls in them.
  const thisHour = new Date(now);
  thisHour.setUTCMinutes(0, 0, 0);
  const firstHour = new Date(thisHour.getTime() - (READING_HOURS - 1) * 3_600_000).toISOString();
  const today = new Date(now);
  today.setUTCHours(0, 0, 0, 0);
  const firstDay = new Date(today.getTime() - (NOTIFICATION_DAYS - 1) * DAY_MS).toISOString();
  const [[users], deviceRows, [alarmRow], inventoryRows, readings, notifications, [sms]] = await db.transaction(
    async (tx) => {
      // One snapshot for every figure, and one core per request: the queries run one after another on one
      // connection without parallel workers, so admins asking at once do not each take every core (npm run bench).
      await tx.execute(sql`SET LOCAL max_parallel_workers_per_gather = 0`);
      return [
        await rows<{ total: number; verified: number; active: number }>(
          tx,
          sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE verified)::int AS verified,
            (SELECT count(DISTINCT user_id) FROM tokens WHERE created_at > ${since}::timestamptz)::int AS active
          FROM users`,
        ),
        // One row per product, offline flag and subscription state: each device is classified once.
        await rows<{ product: string; offline: boolean; state: 'active' | 'trial' | 'ended'; count: number }>(
          tx,
          sql`SELECT product, offline,
            CASE WHEN ${active} THEN CASE WHEN ${trialing} THEN 'trial' ELSE 'active' END ELSE 'ended' END AS state,
            count(*)::int AS count
          FROM devices GROUP BY 1, 2, 3`,
        ),
        // Through the partial index of devices with an alarm triggered: a few rows, not the fleet.
        await rows<Record<string, number>>(
          tx,
          sql`SELECT ${sql.join(
            alarms.map((alarm, i) => sql`${alarm.column} AS ${sql.raw(`alarm${i}`)}`),
            sql`, `,
          )} FROM devices WHERE ${sql.raw(ALARMS_TRIGGERED)}`,
        ),
        await rows<{ product: string; count: number }>(tx, sql`SELECT product, count(*)::int AS count FROM inventory GROUP BY product`),
        await rows<{ hour: string; count: number }>(
          tx,
          sql`SELECT to_char(h.hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:00:00.000"Z"') AS hour, coalesce(sum(r.count), 0)::int AS count
          FROM generate_series(${firstHour}::timestamptz, ${thisHour.toISOString()}::timestamptz, interval '1 hour') AS h(hour)
          LEFT JOIN reading_hours r ON r.hour = h.hour
          GROUP BY h.hour ORDER BY h.hour`,
        ),
        await rows<{ day: string; channel: string; count: number }>(
          tx,
          sql`WITH sent AS (
            SELECT 'email' AS channel, (sent_at AT TIME ZONE 'UTC')::date AS day, count(*) AS count FROM mailbox
              WHERE sent_at >= ${firstDay}::timestamptz GROUP BY 2
            UNION ALL
            SELECT 'sms', (sent_at AT TIME ZONE 'UTC')::date, count(*) FROM sms_outbox
              WHERE sent_at >= ${firstDay}::timestamptz GROUP BY 2
          )
          SELECT to_char(days.day, 'YYYY-MM-DD') AS day, c.channel, coalesce(sent.count, 0)::int AS count
          FROM (SELECT (d AT TIME ZONE 'UTC')::date AS day
                FROM generate_series(${firstDay}::timestamptz, ${at}::timestamptz, interval '1 day') AS d) AS days
          CROSS JOIN (VALUES ('email'), ('sms')) AS c(channel)
          LEFT JOIN sent ON sent.day = days.day AND sent.channel = c.channel
          ORDER BY days.day, c.channel`,
        ),
        await rows<{ bundles: number; messages: number }>(
          tx,
          sql`SELECT count(*)::int AS bundles, (count(*) * ${SMS_BUNDLE.Count})::int AS messages FROM payments WHERE price_key = 'Sms'`,
        ),
      ] as const;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const inventory = new Map(inventoryRows.map((row) => [row.product, row.count]));
  /** The database's counts of one product's devices, added up over the groups that match. */
  const devicesWhere = (product: string, match: (row: (typeof deviceRows)[number]) => boolean) =>
    deviceRows.filter((row) => row.product === product && match(row)).reduce((sum, row) => sum + Number(row.count), 0);
  const figure = (product: string, name: 'registered' | 'offline' | 'active' | 'trial' | 'ended') =>
    devicesWhere(product, (row) => (name === 'registered' ? true : name === 'offline' ? row.offline : row.state === name));
  return {
    At: at,
    Users: { Total: users.total, Verified: users.verified, Active30Days: users.active },
    Devices: PRODUCT_IDS.map((product) => ({
      Product: product,
      // Every registered device has its inventory row: the rest are not registered.
      Inventory: Math.max(0, (inventory.get(product) ?? 0) - figure(product, 'registered')),
      Registered: figure(product, 'registered'),
      Online: figure(product, 'registered') - figure(product, 'offline'),
      Offline: figure(product, 'offline'),
    })),
    AlarmsNow: alarms.map((alarm, i) => ({
      Kind: alarm.kind,
      Count: Number(alarmRow[`alarm${i}`] ?? 0),
    })),
    Subscriptions: PRODUCT_IDS.map((product) => ({
      Product: product,
      Active: figure(product, 'active'),
      Trial: figure(product, 'trial'),
      Ended: figure(product, 'ended'),
    })),
    ReadingsPerHour: readings.map((row) => ({ Hour: row.hour, Count: Number(row.count) })),
    NotificationsPerDay: notifications.map((row) => ({ Day: row.day, Channel: row.channel, Count: Number(row.count) })),
    SmsSold: { Bundles: sms.bundles, Messages: sms.messages },
  };
}

export const statsRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/stats',
    {
      // Fleet-wide counts, no one's data: not audited (audit/routeConfig.ts).
      config: { showsNoUserData: true },
      schema: {
        tags: ['admin'],
        summary: 'Admin: fleet statistics (users, devices, alarms now, subscriptions, readings per hour, notifications per day, SMS sold)',
        security: bearerAuth,
        response: { 200: FleetStats, ...errorReplies(401, 403) },
      },
    },
    async (request) => {
      authorize(request, 'stats:read');
      return fleetStats(ctx.db, ctx.config.now());
    },
  );
};
