// Trials and cancellation (docs/product/admin.md "Trials and cancellation", docs/product/states.md Plans and renewal):
// staff add trial days (and, to a FarmCam SIM, data) to any device, or cancel its plan at the end of the period.
//
// A trial moves the expiry to max(now, expiry) + Days. Without a current paid plan the device is on trial
// (Trialing); a paid plan stays paid and only runs longer, and renews at its new expiry. The renewal job judges by
// the expiry, so an extended device is not ended early; a declined renewal's retries are forgotten (the period they
// were for is covered now). Alarms paused for an ended subscription run again, as the subscription is active.
// Cancelling clears Next: the current period runs to its expiry and the renewal job then ends it without charging.
import { ImeiParams, ImsiParams } from '@paddock/shared/contract';
import { dataGranted, PRODUCT_IDS, PRODUCTS, type ProductId } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { authorize } from '../access';
import type { AppContext } from '../context';
import type { DeviceRow } from '../db/schema';
import { changeDevice, deepMerge, findDevice, toDevice, type DeviceChange } from '../devices';
import { notFound } from '../http/errors';
import { bearerAuth, errorReplies } from '../http/schemas';
import { noticeSettings, withAlarmNotices } from '../notify';

const DAY_MS = 86_400_000;

export interface TrialGrant {
  Days: number;
  /** FarmCam SIM only: data added to its account. */
  Bytes?: number;
}

/** The change an added trial makes to a device (see the top of this file). */
export function trialAdded(row: Pick<DeviceRow, 'product' | 'fields' | 'subscription'>, grant: TrialGrant, now: Date): DeviceChange {
  const { subscription } = row;
  const expiry = Date.parse(subscription.ExpiresAt);
  const from = Number.isNaN(expiry) ? now.getTime() : Math.max(now.getTime(), expiry);
  const paid = subscription.PriceIds.Current !== '';
  const change: DeviceChange = {
    subscription: { ...subscription, Trialing: !paid, ExpiresAt: new Date(from + grant.Days * DAY_MS).toISOString() },
    renewalAttempts: 0,
    renewalRetryAt: null,
  };
  // docs/product/products/farmcam-sim.md Data account: a grant raises the limit, as a plan's allowance and a purchase do.
  // Only the products whose info says `trialData` take Bytes in their body (its module's trialSchema).
  if (grant.Bytes) change.fields = deepMerge(row.fields, dataGranted(row.fields, grant.Bytes));
  return change;
}

/** The change a cancellation makes: nothing renews; the period runs to its expiry (idempotent). */
export function subscriptionCancelled(row: Pick<DeviceRow, 'subscription'>): DeviceChange {
  const { subscription } = row;
  return { subscription: { ...subscription, PriceIds: { ...subscription.PriceIds, Next: '' } }, renewalAttempts: 0, renewalRetryAt: null };
}

export const trialRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;
  const tags = ['billing'];

  /** Applies `change` to the device of that product (404 for any other key) and answers the device. */
  async function changed(product: ProductId, key: string, change: (row: DeviceRow) => DeviceChange) {
    const now = config.now();
    // A FarmCam SIM's data grant can clear its data alert: told like any other alarm.
    const row = await changeDevice(
      db,
      key,
      now,
      (current) => (current.product === product ? change(current) : null),
      withAlarmNotices(now, noticeSettings(config)),
    );
    if (!row || row.product !== product) throw notFound();
    const device = await findDevice(db, key);
    if (!device) throw notFound();
    return toDevice(device);
  }

  for (const product of PRODUCT_IDS) {
    const { apiCollection, keyField, name } = PRODUCTS[product];
    const keyParam = keyField === 'Imsi' ? 'imsi' : 'imei';
    const params = keyField === 'Imsi' ? ImsiParams : ImeiParams;
    const keyOf = (request: FastifyRequest) => (request.params as Record<string, string>)[keyParam];

    app.put(
      `/${apiCollection}/:${keyParam}/trial`,
      {
        config: { audit: 'device.trial' },
        schema: {
          tags,
          summary:
            PRODUCTS[product].trialData
              ? `Admin: adds a trial to a ${name}: the expiry moves to the later of now and the expiry, plus Days; Bytes are added to its data`
              : `Admin: adds a trial to a ${name}: the expiry moves to the later of now and the expiry, plus Days`,
          description: 'Without a current paid plan the device is on trial (Trialing); a paid plan only runs longer. Returns the device.',
          security: bearerAuth,
          params,
          body: PRODUCTS[product].trialSchema,
          response: { 200: PRODUCTS[product].schema, ...errorReplies(400, 401, 403, 404) },
        },
      },
      async (request) => {
        authorize(request, 'device:trial');
        const grant = request.body as TrialGrant;
        return changed(product, keyOf(request), (row) => trialAdded(row, grant, config.now()));
      },
    );

    app.delete(
      `/${apiCollection}/:${keyParam}/subscription`,
      {
        config: { audit: 'device.cancel' },
        schema: {
          tags,
          summary: `Admin: cancels a ${name}'s plan: nothing renews (Next becomes ''), the current period runs to its expiry. Returns the device`,
          security: bearerAuth,
          params,
          response: { 200: PRODUCTS[product].schema, ...errorReplies(400, 401, 403, 404) },
        },
      },
      async (request) => {
        authorize(request, 'device:cancel');
        return changed(product, keyOf(request), subscriptionCancelled);
      },
    );
  }
};
