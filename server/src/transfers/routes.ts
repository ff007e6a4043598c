// Transfer offers (docs/product/api.md "Transfers", docs/product/devices.md "Transfers"): the owner (or an admin)
// offers a device to an address and may withdraw it; the verified account with that address accepts or declines it;
// both see their open offers. Until the recipient accepts nothing changes hands. Anyone but the recipient gets 404
// for an offer, so its id reveals nothing.
import {
  Device,
  ImeiParams,
  ImsiParams,
  Transfer,
  TransferIdParams,
  TransferList,
  TransferOfferBody,
  UserIdParams,
} from '@paddock/shared/contract';
import { PRODUCTS, withSystemTags, type ProductId } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { authorize } from '../access';
import type { AppContext } from '../context';
import { deviceTransfers, type UserRow } from '../db/schema';
import { changeDevice, findDevice, signedInDevice, toDevice } from '../devices';
import { AppError, notFound } from '../http/errors';
import { bearerAuth, errorReplies, NoContent, sendNoContent } from '../http/schemas';
import { findUserById } from '../users';
import { offerTransfer } from './offer';
import { deleteOffer, findOffer, openOffers, toTransfer, withdrawOffer, type TransferView } from './store';

const ownerOnly = () => new AppError(403, 'device_owner_only', 'Owner', { field: 'Owner' });

export const transferRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;
  const tags = ['transfers'];

  /** The offer, if the caller is the verified account whose address it names; 404 for everyone else. */
  async function offerToCaller(request: FastifyRequest, id: string): Promise<{ user: UserRow; offer: TransferView }> {
    const { user } = authorize(request, 'transfer:answer');
    const offer = await findOffer(db, id);
    if (!offer || !user.verified || offer.toEmail !== user.email) throw notFound();
    return { user, offer };
  }

  for (const product of Object.keys(PRODUCTS) as ProductId[]) {
    const { apiCollection, keyField } = PRODUCTS[product];
    const keyParam = keyField === 'Imsi' ? 'imsi' : 'imei';
    const params = keyField === 'Imsi' ? ImsiParams : ImeiParams;
    const keyOf = (request: FastifyRequest) => (request.params as Record<string, string>)[keyParam];
    const productName = PRODUCTS[product].name;

    app.post(
      `/${apiCollection}/:${keyParam}/transfer`,
      {
        schema: {
          params,
          body: TransferOfferBody,
          security: bearerAuth,
          tags,
          summary: `Offers the ${productName} to an address (owner or admin): 202 and a mail to that address, alike whether or not it has an account; replaces an earlier offer; RATE_LIMIT_TRANSFER_OFFER (429)`,
          response: { 202: Transfer, ...errorReplies(400, 401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const { user, device, role } = await signedInDevice(db, request, keyOf(request), product);
        if (role !== 'owner') throw ownerOnly();
        const transfer = await offerTransfer(ctx, request, user, device, (request.body as TransferOfferBody).Email, 'Email');
        return reply.code(202).send(transfer);
      },
    );

    app.delete(
      `/${apiCollection}/:${keyParam}/transfer`,
      {
        schema: {
          params,
          security: bearerAuth,
          tags,
          summary: `Withdraws the ${productName}'s open offer, if any (owner or admin)`,
          response: { 204: NoContent, ...errorReplies(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { device, role } = await signedInDevice(db, request, keyOf(request), product);
        if (role !== 'owner') throw ownerOnly();
        // False when an accept handed the device over first: the caller no longer has it, as a later call would find.
        if (!(await withdrawOffer(db, device.key, device.ownerId))) throw notFound();
        return sendNoContent(reply);
      },
    );
  }

  app.get(
    '/users/:id/transfers',
    {
      schema: {
        params: UserIdParams,
        security: bearerAuth,
        tags,
        summary: "The open offers to the account's address (Incoming, for a verified account) and of its devices (Outgoing)",
        response: { 200: TransferList, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      authorize(request, 'transfer:list', { userId: request.params.id });
      const user = await findUserById(db, request.params.id);
      if (!user) throw notFound();
      const { incoming, outgoing } = await openOffers(db, config.now(), user);
      return { Incoming: user.verified ? incoming.map(toTransfer) : [], Outgoing: outgoing.map(toTransfer) };
    },
  );

  app.post(
    '/transfers/:id/accept',
    {
      schema: {
        params: TransferIdParams,
        security: bearerAuth,
        tags,
        summary:
          "Accepts an offer (only the verified account whose address it names; anyone else 404): the device becomes the caller's, shared with nobody yet, without a next plan; 410 transfer_expired, 409 transfer_void when it has changed hands since",
        response: { 200: Device, ...errorReplies(400, 401, 404, 409, 410) },
      },
    },
    async (request) => {
      const { user, offer } = await offerToCaller(request, request.params.id);
      const now = config.now();
      if (offer.expiresAt <= now) throw new AppError(410, 'transfer_expired');
      const outcome = { void: false };
      // Under the device's row lock (which withdraw and a new offer take too): the hand-over happens only if this call
      // consumed the offer row, so one withdrawn or replaced meanwhile is not accepted (docs/product/devices.md
      // "Transfers"); the row must still be from the device's owner.
      const changed = await changeDevice(db, offer.deviceKey, now, async (row, tx) => {
        const [current] = await tx
          .delete(deviceTransfers)
          .where(and(eq(deviceTransfers.id, offer.id), eq(deviceTransfers.toEmail, user.email)))
          .returning();
        if (!current) throw notFound();
        if (row.ownerId !== current.fromUserId) {
          outcome.void = true;
          return null;
        }
        // docs/product/states.md Plans and renewal: a plan is the owner's consent to be charged, so the next plan does
        // not pass to the new owner; the running period stays. docs/product/roles.md: the new owner starts with the
        // device to themselves; the old owner and the people it shared with lose it unless the new owner shares it.
        return {
          ownerId: user.id,
          access: [user.email],
          notify: [user.email],
          tags: withSystemTags(row.product as ProductId, user.email, row.tags),
          subscription: { ...row.subscription, PriceIds: { ...row.subscription.PriceIds, Next: '' } },
          renewalAttempts: 0,
          renewalRetryAt: null,
        };
      });
      if (!changed) throw notFound(); // unregistered meanwhile (which voids the offer with it)
      if (outcome.void) throw new AppError(409, 'transfer_void');
      return toDevice((await findDevice(db, offer.deviceKey))!);
    },
  );

  app.post(
    '/transfers/:id/decline',
    {
      schema: {
        params: TransferIdParams,
        security: bearerAuth,
        tags,
        summary: 'Declines an offer (only the verified account whose address it names; anyone else 404): the owner keeps the device',
        response: { 204: NoContent, ...errorReplies(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { offer } = await offerToCaller(request, request.params.id);
      if (!(await deleteOffer(db, offer.id))) throw notFound();
      return sendNoContent(reply);
    },
  );
};
