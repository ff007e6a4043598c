// The alarm log (docs/product/alarm-log.md, docs/product/api.md "Alarm log"): the occurrences of the alarms of every
// device an account owns or is shared with, newest first, with who was told by which channel and who acknowledged
// them; and acknowledging one, which stops its reminders for everyone. An account's log is the account holder's (and
// staff's, like its device list); acknowledging is for anyone with a role on the device (admins act as owners), and
// anyone else gets 404, as for the device itself (docs/product/roles.md).
import {
  AlarmLogPage,
  AlarmLogQuery,
  AlarmOccurrence,
  AlarmOccurrenceParams,
  ALARM_LOG_PAGE_SIZE,
  UserIdParams,
} from '@paddock/shared/contract';
import { isProductId, type NotifiedAlarm } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, desc, eq, gte, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { authorize } from '../access';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { alarmDeliveries, alarmOccurrences, devices, users } from '../db/schema';
import { findDevice, roleOn } from '../devices';
import { notFound } from '../http/errors';
import { bearerAuth, errorReplies } from '../http/schemas';
import { ownerTimeZone } from '../notify';
import { findUserById } from '../users';
import { acknowledgeOccurrence } from './log';

const owners = alias(users, 'owners');

const personOf = (row: { name: string; email: string }) => ({ Name: row.name, Email: row.email });

/** The occurrences matching `where`, newest first, with their devices, deliveries and acknowledging person. */
async function occurrencesWhere(db: Db, where: SQL | undefined, limit: number): Promise<AlarmOccurrence[]> {
  const rows = await db
    .select({
      occurrence: alarmOccurrences,
      product: devices.product,
      name: devices.name,
      fields: devices.fields,
      access: devices.access,
      ownerCountry: owners.country,
    })
    .from(alarmOccurrences)
    .innerJoin(devices, eq(devices.key, alarmOccurrences.key))
    .innerJoin(owners, eq(owners.id, devices.ownerId))
    .where(where)
    .orderBy(desc(alarmOccurrences.raisedAt), desc(alarmOccurrences.id))
    .limit(limit);
  if (!rows.length) return [];
  const ids = rows.map((row) => row.occurrence.id);
  const deliveries = await db
    .select({ delivery: alarmDeliveries, name: users.name, email: users.email })
    .from(alarmDeliveries)
    .innerJoin(users, eq(users.id, alarmDeliveries.userId))
    .where(inArray(alarmDeliveries.occurrenceId, ids))
    .orderBy(asc(alarmDeliveries.queuedAt), asc(alarmDeliveries.id));
  const ackIds = [...new Set(rows.flatMap((row) => (row.occurrence.acknowledgedBy ? [row.occurrence.acknowledgedBy] : [])))];
  const ackers = ackIds.length ? await db.select().from(users).where(inArray(users.id, ackIds)) : [];
  return rows.flatMap(({ occurrence, product, name, fields, access, ownerCountry }): AlarmOccurrence[] => {
    if (!isProductId(product)) return [];
    // Only the people the device is shared with now are named: after a transfer, or once someone left its sharing
    // list, the device's readers do not learn who they were (docs/product/alarm-log.md "Who sees what").
    // Staff who acknowledged are named as themselves (admins act as owners, docs/product/roles.md).
    const named = (person: { name: string; email: string; accountType?: string } | undefined) =>
      person && (access.includes(person.email) || person.accountType === 'admin') ? personOf(person) : null;
    const acker = ackers.find((user) => user.id === occurrence.acknowledgedBy);
    return [
      {
        Id: occurrence.id,
        Device: { Product: product, Key: occurrence.key, Name: name },
        Alarm: occurrence.alarm as NotifiedAlarm,
        RaisedAt: occurrence.raisedAt.toISOString(),
        Value: occurrence.value,
        Unit: occurrence.unit,
        ClearedAt: occurrence.clearedAt?.toISOString() ?? null,
        AcknowledgedAt: occurrence.acknowledgedAt?.toISOString() ?? null,
        AcknowledgedBy: named(acker),
        TimeZone: ownerTimeZone({ country: ownerCountry }, fields),
        Deliveries: deliveries
          .filter((row) => row.delivery.occurrenceId === occurrence.id)
          .map((row) => ({
            To: named(row),
            Channel: row.delivery.channel,
            Event: row.delivery.event,
            At: row.delivery.queuedAt.toISOString(),
            Status: row.delivery.status,
          })),
      },
    ];
  });
}

/** The devices the account owns or is shared with (docs/product/roles.md). */
const devicesOf = (user: { id: string; email: string }) =>
  or(eq(devices.ownerId, user.id), sql`${devices.access} @> ${JSON.stringify([user.email])}::jsonb`);

export const alarmLogRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;
  const tags = ['alarms'];

  app.get(
    '/users/:id/alarms',
    {
      schema: {
        params: UserIdParams,
        querystring: AlarmLogQuery,
        security: bearerAuth,
        tags,
        summary:
          "The alarm log of every device the account owns or is shared with (device: one of them), newest first: raised, cleared, who was told by which channel and whether it was delivered, who acknowledged it; paged by cursor (the page's Next)",
        response: { 200: AlarmLogPage, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      authorize(request, 'user:devices', { userId: request.params.id });
      const user = await findUserById(db, request.params.id);
      if (!user) throw notFound();
      const { device, from, cursor, limit = ALARM_LOG_PAGE_SIZE } = request.query;
      const [afterMs, afterId] = cursor ? cursor.split('_') : [];
      const page = await occurrencesWhere(
        db,
        and(
          devicesOf(user),
          device === undefined ? undefined : eq(alarmOccurrences.key, device),
          from === undefined ? undefined : gte(alarmOccurrences.raisedAt, new Date(from)),
          cursor === undefined
            ? undefined
            : sql`(${alarmOccurrences.raisedAt}, ${alarmOccurrences.id}) < (${new Date(Number(afterMs)).toISOString()}::timestamptz, ${afterId})`,
        ),
        limit + 1,
      );
      const shown = page.slice(0, limit);
      const last = shown[shown.length - 1];
      return { Occurrences: shown, Next: page.length > limit && last ? `${Date.parse(last.RaisedAt)}_${last.Id}` : null };
    },
  );

  app.post(
    '/alarms/:id/acknowledge',
    {
      schema: {
        params: AlarmOccurrenceParams,
        security: bearerAuth,
        tags,
        summary:
          'Acknowledges an alarm occurrence (owner, shared user or admin of its device; anyone else 404): nobody is reminded of it any more; acknowledging again changes nothing',
        response: { 200: AlarmOccurrence, ...errorReplies(400, 401, 404) },
      },
    },
    async (request) => {
      const { user } = authorize(request, 'device:use');
      const [occurrence] = await db
        .select({ key: alarmOccurrences.key })
        .from(alarmOccurrences)
        .where(eq(alarmOccurrences.id, request.params.id));
      const device = occurrence && (await findDevice(db, occurrence.key));
      if (!device) throw notFound();
      roleOn(user, device);
      if (!(await acknowledgeOccurrence(db, request.params.id, user.id, config.now()))) throw notFound();
      const [shown] = await occurrencesWhere(db, eq(alarmOccurrences.id, request.params.id), 1);
      if (!shown) throw notFound();
      return shown;
    },
  );
};
