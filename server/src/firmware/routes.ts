// Firmware campaigns (docs/product/firmware-campaigns.md, docs/product/api.md "Firmware campaigns"): staff create one,
// list them, follow one per stage and per device, and pause, resume or cancel it. Admins only; every call is in the
// audit log (the changes by name, the reads as admin reads of users' devices).
import {
  CampaignDetail,
  CampaignList,
  CampaignParams,
  CampaignQuery,
  CreateCampaignBody,
  type AuditAction,
} from '@paddock/shared/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authorize } from '../access';
import type { AppContext } from '../context';
import { bearerAuth, errorReplies } from '../http/schemas';
import { campaignDetail, changeCampaign, createCampaign, listCampaigns } from './campaigns';

const BASE = '/admin/firmware-campaigns';
const common = { tags: ['admin'], security: bearerAuth };

export const firmwareCampaignRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;

  app.post(
    BASE,
    {
      config: { audit: 'firmware.create' },
      schema: {
        ...common,
        summary:
          'Admin: starts a firmware campaign: an https image and its SHA-256 for the devices of a product that takes updates (all, by version, tag, owner or keys), in stages (cumulative per cent, increasing, ending at 100), paused when a stage fails more than FailureThreshold per cent',
        body: CreateCampaignBody,
        response: { 201: CampaignDetail, ...errorReplies(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const session = authorize(request, 'firmware:campaigns');
      const id = await createCampaign(db, request.body, session.user.id, config.now());
      return reply.code(201).send(await campaignDetail(db, id));
    },
  );

  app.get(
    BASE,
    {
      schema: {
        ...common,
        summary: 'Admin: the firmware campaigns, newest first (the last 100), with their counts',
        response: { 200: CampaignList, ...errorReplies(401, 403) },
      },
    },
    async (request) => {
      authorize(request, 'firmware:campaigns');
      return { Campaigns: await listCampaigns(db) };
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      schema: {
        ...common,
        summary:
          'Admin: one firmware campaign with its progress per stage and a page of its devices (`after`: the `Next` of the page before; `state`: only devices in it)',
        params: CampaignParams,
        querystring: CampaignQuery,
        response: { 200: CampaignDetail, ...errorReplies(400, 401, 403, 404) },
      },
    },
    async (request) => {
      authorize(request, 'firmware:campaigns');
      return campaignDetail(db, request.params.id, request.query);
    },
  );

  const actions = [
    ['pause', 'firmware.pause', 'stops sending the update to more devices (those under way finish)'],
    ['resume', 'firmware.resume', 'goes on; after a pause for failures, that stage’s failures are accepted'],
    ['cancel', 'firmware.cancel', 'ends it for good: devices not yet sent the update are not sent it'],
  ] as const satisfies readonly (readonly [string, AuditAction, string])[];
  for (const [action, audit, what] of actions) {
    app.post(
      `${BASE}/:id/${action}`,
      {
        config: { audit },
        schema: {
          ...common,
          summary: `Admin: ${action}s a firmware campaign: ${what} (409 campaign_state when it cannot)`,
          params: CampaignParams,
          response: { 200: CampaignDetail, ...errorReplies(401, 403, 404, 409) },
        },
      },
      async (request) => {
        authorize(request, 'firmware:campaigns');
        await changeCampaign(db, request.params.id, action, config.now());
        return campaignDetail(db, request.params.id);
      },
    );
  }
};
