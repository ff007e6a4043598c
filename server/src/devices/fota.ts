// Firmware over the air (docs/product/screens.md admin FOTA, §7), for the products that take it (FenceAlarm2): an admin asks for an
// update; the device gets it as a retained `down/fota` (now, or when it next connects) and reports progress on
// `up/fota` (see docs/protocol.md and gateway/ingest.ts). The device representation shows the update under way in
// Firmware.Pending.
import { randomUUID } from 'node:crypto';
import { FotaBody, ImeiParams } from '@paddock/shared/contract';
import { PRODUCT_IDS, PRODUCTS, type ProductId } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authorize } from '../access';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { bearerAuth, errorReplies } from '../http/schemas';
import { deepMerge } from './changes';
import { toDevice } from './representation';
import { changeDevice, findDevice } from './store';

/**
 * Asks one device of `product` to install the image: its Firmware.Pending is set (replacing one still under way: the
 * device drops the old Id) and the request is published retained. Returns the request's Id (its up/fota reports carry
 * it), or null when the device is not registered as that product. Firmware campaigns send through here too.
 */
export async function requestFirmwareUpdate(
  ctx: Pick<AppContext, 'db' | 'gateway'>,
  key: string,
  product: ProductId,
  image: { url: string; checksum: string },
  now: Date,
): Promise<string | null> {
  const id = randomUUID();
  const url = image.url.trim();
  const checksum = image.checksum.trim().toLowerCase();
  const changed = await changeDevice(ctx.db, key, now, (row) => {
    if (row.product !== product) return null;
    const firmware = (row.fields.Firmware as { Version?: string } | undefined) ?? {};
    const pending = { Id: id, Url: url, Checksum: checksum, RequestedAt: now.toISOString(), Status: 'requested', Progress: 0 };
    return { fields: deepMerge(row.fields, { Firmware: { Version: firmware.Version ?? '', Pending: pending } }) };
  });
  if (!changed || changed.product !== product) return null;
  ctx.gateway.publishFota(key, { Id: id, Url: url, Checksum: checksum });
  return id;
}

export const fotaRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;

  const requestUpdate = (product: ProductId) => async (request: FastifyRequest<{ Params: ImeiParams; Body: FotaBody }>, _reply: FastifyReply) => {
    authorize(request, 'device:fota');
    const { imei } = request.params;
    const sent = await requestFirmwareUpdate(ctx, imei, product, { url: request.body.Url, checksum: request.body.Checksum }, config.now());
    if (!sent) throw notFound();
    return toDevice((await findDevice(db, imei))!);
  };

  for (const product of PRODUCT_IDS.filter((id) => PRODUCTS[id].firmwareUpdates)) {
    const { apiCollection, name } = PRODUCTS[product];
    const schema = {
      params: ImeiParams,
      body: FotaBody,
      security: bearerAuth,
      tags: ['devices'],
      summary: `Admin: asks a ${name} to fetch and install firmware (coap, coaps or https URL, the image's SHA-256 as 64 hexadecimal digits)`,
      response: { 200: PRODUCTS[product].schema, ...errorReplies(400, 401, 403, 404) },
    };
    // A staff action: recorded in the audit log (docs/product/admin.md "Audit log").
    const audited = { audit: 'device.fota' as const };
    app.put(`/${apiCollection}/:imei/fota`, { schema, config: audited }, requestUpdate(product));
    app.patch(`/${apiCollection}/:imei/fota`, { schema, config: audited }, requestUpdate(product));
  }
};
