// GET /{collection}/{key}/changes (docs/product/roles.md "Change log", docs/product/api.md): what the people a device is
// shared with changed on it, for its owner (and admins, who act as owners). A shared user gets 403
// device_changes_owner_only, anyone else 404 like every device call.
import { DeviceChangeLog, ImeiParams, ImsiParams } from '@paddock/shared/contract';
import { PRODUCTS, type ProductId } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { AppError } from '../http/errors';
import { bearerAuth, errorReplies } from '../http/schemas';
import { signedInDevice } from './access';
import { changesOf } from './changeLog';

export const changeLogRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;
  for (const product of Object.keys(PRODUCTS) as ProductId[]) {
    const { apiCollection, keyField, name } = PRODUCTS[product];
    const keyParam = keyField === 'Imsi' ? 'imsi' : 'imei';
    app.get(
      `/${apiCollection}/:${keyParam}/changes`,
      {
        schema: {
          params: keyField === 'Imsi' ? ImsiParams : ImeiParams,
          security: bearerAuth,
          tags: ['devices'],
          summary: `What the people this ${name} is shared with changed, newest first (owner only; the last 100, 90 days at most)`,
          response: { 200: DeviceChangeLog, ...errorReplies(400, 401, 403, 404) },
        },
      },
      async (request: FastifyRequest) => {
        const key = (request.params as Record<string, string>)[keyParam];
        const { device, role } = await signedInDevice(db, request, key, product);
        if (role !== 'owner') throw new AppError(403, 'device_changes_owner_only');
        const rows = await changesOf(db, device.key, device.ownerId, config.now());
        return rows.map((row): DeviceChangeLog[number] => ({
          At: row.changedAt.toISOString(),
          By: row.byEmail,
          Fields: row.fields,
          ...(row.details.Name ? { Name: { From: row.details.Name.from, To: row.details.Name.to } } : {}),
          ...(row.details.Notify ? { Notify: row.details.Notify.to } : {}),
        }));
      },
    );
  }
};
