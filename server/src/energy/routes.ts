// Energy per day, week and month (issue 32, docs/product/energy.md, docs/product/api.md "Energy"):
// GET /{smartplugs|smartplug2s}/{imei}/energy?period&from&to&tz — a plug's kWh per local period, for its log page;
// whoever may read the plug's history may read this (owner, users in Access, admins; anyone else 404, devices/access.ts).
// GET /users/{id}/energy?period&tz — the current period's kWh over the plugs the account owns and their cost at its
// energy price, for the dashboard's total; the account holder and admins, like the device list. A route of its own
// rather than a field of the device list: the list is cached by version (ETag) and a meter rises on every reading.
import { EnergyBuckets, EnergyQuery, ImeiParams, UserEnergyQuery, UserEnergyTotal, UserIdParams } from '@paddock/shared/contract';
import {
  ENERGY_MAX_BUCKETS,
  energyBucketCount,
  isKnownTimeZone,
  isoDate,
  parseIsoDate,
  periodStart,
  PRODUCT_HISTORIES,
  PRODUCTS,
  type EnergyPeriod,
  type ProductId,
} from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq, inArray } from 'drizzle-orm';
import { authorize } from '../access';
import type { AppContext } from '../context';
import { devices } from '../db/schema';
import { signedInDevice } from '../devices';
import { badRequest, notFound } from '../http/errors';
import { bearerAuth, errorReplies } from '../http/schemas';
import { findUserById } from '../users';
import { databaseKnowsZone, energyPerPeriod, kWhOf } from './buckets';

/** The plugs: the products whose meter (Consumption) is charted. */
export const PLUG_PRODUCTS = (Object.keys(PRODUCT_HISTORIES) as ProductId[]).filter((product) =>
  (PRODUCT_HISTORIES[product] as readonly string[]).includes('consumption'),
);

/** The zone, or a 400 naming tz when neither the runtime nor the database knows it. Without one: UTC. */
async function checkedZone(ctx: AppContext, tz: string | undefined): Promise<string> {
  const timeZone = tz ?? 'UTC';
  if (!isKnownTimeZone(timeZone) || !(await databaseKnowsZone(ctx.db, timeZone))) throw badRequest('invalid_field', 'tz', { field: 'tz' });
  return timeZone;
}

/** Today's date on the zone's wall clock (YYYY-MM-DD). */
function localToday(timeZone: string, now: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export const energyRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const tags = ['energy'];

  for (const product of PLUG_PRODUCTS) {
    const { apiCollection, name } = PRODUCTS[product];
    app.get(
      `/${apiCollection}/:imei/energy`,
      {
        // The plug's log page, in Paddock and in the partner embed (http/cors.ts), as its charts.
        config: { embed: true },
        schema: {
          params: ImeiParams,
          querystring: EnergyQuery,
          security: bearerAuth,
          tags,
          summary:
            `A ${name}'s energy per day, ISO week or month on the clock of tz (default UTC) from the period of from to that of to ` +
            `(at most ${ENERGY_MAX_BUCKETS} bars): [{Start, Date, KWh}], the meter's rises in each, a reset or wrap counted from 0`,
          response: { 200: EnergyBuckets, ...errorReplies(400, 401, 404) },
        },
      },
      async (request) => {
        const { period, tz } = request.query;
        const from = parseIsoDate(request.query.from);
        if (!from) throw badRequest('invalid_field', 'from', { field: 'from' });
        const to = parseIsoDate(request.query.to);
        if (!to) throw badRequest('invalid_field', 'to', { field: 'to' });
        if (to < from) throw badRequest('history_range_reversed', 'to');
        if (energyBucketCount(period, from, to) > ENERGY_MAX_BUCKETS)
          throw badRequest('energy_too_many_bars', 'to', { max: ENERGY_MAX_BUCKETS });
        const timeZone = await checkedZone(ctx, tz);
        const { device } = await signedInDevice(db, request, request.params.imei, product);
        const rows = await energyPerPeriod(db, [{ key: device.key, registeredAt: device.registeredAt }], period, {
          first: isoDate(periodStart(period, from)),
          last: isoDate(periodStart(period, to)),
          timeZone,
          now: ctx.config.now(),
        });
        return {
          Period: period,
          TimeZone: timeZone,
          Buckets: rows.map((row) => ({ Start: row.start.toISOString(), Date: row.date, KWh: kWhOf(row.wh) })),
        };
      },
    );
  }

  app.get(
    '/users/:id/energy',
    {
      // The dashboard's, in Paddock and in the partner embed, as the device list (http/cors.ts).
      config: { embed: true },
      schema: {
        params: UserIdParams,
        querystring: UserEnergyQuery,
        security: bearerAuth,
        tags,
        summary:
          'The energy of every plug the account owns in the current day, ISO week or month (default) on the clock of tz (default UTC), ' +
          "and its cost at the account's energy price in minor units (null without a price)",
        response: { 200: UserEnergyTotal, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      authorize(request, 'user:devices', { userId: request.params.id });
      const period: EnergyPeriod = request.query.period ?? 'month';
      const timeZone = await checkedZone(ctx, request.query.tz);
      const user = await findUserById(db, request.params.id);
      if (!user) throw notFound();
      const plugs = await db
        .select({ key: devices.key, registeredAt: devices.registeredAt })
        .from(devices)
        .where(and(eq(devices.ownerId, user.id), inArray(devices.product, PLUG_PRODUCTS)));
      const now = ctx.config.now();
      const first = isoDate(periodStart(period, parseIsoDate(localToday(timeZone, now))!));
      const [row] = await energyPerPeriod(db, plugs, period, { first, last: first, timeZone, now });
      const wh = plugs.length && row ? row.wh : 0;
      const kWh = kWhOf(wh);
      // PerKwh is in hundredths of a minor unit (docs/product/limits.md "Energy price").
      const price = user.energyPricePerKwh !== null && user.energyPriceCurrency !== null ? user.energyPricePerKwh : null;
      return {
        Period: period,
        TimeZone: timeZone,
        Start: (row?.start ?? new Date(now)).toISOString(),
        Plugs: plugs.length,
        KWh: kWh,
        Cost: price === null ? null : { Amount: Math.round((kWh * price) / 100), Currency: user.energyPriceCurrency! },
      };
    },
  );
};
