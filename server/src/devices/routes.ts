// Device calls (SPEC §7): registration, the user's device list (with ETag), and per product get, update and
// unregister, and the plugs' power toggle. Who may do what (SPEC §6): the owner everything; users in Access read
// and edit name, tags, sharing and settings (and switch a plug); admins act as owners; anyone else gets 404, so a
// device's existence is not revealed. Settings that change what a device runs are published to it over MQTT
// (gateway/), and switching a plug waits for the device's ack (server/src/devices/PROTOCOL.md).
import {
  Device,
  DeviceList,
  ImeiParams,
  ImsiParams,
  PowerEnabledBody,
  RegisterFarmcamSimBody,
  RegisterImeiBody,
  RegisterSmartplug2Body,
  UpdateFarmcamSimBody,
  UpdateFencealarm2Body,
  UpdateFencealarmBody,
  UpdateSmartplug2Body,
  UpdateSmartplugBody,
  UserIdParams,
} from '@paddock/shared/contract';
import { normalizeEmail, offlineDeadline, PRODUCTS, tagsWithinLength, TAG_MAX_LENGTH, withSystemTags, type ProductId } from '@paddock/shared/domain';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { authorize } from '../access';
import type { AppContext } from '../context';
import { AppError, badRequest, conflict, notFound } from '../http/errors';
import { bearerAuth, errorReplies, NoContent, sendNoContent } from '../routes/schemas';
import { findUserByEmail, findUserById } from '../users';
import { signedInDevice as deviceOfCaller } from './access';
import { changesOf, deepMerge, type UpdateBody } from './changes';
import { CommandTimeoutError } from './gateway/commands';
import { configAfterChange } from './gateway/configSync';
import { heardFrom } from './gateway/ingest';
import { noticeSettings, withAlarmNotices } from '../notify/alarmNotices';
import { initialFields, initialSubscription, toDevice, toDeviceList } from './representation';
import { changeDevice, deleteDevice, devicesOf, findDevice, findInventory, insertDevice, listEtag } from './store';

const UPDATE_BODIES: Record<ProductId, TSchema> = {
  'farmcam-sim': UpdateFarmcamSimBody,
  fencealarm: UpdateFencealarmBody,
  fencealarm2: UpdateFencealarm2Body,
  smartplug: UpdateSmartplugBody,
  smartplug2: UpdateSmartplug2Body,
};
const REGISTER_BODIES: Record<ProductId, TSchema> = {
  'farmcam-sim': RegisterFarmcamSimBody,
  fencealarm: RegisterImeiBody,
  fencealarm2: RegisterImeiBody,
  smartplug: RegisterImeiBody,
  smartplug2: RegisterSmartplug2Body,
};

const ownerOnly = (field: string) => new AppError(403, 'device_owner_only', field, { field });

const uniqueEmails = (emails: readonly string[]) => [...new Set(emails.map(normalizeEmail).filter(Boolean))];

export const deviceRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config, gateway } = ctx;
  const tags = ['devices'];
  /** A device that acked a command is heard from: back online clears its offline alarm, which is told like any other. */
  const ackNotices = () => withAlarmNotices(config.now(), noticeSettings(config));

  /** Asks a plug to switch and waits for its ack: 408 when none comes in time, 502 when the device refuses. */
  async function switchPower(key: string, enabled: boolean): Promise<boolean> {
    try {
      const ack = await gateway.setPower(key, enabled);
      if (!ack.Ok) throw new AppError(502, 'device_command_failed');
      return ack.PowerEnabled ?? enabled;
    } catch (error) {
      if (error instanceof CommandTimeoutError) throw new AppError(408, 'device_timeout');
      throw error;
    }
  }

  const signedInDevice = (request: FastifyRequest, key: string, product: ProductId) => deviceOfCaller(db, request, key, product);

  app.get(
    '/users/:id/devices',
    {
      schema: {
        params: UserIdParams,
        security: bearerAuth,
        tags,
        summary: "Every device the user owns or has access to, one list per product; If-None-Match gives 304",
        response: { 200: DeviceList, 304: Type.Null(), ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      authorize(request, 'user:devices', { userId: request.params.id });
      const user = await findUserById(db, request.params.id);
      if (!user) throw notFound();
      const rows = await devicesOf(db, user);
      const etag = listEtag(rows);
      reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return toDeviceList(rows);
    },
  );

  for (const product of Object.keys(PRODUCTS) as ProductId[]) {
    const { apiCollection, keyField } = PRODUCTS[product];
    const keyParam = keyField === 'Imsi' ? 'imsi' : 'imei';
    const params = keyField === 'Imsi' ? ImsiParams : ImeiParams;
    const keyOf = (request: FastifyRequest) => (request.params as Record<string, string>)[keyParam];
    const productName = PRODUCTS[product].name;

    app.post(
      `/users/:id/${apiCollection}`,
      {
        schema: {
          params: UserIdParams,
          body: REGISTER_BODIES[product],
          security: bearerAuth,
          tags,
          summary: `Registers a ${productName} to the user`,
          response: { 201: Device, ...errorReplies(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        authorize(request, 'user:devices', { userId: request.params.id });
        const body = request.body as { Imei?: string; Imsi?: string; Name: string; Owner?: string };
        const key = (body.Imsi ?? body.Imei)!;
        let owner = await findUserById(db, request.params.id);
        if (!owner) throw notFound();
        if (body.Owner !== undefined && normalizeEmail(body.Owner) !== owner.email) {
          owner = await findUserByEmail(db, normalizeEmail(body.Owner));
          if (!owner) throw badRequest('invalid_field', 'Owner', { field: 'Owner' });
        }
        const stock = await findInventory(db, key);
        if (!stock) throw new AppError(404, 'device_unknown', keyField, { product: productName, key });
        if (stock.product !== product) {
          const actual = PRODUCTS[stock.product as ProductId]?.name ?? stock.product;
          throw badRequest('device_wrong_product', keyField, { product: productName, key, actual });
        }
        const existing = await findDevice(db, key);
        if (existing) {
          if (existing.ownerId !== owner.id) throw conflict('device_taken', keyField);
          return reply.code(201).send(toDevice(existing));
        }
        const now = config.now();
        // The device gets its configuration now (or when it next connects), and counts as offline if it stays silent.
        const configured = configAfterChange(product, null, initialFields(product), 0);
        await insertDevice(db, {
          key,
          product,
          ownerId: owner.id,
          name: body.Name.trim(),
          tags: withSystemTags(product, owner.email, []),
          access: [owner.email],
          notify: [owner.email],
          fields: configured.fields,
          configVersion: configured.configVersion,
          subscription: initialSubscription(now),
          registeredAt: now,
          updatedAt: now,
          offlineAt: offlineDeadline(product, now),
        });
        if (configured.message) gateway.publishConfig(key, configured.message);
        return reply.code(201).send(toDevice((await findDevice(db, key))!));
      },
    );

    app.get(
      `/${apiCollection}/:${keyParam}`,
      { schema: { params, security: bearerAuth, tags, summary: `One ${productName}`, response: { 200: Device, ...errorReplies(400, 401, 404) } } },
      async (request) => toDevice((await signedInDevice(request, keyOf(request), product)).device),
    );

    const update = async (request: FastifyRequest) => {
      const { device, role } = await signedInDevice(request, keyOf(request), product);
      const { metadata, priceId, fields } = changesOf(product, request.body as UpdateBody);
      if (role !== 'owner') {
        if (priceId !== undefined) throw ownerOnly(product === 'farmcam-sim' || product === 'fencealarm' || product === 'smartplug' ? 'PriceId' : 'Subscription');
        if (metadata.Owner !== undefined && normalizeEmail(metadata.Owner) !== device.ownerEmail) throw ownerOnly('Owner');
      }
      if (metadata.Tags && !tagsWithinLength(metadata.Tags)) throw badRequest('too_long', 'Tags', { field: 'Tags', max: TAG_MAX_LENGTH });
      const access = metadata.Access ? uniqueEmails(metadata.Access) : device.access;
      let owner = { id: device.ownerId, email: device.ownerEmail };
      if (metadata.Owner !== undefined && normalizeEmail(metadata.Owner) !== device.ownerEmail) {
        const email = normalizeEmail(metadata.Owner);
        const user = access.includes(email) ? await findUserByEmail(db, email) : undefined;
        if (!user) throw badRequest('owner_not_shared', 'Owner');
        owner = { id: user.id, email: user.email };
      }
      // The owner is always among those it is shared with (starred, not removable).
      const sharedWith = access.includes(owner.email) ? access : [owner.email, ...access];
      // SmartPlug2's power toggle: a new OutputPower is a command the device must acknowledge before anything is
      // saved (no ack: 408 and nothing changes).
      const outputPower = product === 'smartplug2' ? (fields.DeviceConfig as { OutputPower?: boolean } | undefined)?.OutputPower : undefined;
      const current = device.fields as { PowerEnabled?: boolean; DeviceConfig?: { OutputPower?: boolean } };
      const powered =
        outputPower !== undefined && (outputPower !== current.PowerEnabled || outputPower !== current.DeviceConfig?.OutputPower)
          ? await switchPower(device.key, outputPower)
          : undefined;
      let message: ReturnType<typeof configAfterChange>['message'] = null;
      // Under the row lock, so readings arriving meanwhile are neither lost nor overwritten.
      const changed = await changeDevice(db, device.key, config.now(), (row) => {
        const merged = deepMerge(row.fields, fields);
        const configured = configAfterChange(product, row.fields, merged, row.configVersion);
        message = configured.message;
        const power = powered === undefined ? {} : heardFrom(product, row, config.now(), { ...configured.fields, PowerEnabled: powered });
        return {
          ownerId: owner.id,
          name: metadata.Name?.trim() ?? row.name,
          access: sharedWith,
          notify: metadata.Notify ? uniqueEmails(metadata.Notify).filter((email) => sharedWith.includes(email)) : row.notify,
          tags: withSystemTags(product, owner.email, metadata.Tags ?? row.tags),
          fields: configured.fields,
          configVersion: configured.configVersion,
          subscription: priceId === undefined ? row.subscription : { ...row.subscription, PriceIds: { ...row.subscription.PriceIds, Next: priceId } },
          ...power,
        };
      }, powered === undefined ? undefined : ackNotices());
      if (!changed) throw notFound(); // unregistered meanwhile
      if (message) gateway.publishConfig(device.key, message);
      return toDevice((await findDevice(db, device.key))!);
    };
    const updateSchema = {
      params,
      body: UPDATE_BODIES[product],
      security: bearerAuth,
      tags,
      summary: `Changes a ${productName}'s settings, sharing and plan (PUT and PATCH alike)`,
      response: { 200: Device, ...errorReplies(400, 401, 403, 404) },
    };
    app.patch(`/${apiCollection}/:${keyParam}`, { schema: updateSchema }, update);
    app.put(`/${apiCollection}/:${keyParam}`, { schema: updateSchema }, update);

    app.delete(
      `/${apiCollection}/:${keyParam}`,
      {
        schema: {
          params,
          security: bearerAuth,
          tags,
          summary: `Unregisters a ${productName} (owner only); it can then be registered again`,
          response: { 204: NoContent, ...errorReplies(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { device, role } = await signedInDevice(request, keyOf(request), product);
        if (role !== 'owner') throw ownerOnly('Owner');
        await deleteDevice(db, device.key);
        // The device forgets its owner's settings: the retained configuration goes too.
        gateway.clearRetained(device.key);
        return sendNoContent(reply);
      },
    );
  }

  app.put(
    '/smartplugs/:imei/power-enabled',
    {
      schema: {
        params: ImeiParams,
        body: PowerEnabledBody,
        security: bearerAuth,
        tags,
        summary: 'Switches a SmartPlug on or off and answers once the plug confirms (408 when it does not within 60 s)',
        response: { 200: Device, ...errorReplies(400, 401, 404, 408, 502) },
      },
    },
    async (request) => {
      const { device } = await signedInDevice(request, request.params.imei, 'smartplug');
      const powered = await switchPower(device.key, request.body.Enabled);
      const changed = await changeDevice(
        db,
        device.key,
        config.now(),
        (row) => heardFrom('smartplug', row, config.now(), { PowerEnabled: powered }),
        ackNotices(),
      );
      if (!changed) throw notFound();
      return toDevice((await findDevice(db, device.key))!);
    },
  );
};
