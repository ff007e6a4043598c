// Admin device search (docs/product/admin.md "Device search"): the registered devices of one product in key order,
// filtered by a key prefix and/or an owner e-mail prefix, keyset-paged by the last key of the previous page. Keys
// compare byte-wise (COLLATE "C"), so the index devices_product_key_idx serves the prefix, the `after` bound and
// the order whatever the database's collation; owner prefixes use users_email_prefix_idx
// (0015_admin_search.sql). Stays fast with 100,000 devices and 20,000 users.
import {
  ADMIN_SEARCH_PAGE_SIZE,
  AdminDevicePage,
  AdminDeviceSearchParams,
  AdminDeviceSearchQuery,
  type AdminDeviceSummary,
} from '@paddock/shared/contract';
import { normalizeEmail } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { authorize } from '../access';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { devices, users } from '../db/schema';
import { bearerAuth, errorReplies, likeLiteral } from '../http/schemas';

/** The device key as the index holds it: byte-wise, so digits sort as text and LIKE 'prefix%' is a range. */
const keyC = sql`${devices.key} COLLATE "C"`;

export interface DeviceSearch {
  product: string;
  key?: string;
  owner?: string;
  after?: string;
  limit?: number;
}

export async function searchDevices(db: Db, search: DeviceSearch): Promise<AdminDevicePage> {
  const limit = search.limit ?? ADMIN_SEARCH_PAGE_SIZE;
  const key = search.key?.trim();
  const owner = search.owner === undefined ? '' : normalizeEmail(search.owner);
  const filters: SQL[] = [eq(devices.product, search.product)];
  if (key) filters.push(sql`${keyC} LIKE ${`${likeLiteral(key)}%`}`);
  if (search.after) filters.push(sql`${keyC} > ${search.after}`);
  // E-mails are stored normalized (lowercase), so a lowercased prefix matches any letter case typed.
  if (owner) filters.push(sql`${users.email} LIKE ${`${likeLiteral(owner)}%`}`);
  const rows = await db
    .select({
      key: devices.key,
      product: devices.product,
      name: devices.name,
      ownerEmail: users.email,
      ownerId: devices.ownerId,
      registeredAt: devices.registeredAt,
      offline: devices.offline,
    })
    .from(devices)
    .innerJoin(users, eq(users.id, devices.ownerId))
    .where(and(...filters))
    .orderBy(keyC)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const Devices: AdminDeviceSummary[] = page.map((row) => ({
    Key: row.key,
    Product: row.product,
    Name: row.name,
    OwnerEmail: row.ownerEmail,
    Owner: row.ownerId,
    RegisteredAt: row.registeredAt.toISOString(),
    Online: !row.offline,
  }));
  return { Devices, Next: rows.length > limit ? page[page.length - 1].key : null };
}

export const deviceSearchRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/devices/:product',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Admin: registered devices of one product by key order; key: the key starts with it; owner: the owner’s e-mail starts with it (any letter case); after: the last key of the previous page (Next)',
        security: bearerAuth,
        params: AdminDeviceSearchParams,
        querystring: AdminDeviceSearchQuery,
        response: { 200: AdminDevicePage, ...errorReplies(400, 401, 403) },
      },
    },
    async (request) => {
      authorize(request, 'device:search');
      return searchDevices(ctx.db, { product: request.params.product, ...request.query });
    },
  );
};
