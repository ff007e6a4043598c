// Device calls (docs/product/api.md): registration, the user's device list (with ETag), and per product get, update and
// unregister, the plugs' power toggle, and the SmartPlug's consumption reset (admins). Who may do what (docs/product/roles.md): the owner everything; users in Access read
// and edit name, tags, sharing and settings (and switch a plug); admins act as owners; anyone else gets 404, so a
// device's existence is not revealed. Registration is for oneself (an admin: for anyone) and its failures are
// rate-limited, so keys cannot be swept. Settings that change what a device runs are published to it over MQTT
// (gateway/), and switching a plug waits for the device's ack (docs/protocol.md). Each user's own
// alarm channels for a device are set here too (notify/alarmChannels.ts).
import {
  AlarmChannels,
  AlarmChannelsBody,
  CommandHeaders,
  DeviceList,
  FarmcamSimData,
  type FarmcamSim,
  ImeiParams,
  type DeviceAck,
  ImsiParams,
  planPurchaseOf,
  PlanPurchaseBody,
  type PlanPayment,
  type PriceCatalogue,
  PowerEnabledBody,
  UserIdParams,
} from '@paddock/shared/contract';
import {
  normalizeEmail,
  offlineDeadline,
  PRODUCTS,
  tagsWithinLength,
  TAG_MAX_LENGTH,
  vatAmounts,
  vatTreatment,
  withSystemTags,
  type AlarmChannelChoice,
  type PriceKey,
  type ProductId,
} from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authorize } from '../access';
import { refuseInEmbed } from '../auth';
import {
  chargePrice,
  checkPlanPrice,
  choosePlan,
  claimCharge,
  PaymentDeclinedError,
  planStartKey,
  planStartsNow,
  recordCharge,
  releaseCharge,
  type PaidPlanStart,
} from '../billing';
import { limitsFor, type AppContext } from '../context';
import { AppError, badRequest, conflict, forbidden, notFound } from '../http/errors';
import { requestLocale } from '../http/locale';
import { translate } from '../i18n/messages';
import { bearerAuth, errorReplies, NoContent, sendNoContent } from '../http/schemas';
import { findUserByEmail, findUserById } from '../users';
import { roleOn, signedInDevice as deviceOfCaller, type Role } from './access';
import { deepMerge, type DeviceChanges, type UpdateBody } from './changes';
import { recordChange } from './changeLog';
import { changedAlarmField, recordedChange, refusedSharingField, type Sharing } from './ownerChoices';
import { CommandTimeoutError } from './gateway/commands';
import { setPowerOnce } from './commandKeys';
import { configAfterChange } from './gateway/configSync';
import { heardFrom } from './gateway/ingest';
import { alarmChannelChoice, noticeSettings, saveAlarmChannels, withAlarmNotices } from '../notify';
import { checkOffer, makeOffer } from '../transfers';
import { toDevice, toDeviceList, viewerOf, type DeviceWithOwner } from './representation';
import { registrationStart } from './registrationStart';
import { enqueueShareInvites, newlyShared } from './shareInvites';
import { SERVER_PRODUCTS } from './products';
import { refuseUnoffered, requestVariant } from '../variants';
import { changeDevice, deleteDevice, devicesOfReader, findDevice, findInventory, insertDevice } from './store';
import type { DeviceListCache } from './listCache';
import { etagMatches, listEtag, listVersionReader } from './listVersion';

const toAlarmChannels = (choice: AlarmChannelChoice): AlarmChannels => ({ Email: choice.email, Sms: choice.sms, Push: choice.push });

/** The partner embed makes these calls (docs/product/embedding.md "What the embed may call"; http/cors.ts). */
const embed = { embed: true };
const ownerOnly = (field: string) => new AppError(403, 'device_owner_only', field, { field });

const uniqueEmails = (emails: readonly string[]) => [...new Set(emails.map(normalizeEmail).filter(Boolean))];

export const deviceRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext; listCache: DeviceListCache }> = async (app, { ctx, listCache }) => {
  const { db, config, gateway, limiter } = ctx;
  const tags = ['devices'];
  /**
   * The notifications of an alarm a call moved: a device that acked a command is heard from (back online clears its
   * offline alarm); a FarmCam SIM's new alert threshold can raise or clear its data alert. Told like any other.
   */
  const changeNotices = () => withAlarmNotices(config.now(), noticeSettings(config));

  /** Sends a command and waits for the device's ack: 408 when none comes in time, 502 when the device refuses. */
  async function acked(send: () => Promise<DeviceAck>): Promise<DeviceAck> {
    try {
      const ack = await send();
      if (!ack.Ok) throw new AppError(502, 'device_command_failed');
      return ack;
    } catch (error) {
      if (error instanceof CommandTimeoutError) throw new AppError(408, 'device_timeout');
      throw error;
    }
  }

  /**
   * docs/product/errors.md: a command to a device the server knows is offline is answered at once (409
   * device_offline naming the setting, with when it was last heard from) instead of after the 60 s time-out.
   */
  function refuseWhenOffline(request: FastifyRequest, device: { offline: boolean; lastSeenAt: Date | null }, field: string): void {
    if (!device.offline) return;
    const locale = requestLocale(request);
    const time = device.lastSeenAt
      ? `${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(device.lastSeenAt)} UTC`
      : translate(locale, 'device_no_report_yet');
    throw conflict('device_offline', field, { time });
  }

  /**
   * Asks a plug to switch and waits for its ack: 409 when it is known offline, 408 when no ack comes in time, 502 when
   * the device refuses. With an Idempotency-Key (CommandHeaders) a retried request sends no second command and gets
   * the first one's ack (docs/protocol.md "Commands are idempotent").
   */
  async function switchPower(
    request: FastifyRequest,
    device: { key: string; offline: boolean; lastSeenAt: Date | null },
    userId: string,
    enabled: boolean,
    field: string,
  ): Promise<boolean> {
    const header = request.headers['idempotency-key'];
    const idempotencyKey = typeof header === 'string' && header ? header : null;
    refuseWhenOffline(request, device, field);
    const ack = await acked(() =>
      idempotencyKey === null
        ? gateway.setPower(device.key, enabled)
        : setPowerOnce(db, gateway, { deviceKey: device.key, userId, idempotencyKey, enabled, now: config.now() }),
    );
    return ack.PowerEnabled ?? enabled;
  }

  const signedInDevice = (request: FastifyRequest, key: string, product: ProductId) => deviceOfCaller(db, request, key, product);
  // Prepared once: the list is what a server spends its life on (a dashboard polls every 5 s).
  const listVersion = listVersionReader(db);
  const listDevices = devicesOfReader(db);

  app.get(
    '/users/:id/devices',
    {
      config: embed,
      schema: {
        params: UserIdParams,
        security: bearerAuth,
        tags,
        summary: "Every device the user owns or has access to, one list per product; If-None-Match gives 304",
        response: { 200: DeviceList, 304: Type.Null({ description: 'Not modified: no body' }), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      authorize(request, 'user:devices', { userId: request.params.id });
      const userId = request.params.id;
      // The version first, the devices after: a change committed in between makes the next poll a 200, never a
      // stale 304. A user has a version row from creation to deletion (migration 0016), so none means no user.
      let version = listCache.version(userId);
      if (version === undefined) {
        const epoch = listCache.currentEpoch;
        version = await listVersion(userId);
        if (version === undefined) throw notFound();
        listCache.remember(userId, version, epoch);
      }
      const etag = listEtag(version);
      reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
      // No body and so no Content-Length: a keep-alive client trusting one would wait for bytes never sent.
      if (etagMatches(request.headers['if-none-match'], etag)) return (reply as FastifyReply).code(304).send();
      // The route's compiled serializer (the contract's DeviceList), once per version; other tabs and shared users get the same bytes.
      let body = listCache.body(userId, version);
      if (body === undefined) {
        // As the user sees them (their own devices' declined renewals; representation.ts): the body is cached per user.
        body = reply.serialize(toDeviceList(await listDevices(userId), userId)) as string;
        listCache.keepBody(userId, version, body);
      }
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
    },
  );

  for (const product of Object.keys(PRODUCTS) as ProductId[]) {
    const { apiCollection, keyField } = PRODUCTS[product];
    const keyParam = keyField === 'Imsi' ? 'imsi' : 'imei';
    const params = keyField === 'Imsi' ? ImsiParams : ImeiParams;
    const keyOf = (request: FastifyRequest) => (request.params as Record<string, string>)[keyParam];
    const productName = PRODUCTS[product].name;
    // The product's own representation, not the Device union: the document says what each call answers
    // (docs/product/api.md "The document").
    const deviceSchema = PRODUCTS[product].schema;

    app.post(
      `/users/:id/${apiCollection}`,
      {
        config: embed,
        schema: {
          params: UserIdParams,
          body: SERVER_PRODUCTS[product].registerBody,
          security: bearerAuth,
          tags,
          summary: `Registers a ${productName} to the user`,
          response: { 201: deviceSchema, ...errorReplies(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const { user: caller } = authorize(request, 'user:devices', { userId: request.params.id });
        // docs/product/overview.md#branded-variants: a host's variant registers only the products it offers.
        refuseUnoffered(request, config, product);
        const body = request.body as { Imei?: string; Imsi?: string; Name: string; Owner?: string };
        const key = (body.Imsi ?? body.Imei)!;
        let owner = await findUserById(db, request.params.id);
        if (!owner) throw notFound();
        if (body.Owner !== undefined && normalizeEmail(body.Owner) !== owner.email) {
          // Only an admin registers for someone else; anyone else gets the same 403 whether or not the address
          // has an account, and no device.
          if (caller.accountType !== 'admin' && normalizeEmail(body.Owner) !== caller.email) throw forbidden();
          owner = await findUserByEmail(db, normalizeEmail(body.Owner));
          if (!owner) throw badRequest('invalid_field', 'Owner', { field: 'Owner' });
        }
        // Every attempt counts until it succeeds, so unknown and taken keys cannot be swept (429 once over).
        const limits = limitsFor(config, 'registerDevice', caller.id, request.ip);
        await limiter.take(limits);
        const registered = async (device: DeviceWithOwner) => {
          await limiter.giveBack(limits);
          return reply.code(201).send(toDevice(device));
        };
        const stock = await findInventory(db, key);
        if (!stock) throw new AppError(404, 'device_unknown', keyField, { product: productName, key });
        if (stock.product !== product) {
          const actual = PRODUCTS[stock.product as ProductId]?.name ?? stock.product;
          throw badRequest('device_wrong_product', keyField, { product: productName, key, actual });
        }
        const existing = await findDevice(db, key);
        if (existing) {
          if (existing.ownerId !== owner.id) throw conflict('device_taken', keyField);
          return registered(existing);
        }
        const now = config.now();
        // docs/product/states.md#trial: a trial is had once per key; a key registered before starts from what it kept.
        // Read again now that it is known unregistered: an unregistration committed since the first read kept its plan.
        const start = registrationStart((await findInventory(db, key)) ?? stock, now, config.registrationTrialDays);
        // The device gets its configuration now (or when it next connects), and counts as offline if it stays silent.
        const configured = configAfterChange(product, null, start.fields, 0);
        const inserted = await insertDevice(db, {
          key,
          product,
          ownerId: owner.id,
          name: body.Name.trim(),
          tags: withSystemTags(product, owner.email, []),
          access: [owner.email],
          notify: [owner.email],
          fields: configured.fields,
          configVersion: configured.configVersion,
          subscription: start.subscription,
          registeredAt: now,
          updatedAt: now,
          offlineAt: offlineDeadline(product, now),
        });
        // A concurrent registration of the same key got there first: the same answer as if it had been earlier.
        if (!inserted) {
          const winner = await findDevice(db, key);
          if (!winner) throw conflict('device_taken', keyField); // registered and unregistered meanwhile
          if (winner.ownerId !== owner.id) throw conflict('device_taken', keyField);
          return registered(winner);
        }
        if (configured.message) gateway.publishConfig(key, configured.message);
        return registered((await findDevice(db, key))!);
      },
    );

    app.get(
      `/${apiCollection}/:${keyParam}`,
      { config: embed, schema: { params, security: bearerAuth, tags, summary: `One ${productName}`, response: { 200: deviceSchema, ...errorReplies(400, 401, 404) } } },
      async (request) => {
        const { device, user } = await signedInDevice(request, keyOf(request), product);
        return toDevice(device, viewerOf(user));
      },
    );

    if (product === 'farmcam-sim') {
      // The SIM's data account alone (docs/product/api.md Devices), read like the SIM itself: owner, shared
      // users, admins; anyone else 404.
      app.get(
        `/${apiCollection}/:imsi/data`,
        {
          schema: {
            params: ImsiParams,
            security: bearerAuth,
            tags,
            summary: `A ${productName}'s data account: RemainingData, UsedData and DataLimit in bytes, and its data alert`,
            response: { 200: FarmcamSimData, ...errorReplies(400, 401, 404) },
          },
        },
        async (request): Promise<FarmcamSimData> => {
          const sim = toDevice((await signedInDevice(request, keyOf(request), product)).device) as FarmcamSim;
          const { Imsi, RemainingData, UsedData, DataLimit, DataAlert } = sim;
          return { Imsi, RemainingData, UsedData: UsedData ?? null, DataLimit: DataLimit ?? RemainingData, ...(DataAlert ? { DataAlert } : {}) };
        },
      );
    }

    /**
     * What only the owner (or an admin) may change: the next plan, the owner, and (docs/product/roles.md Alarms and
     * sharing) Access, anyone's bell but the caller's own, and the product's alarm settings, compared with `now`.
     */
    const checkOwnerOnly = (
      role: Role,
      ownerEmail: string,
      { metadata, priceId, fields }: DeviceChanges,
      now: Sharing & { fields: Record<string, unknown> },
      callerEmail: string,
    ) => {
      if (role === 'owner') return;
      if (priceId !== undefined) throw ownerOnly(SERVER_PRODUCTS[product].planField);
      if (metadata.Owner !== undefined && normalizeEmail(metadata.Owner) !== ownerEmail) throw ownerOnly('Owner');
      const sharing = refusedSharingField(now, metadata, ownerEmail, callerEmail);
      if (sharing) throw ownerOnly(sharing);
      const field = changedAlarmField(SERVER_PRODUCTS[product].ownerOnlyFields, now.fields, fields);
      if (field) throw ownerOnly(field);
    };

    /**
     * Claims and charges a plan that starts now (billing/plans.ts), holding no row lock; null when it does not start
     * now or another charge holds the lapsed period (a renewal, or this start from another request): then it only
     * becomes Next. A declined payment is 402 and changes nothing.
     */
    const startPlan = async (
      request: FastifyRequest,
      device: DeviceWithOwner,
      catalogue: PriceCatalogue,
      key: PriceKey | null,
    ): Promise<PaidPlanStart | null> => {
      const now = config.now();
      if (!planStartsNow(device, key, now)) return null;
      const payer = await findUserById(db, device.ownerId);
      if (!payer || !(await claimCharge(db, device, now))) return null;
      const { ExpiresAt: expiresAt } = device.subscription;
      try {
        const paid = await chargePrice(db, ctx.payments, payer, key, catalogue[key], {
          device: device.name,
          // The lapsed expiry names this start: a repeated request finds the charge and takes no money again. The payer
          // is part of the key (docs/product/api.md Idempotency-Key): one owner's payment never answers another's.
          idempotencyKey: planStartKey(payer.id, device, expiresAt),
        });
        return { paid, ownerId: payer.id, expiresAt };
      } catch (error) {
        await releaseCharge(db, device.key);
        if (!(error instanceof PaymentDeclinedError)) throw error;
        request.log.warn({ device: device.key, err: error }, 'plan payment declined');
        throw new AppError(402, 'payment_declined');
      }
    };

    /** What a plan start took, as the receipt states it: the catalogue price and the VAT of the payer's invoice. */
    const paymentOf = async ({ paid, ownerId }: PaidPlanStart): Promise<PlanPayment> => {
      const payer = await findUserById(db, ownerId);
      const { net, vat, gross } = vatAmounts(paid.charge.amount, vatTreatment(payer?.country ?? '', payer?.vatin ?? ''));
      return { Currency: paid.charge.currency, Net: net, Vat: vat, Gross: gross, PaidAt: paid.taken.paidAt.toISOString() };
    };

    /** A plan start paid but not applied: recorded (idempotently) for the owner who paid, the claim given back, and logged. */
    const settleUndelivered = async (request: FastifyRequest, key: string, start: PaidPlanStart) => {
      const { replayed } = await db.transaction(async (tx) => {
        await releaseCharge(tx, key);
        return recordCharge(tx, ctx.payments, start.paid);
      });
      if (!replayed)
        request.log.error(
          { device: key, userId: start.ownerId, paymentId: start.paid.taken.id },
          'plan paid but not applied (changed meanwhile, or the request failed): a retry applies it, else refund it',
        );
    };

    /**
     * Saves `changes`. `confirmed`: the caller asked to buy the plan (POST …/plan); a settings save never charges
     * (docs/product/billing.md "A charge is its own step"): a plan it names that would start now, charged at once, is
     * refused with 409 plan_confirmation_required and nothing is saved; a plan that only becomes Next is saved.
     */
    const applyUpdate = async (request: FastifyRequest, changes: DeviceChanges, confirmed: boolean) => {
      const { user, device, role } = await signedInDevice(request, keyOf(request), product);
      // The Subscription sent back as it was read names the stored Next plan: no change, so no plan step (nextPlanOf).
      const { metadata, fields } = changes;
      const priceId = changes.planAsRead && changes.priceId === device.subscription.PriceIds.Next ? undefined : changes.priceId;
      changes = { metadata, fields, priceId };
      // A plan is a purchase: not from a partner's page (docs/product/embedding.md "What the embed may call").
      if (priceId !== undefined) refuseInEmbed(request, config, SERVER_PRODUCTS[product].planField);
      // Checked early so a refused save does not switch the plug; checked again under the row lock below.
      checkOwnerOnly(role, device.ownerEmail, changes, device, user.email);
      // docs/product/api.md PriceId: one of this product's plans, or '' for None.
      // The purchase call's body is flat ({PriceId}) for every product.
      const planField = !confirmed && SERVER_PRODUCTS[product].planField === 'Subscription' ? 'Subscription.PriceId' : 'PriceId';
      const catalogue = priceId === undefined ? null : await ctx.payments.prices();
      const planKey = catalogue && priceId !== undefined ? checkPlanPrice(product, catalogue, priceId, planField) : undefined;
      if (!confirmed && planKey !== undefined && planStartsNow(device, planKey, config.now()))
        throw conflict('plan_confirmation_required', planField);
      if (metadata.Tags && !tagsWithinLength(metadata.Tags)) throw badRequest('too_long', 'Tags', { field: 'Tags', max: TAG_MAX_LENGTH });
      // docs/product/devices.md "Transfers": naming another owner (the spec's shape) offers the device to that address,
      // made once the rest is saved, with the same answer whatever the address; the owner stays until it is accepted.
      // Giving a device away is no call for a partner's page (docs/product/embedding.md "What the embed may call").
      const offers = metadata.Owner !== undefined && normalizeEmail(metadata.Owner) !== device.ownerEmail;
      if (offers) refuseInEmbed(request, config, 'Owner');
      const offerTo = offers ? await checkOffer(ctx, request, user, device, metadata.Owner!, 'Owner') : null;
      // A power toggle in the update (SmartPlug2's OutputPower) is a command the device must acknowledge before
      // anything is saved (no ack: 408 and nothing changes).
      const outputPower = SERVER_PRODUCTS[product].powerCommand?.(fields);
      const current = device.fields as { PowerEnabled?: boolean; DeviceConfig?: { OutputPower?: boolean } };
      const powered =
        outputPower !== undefined && (outputPower !== current.PowerEnabled || outputPower !== current.DeviceConfig?.OutputPower)
          ? await switchPower(request, device, user.id, outputPower, 'DeviceConfig.OutputPower')
          : undefined;
      let message: ReturnType<typeof configAfterChange>['message'] = null;
      // A plan that starts now (nothing runs) is claimed and charged before the row lock, holding none
      // (docs/architecture/decisions/0019-renewals.md); it is recorded and applied under the lock below.
      const start = catalogue && planKey !== undefined ? await startPlan(request, device, catalogue, planKey) : null;
      let undelivered = false;
      // Under the row lock, so readings arriving meanwhile are neither lost nor overwritten. The caller's role,
      // sharing and owner come from the row as it is now: a revocation or an ownership transfer saved since the
      // read above (the plug's ack can take a minute) is neither undone nor bypassed.
      const changed = await changeDevice(db, device.key, config.now(), async (row, tx) => {
        const rowOwner = await findUserById(tx, row.ownerId);
        const ownerEmail = rowOwner?.email ?? device.ownerEmail;
        const roleNow = roleOn(user, { ...row, ownerEmail });
        checkOwnerOnly(roleNow, ownerEmail, changes, row, user.email);
        const access = metadata.Access ? uniqueEmails(metadata.Access) : row.access;
        // docs/product/devices.md "Transfers": another Owner is an offer (made below), never a hand-over here.
        const owner = { id: row.ownerId, email: ownerEmail };
        // The owner is always among those it is shared with (starred, not removable).
        const sharedWith = access.includes(owner.email) ? access : [owner.email, ...access];
        // Paid by the owner the request found, and applied only while that owner's lapsed period is still the one
        // charged (docs/product/states.md Plans and renewal).
        const chosen = catalogue && planKey !== undefined ? await choosePlan(tx, ctx.payments, catalogue, row, planKey, config.now(), start) : null;
        undelivered = chosen?.undelivered ?? false;
        const plan = chosen?.change ?? {};
        const asked = deepMerge(plan.fields ?? row.fields, fields);
        const settle = SERVER_PRODUCTS[product].settledFields;
        const merged = settle ? deepMerge(asked, settle(asked)) : asked;
        const configured = configAfterChange(product, row.fields, merged, row.configVersion);
        message = configured.message;
        const power = powered === undefined ? {} : heardFrom(product, row, config.now(), { ...configured.fields, PowerEnabled: powered });
        const next = {
          ...plan,
          name: metadata.Name?.trim() ?? row.name,
          access: sharedWith,
          notify: (metadata.Notify ? uniqueEmails(metadata.Notify) : row.notify).filter((email) => sharedWith.includes(email)),
          tags: withSystemTags(product, owner.email, metadata.Tags ?? row.tags),
          fields: configured.fields,
          configVersion: configured.configVersion,
          ...power,
        };
        // docs/product/states.md Sharing: each address given access is mailed, queued with this save (only the owner or
        // an admin gets this far with a new Access: checkOwnerOnly above).
        const invited = newlyShared(row.access, sharedWith, owner.email);
        if (invited.length) await enqueueShareInvites(tx, row, rowOwner, invited, next.notify, requestVariant(request, config), config.now());
        // docs/product/roles.md Change log: what a shared user changed is the owner's to see.
        if (roleNow === 'shared') {
          const change = recordedChange(row, { name: next.name, tags: next.tags, notify: next.notify }, fields, user.email);
          await recordChange(tx, { key: row.key, ownerId: row.ownerId, byEmail: user.email, at: config.now(), change });
        }
        return next;
      }, changeNotices()).catch(async (error: unknown) => {
        // Failed or refused under the lock after the plan was paid (the device changed hands meanwhile): recorded on its
        // own, no money taken without a record, and the claim given back. A retry of the request finds the charge by
        // its key and applies it while the lapsed period is still due (billing/plans.ts choosePlan).
        if (start) await settleUndelivered(request, device.key, start).catch(() => undefined);
        throw error;
      });
      if (start && !changed) await settleUndelivered(request, device.key, start);
      // Recorded with the change: the subscription was handed over or renewed otherwise while the plan was charged.
      if (start && undelivered)
        request.log.error({ device: device.key, userId: start.ownerId, paymentId: start.paid.taken.id }, 'plan paid, but the subscription changed meanwhile: refund it');
      if (!changed) throw notFound(); // unregistered meanwhile
      if (message) gateway.publishConfig(device.key, message);
      const saved = (await findDevice(db, device.key))!;
      if (offerTo && saved.ownerId === device.ownerId) await makeOffer(ctx, request, saved, offerTo);
      return { device: toDevice(saved, viewerOf(user)), start: undelivered ? null : start };
    };
    const update = async (request: FastifyRequest) =>
      (await applyUpdate(request, SERVER_PRODUCTS[product].changesOf(request.body as UpdateBody), false)).device;
    const updateSchema = {
      params,
      // A plug switched through its settings (SmartPlug2's OutputPower) takes the command's Idempotency-Key too.
      ...(SERVER_PRODUCTS[product].powerCommand ? { headers: CommandHeaders } : {}),
      body: SERVER_PRODUCTS[product].updateBody,
      security: bearerAuth,
      tags,
      summary: `Changes a ${productName}'s settings, sharing and plan (PUT and PATCH alike)`,
      response: { 200: deviceSchema, ...errorReplies(400, 401, 402, 403, 404, 408, 409, 502) },
    };
    app.patch(`/${apiCollection}/:${keyParam}`, { config: embed, schema: updateSchema }, update);
    app.put(`/${apiCollection}/:${keyParam}`, { config: embed, schema: updateSchema }, update);

    // docs/product/billing.md "A charge is its own step": the owner confirmed the plan and its price; charged once per
    // lapsed period (the plan start's idempotency key), counted against the purchase limits. No embed: a plan is a purchase.
    app.post(
      `/${apiCollection}/:${keyParam}/plan`,
      {
        schema: {
          params,
          body: PlanPurchaseBody,
          security: bearerAuth,
          tags,
          summary: `Buys a plan for a ${productName} (owner or admin): while no plan runs it starts now, charged at once (price ex VAT in the catalogue; VAT on the invoice), else it becomes the next plan; charged once per lapsed period. Payment null: nothing was charged`,
          response: { 200: planPurchaseOf(deviceSchema), ...errorReplies(400, 401, 402, 403, 404, 409, 429) },
        },
      },
      async (request) => {
        const { user } = await signedInDevice(request, keyOf(request), product);
        await limiter.take(limitsFor(config, 'purchase', user.id, request.ip));
        const { device, start } = await applyUpdate(request, { metadata: {}, fields: {}, priceId: request.body.PriceId }, true);
        return { Device: device, Payment: start ? await paymentOf(start) : null };
      },
    );

    app.delete(
      `/${apiCollection}/:${keyParam}`,
      {
        config: embed,
        schema: {
          params,
          security: bearerAuth,
          tags,
          summary: `Unregisters a ${productName} (owner only); it can then be registered again`,
          response: { 204: NoContent, ...errorReplies(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { user, device, role } = await signedInDevice(request, keyOf(request), product);
        if (role !== 'owner') throw ownerOnly('Owner');
        // Only while it is still the caller's: an ownership transfer saved since the read above wins.
        if (!(await deleteDevice(db, device.key, user.accountType === 'admin' ? undefined : user.id))) {
          if (await findDevice(db, device.key)) throw ownerOnly('Owner');
          throw notFound();
        }
        // The device forgets its owner's settings: the retained configuration goes too.
        gateway.clearRetained(device.key);
        return sendNoContent(reply);
      },
    );

    // The caller's own alarm channels for the device (anyone who may see it). Consent is personal: nobody sets
    // another user's, not the owner and not an admin (support asks the user to; an admin's calls set the admin's own).
    app.get(
      `/${apiCollection}/:${keyParam}/alarm-channels`,
      {
        config: embed,
        schema: {
          params,
          security: bearerAuth,
          tags,
          summary: `The caller's own channels for this ${productName}'s alarms (until chosen: the owner all, anyone else e-mail only)`,
          response: { 200: AlarmChannels, ...errorReplies(400, 401, 404) },
        },
      },
      async (request) => {
        const { user, device } = await signedInDevice(request, keyOf(request), product);
        return toAlarmChannels(await alarmChannelChoice(db, device, user.id));
      },
    );
    app.put(
      `/${apiCollection}/:${keyParam}/alarm-channels`,
      {
        config: embed,
        schema: {
          params,
          body: AlarmChannelsBody,
          security: bearerAuth,
          tags,
          summary: `Sets the caller's own channels for this ${productName}'s alarms; the account's switches still apply`,
          response: { 200: AlarmChannels, ...errorReplies(400, 401, 404) },
        },
      },
      async (request) => {
        const { user, device } = await signedInDevice(request, keyOf(request), product);
        const { Email, Sms, Push } = request.body as AlarmChannelsBody;
        return toAlarmChannels(await saveAlarmChannels(db, device.key, user.id, { email: Email, sms: Sms, push: Push }, config.now()));
      },
    );

    const consumptionResetFields = SERVER_PRODUCTS[product].consumptionResetFields;
    if (PRODUCTS[product].consumptionReset && consumptionResetFields) {
      // docs/product/admin.md: staff reset a plug's consumption counter; the plug must acknowledge before it is saved.
      app.post(
        `/${apiCollection}/:imei/consumption/reset`,
        {
          config: { audit: 'device.consumption-reset' },
          schema: {
            params: ImeiParams,
            security: bearerAuth,
            tags,
            summary: `Admin: sets a ${productName}'s consumption counter to 0 and answers once the plug confirms (409 at once when it is offline, 408 when it does not answer within 60 s, 502 when it refuses)`,
            response: { 200: deviceSchema, ...errorReplies(400, 401, 403, 404, 408, 409, 502) },
          },
        },
        async (request) => {
          authorize(request, 'device:resetConsumption');
          const device = await findDevice(db, request.params.imei);
          if (!device || device.product !== product) throw notFound();
          refuseWhenOffline(request, device, 'Consumption');
          const ack = await acked(() => gateway.resetConsumption(device.key));
          // Readings the plug sent before its ack are applied first, so none of them brings the old counter back.
          await gateway.settled(device.key);
          const relay = ack.PowerEnabled === undefined ? {} : { PowerEnabled: ack.PowerEnabled };
          const changed = await changeDevice(
            db,
            device.key,
            config.now(),
            (row) => heardFrom(product, row, config.now(), { ...consumptionResetFields(), ...relay }),
            changeNotices(),
          );
          if (!changed) throw notFound();
          return toDevice((await findDevice(db, device.key))!);
        },
      );
    }

    if (!SERVER_PRODUCTS[product].powerEnabledCall) continue;
    // The power toggle by its own call: the plug must acknowledge before anything is saved.
    app.put(
      `/${apiCollection}/:imei/power-enabled`,
      {
        config: embed,
        schema: {
          params: ImeiParams,
          headers: CommandHeaders,
          body: PowerEnabledBody,
          security: bearerAuth,
          tags,
          summary: `Switches a ${productName} on or off and answers once the plug confirms (409 at once when it is offline, 408 when it does not answer within 60 s); a retry with the same Idempotency-Key sends no second command`,
          response: { 200: deviceSchema, ...errorReplies(400, 401, 404, 408, 409, 502) },
        },
      },
      async (request) => {
        const { device, role, user } = await signedInDevice(request, request.params.imei, product);
        const powered = await switchPower(request, device, user.id, request.body.Enabled, 'PowerEnabled');
        const changed = await changeDevice(
          db,
          device.key,
          config.now(),
          async (row, tx) => {
            // docs/product/roles.md Change log: a shared user's switch is the owner's to see.
            if (role === 'shared' && row.fields.PowerEnabled !== powered) {
              const change = { fields: ['PowerEnabled'], details: {} };
              await recordChange(tx, { key: row.key, ownerId: row.ownerId, byEmail: user.email, at: config.now(), change });
            }
            return heardFrom(product, row, config.now(), { PowerEnabled: powered });
          },
          changeNotices(),
        );
        if (!changed) throw notFound();
        return toDevice((await findDevice(db, device.key))!);
      },
    );
  }
};
