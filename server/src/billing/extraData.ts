// Buying extra data for a FarmCam SIM (docs/product/api.md, docs/product/roles.md): the owner (or an admin, on the
// owner's behalf) pays the FarmcamSimExtraData price from the owner's account, and the SIM's data account grows by
// EXTRA_DATA_BYTES (RemainingData with it) in the transaction that records the payment, so the data is there exactly
// when the payment is recorded. A shared user may not spend the owner's money (403 device_owner_only, like a plan
// change); a stranger learns nothing (404).
import { FarmcamSim, ImsiParams, PurchaseHeaders } from '@paddock/shared/contract';
import { dataGranted, EXTRA_DATA_BYTES } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { changeDevice, deepMerge, findDevice, roleOn, signedInDevice, toDevice } from '../devices';
import { AppError, notFound } from '../http/errors';
import { bearerAuth, errorReplies } from '../http/schemas';
import { noticeSettings, withAlarmNotices } from '../notify';
import { chargePrice, recordCharge, type PaymentProvider } from './payments';
import { declinedAsPaymentRequired, purchaseKeyOf, purchaseLimits } from './purchases';

export const extraDataRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext; payments: PaymentProvider }> = async (
  app,
  { ctx, payments },
) => {
  const { db, config } = ctx;
  app.post(
    '/farmcam-sims/:imsi/extra-data',
    {
      schema: {
        tags: ['billing'],
        summary: `Buys 1 GB of extra data (RemainingData + ${EXTRA_DATA_BYTES} bytes) at the FarmcamSimExtraData price, paid by the owner's account; charged once per Idempotency-Key; RATE_LIMIT_PURCHASE per caller and window (429). Owner or admin; a shared user gets 403 device_owner_only`,
        security: bearerAuth,
        params: ImsiParams,
        headers: PurchaseHeaders,
        response: { 200: FarmcamSim, ...errorReplies(400, 401, 402, 403, 404, 429) },
      },
    },
    async (request) => {
      const { user, device, role } = await signedInDevice(db, request, request.params.imsi, 'farmcam-sim');
      const ownerOnly = () => new AppError(403, 'device_owner_only', 'RemainingData', { field: 'RemainingData' });
      // Checked early so a refused purchase costs no catalogue look-up; checked again under the row lock below.
      if (role !== 'owner') throw ownerOnly();
      await ctx.limiter.take(purchaseLimits(config, user.id, request));
      const { FarmcamSimExtraData: price } = await payments.prices();
      const purchaseKey = purchaseKeyOf(request);
      // The caller's role as the row is now, read again right before the charge: a hand-over or a revoked share saved
      // since the first read pays nothing, and the charge goes to the owner at this moment.
      const current = await findDevice(db, device.key);
      if (!current) throw notFound();
      if (roleOn(user, current) !== 'owner') throw ownerOnly();
      const [payer] = await db.select().from(users).where(eq(users.id, current.ownerId));
      if (!payer) throw notFound();
      // Charged before the row lock, holding none (docs/architecture/decisions/0019-renewals.md): the SIM's readings
      // and other changes go on while the provider answers. Per payer and SIM: the same key on another SIM, or paid by
      // another owner, is another purchase.
      const paid = await chargePrice(db, payments, payer, 'FarmcamSimExtraData', price, {
        device: current.name,
        idempotencyKey: `extra-data:${payer.id}:${current.key}:${purchaseKey}`,
      }).catch(declinedAsPaymentRequired(request, 'FarmcamSimExtraData'));
      let refused = false;
      let replayed = false;
      const changed = await changeDevice(
        db,
        device.key,
        config.now(),
        async (row, tx) => {
          const [owner] = await tx.select().from(users).where(eq(users.id, row.ownerId));
          // Recorded whatever comes next: no money taken without a record. Replayed: delivered before.
          ({ replayed } = await recordCharge(tx, payments, paid));
          // And under the row lock (as the update route does): an ownership transfer or a revoked share saved during
          // the charge is not bypassed, and the data goes only to the owner who paid.
          refused = row.ownerId !== payer.id || roleOn(user, { ...row, ownerEmail: owner.email }) !== 'owner';
          if (refused || replayed) return null;
          // The server owns the balance (docs/product/products/farmcam-sim.md Data account): the grant raises the limit, and
          // no later reading can take it back; a data alert it clears is told like any other alarm.
          return { fields: deepMerge(row.fields, dataGranted(row.fields, EXTRA_DATA_BYTES)) };
        },
        withAlarmNotices(config.now(), noticeSettings(config)),
      );
      if (!changed) ({ replayed } = await db.transaction((tx) => recordCharge(tx, payments, paid)));
      if (refused || !changed) {
        if (!replayed)
          request.log.error(
            { imsi: device.key, userId: payer.id, paymentId: paid.taken.id },
            'extra data paid, but the SIM changed hands meanwhile: refund it',
          );
        if (refused) throw ownerOnly();
        throw notFound();
      }
      const updated = await findDevice(db, device.key);
      if (!updated) throw notFound();
      request.log.info({ imsi: device.key, userId: updated.ownerId }, 'extra data bought');
      return toDevice(updated) as FarmcamSim;
    },
  );
};
