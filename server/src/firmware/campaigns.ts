// Firmware campaigns as stored (docs/product/firmware-campaigns.md): creating one (its devices and their stages fixed
// then), reading it with its progress per stage and per device, and staff's pause, resume and cancel.
import { randomUUID } from 'node:crypto';
import type {
  CampaignCounts,
  CampaignDetail,
  CampaignDevice,
  CampaignDeviceState,
  CampaignQuery,
  CampaignSelection,
  CampaignSummary,
  CreateCampaignBody,
} from '@paddock/shared/contract';
import { CAMPAIGN_DEVICES_PAGE_SIZE } from '@paddock/shared/contract';
import { checkCampaignStages, PRODUCTS, stageOfPositions } from '@paddock/shared/domain';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog, campaignDevices, devices, firmwareCampaigns, users, type FirmwareCampaignRow } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import { resolveSelection } from './selection';

const INSERT_BATCH = 500;

const emptyCounts = (): CampaignCounts => ({ Devices: 0, Pending: 0, Sent: 0, Updating: 0, Done: 0, Failed: 0 });
const COUNT_FIELD: Record<CampaignDeviceState, keyof CampaignCounts> = {
  pending: 'Pending',
  sent: 'Sent',
  updating: 'Updating',
  done: 'Done',
  failed: 'Failed',
};

/** The devices of each campaign counted by stage and state. */
async function stageCounts(db: Db, ids: string[]): Promise<Map<string, Map<number, CampaignCounts>>> {
  const byCampaign = new Map<string, Map<number, CampaignCounts>>();
  if (!ids.length) return byCampaign;
  const rows = await db
    .select({
      campaignId: campaignDevices.campaignId,
      stage: campaignDevices.stage,
      state: campaignDevices.state,
      count: sql<number>`count(*)::int`,
    })
    .from(campaignDevices)
    .where(inArray(campaignDevices.campaignId, ids))
    .groupBy(campaignDevices.campaignId, campaignDevices.stage, campaignDevices.state);
  for (const row of rows) {
    const stages = byCampaign.get(row.campaignId) ?? new Map<number, CampaignCounts>();
    byCampaign.set(row.campaignId, stages);
    const counts = stages.get(row.stage) ?? emptyCounts();
    stages.set(row.stage, counts);
    counts[COUNT_FIELD[row.state]] += Number(row.count);
    counts.Devices += Number(row.count);
  }
  return byCampaign;
}

const sum = (all: Iterable<CampaignCounts>) => {
  const total = emptyCounts();
  for (const counts of all) for (const field of Object.keys(total) as (keyof CampaignCounts)[]) total[field] += counts[field];
  return total;
};

/** Failed ÷ devices in per cent (0 without devices). */
export const failureRate = (counts: CampaignCounts) => (counts.Devices ? (counts.Failed * 100) / counts.Devices : 0);

function toSummary(
  row: FirmwareCampaignRow & { creator: string | null },
  stages: Map<number, CampaignCounts> | undefined,
): CampaignSummary {
  return {
    Id: row.id,
    Product: row.product as CampaignSummary['Product'],
    Url: row.url,
    Sha256: row.sha256,
    Version: row.version,
    Selection: row.selection as CampaignSelection,
    Stages: row.stages,
    FailureThreshold: row.failureThreshold,
    State: row.state,
    Stage: row.stage,
    PauseReason: row.state === 'paused' ? (row.pauseReason as 'staff' | 'failures') : null,
    CreatedBy: row.creator,
    CreatedAt: row.createdAt.toISOString(),
    UpdatedAt: row.updatedAt.toISOString(),
    FinishedAt: row.finishedAt?.toISOString() ?? null,
    Counts: sum(stages?.values() ?? []),
  };
}

const withCreator = (db: Db) =>
  db
    .select({ campaign: firmwareCampaigns, creator: users.email })
    .from(firmwareCampaigns)
    .leftJoin(users, eq(users.id, firmwareCampaigns.createdBy));

/** Creates a running campaign; 400 naming the field that is wrong. */
export async function createCampaign(db: Db, body: CreateCampaignBody, staffId: string, now: Date): Promise<string> {
  if (!PRODUCTS[body.Product].firmwareUpdates) throw badRequest('invalid_field', 'Product', { field: 'Product' });
  if (checkCampaignStages(body.Stages)) throw badRequest('invalid_field', 'Stages', { field: 'Stages' });
  const keys = await resolveSelection(db, body.Product, body.Selection);
  const stageOf = stageOfPositions(keys.length, body.Stages);
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(firmwareCampaigns).values({
      id,
      product: body.Product,
      url: body.Url.trim(),
      sha256: body.Sha256.trim().toLowerCase(),
      version: body.Version.trim(),
      selection: body.Selection,
      stages: body.Stages,
      failureThreshold: body.FailureThreshold,
      state: 'running',
      createdBy: staffId,
      createdAt: now,
      updatedAt: now,
    });
    for (let start = 0; start < keys.length; start += INSERT_BATCH) {
      await tx.insert(campaignDevices).values(
        keys.slice(start, start + INSERT_BATCH).map((deviceKey, offset) => ({
          campaignId: id,
          deviceKey,
          position: start + offset,
          stage: stageOf[start + offset],
          state: 'pending' as const,
        })),
      );
    }
  });
  return id;
}

export async function listCampaigns(db: Db): Promise<CampaignSummary[]> {
  const rows = await withCreator(db).orderBy(desc(firmwareCampaigns.createdAt), desc(firmwareCampaigns.id)).limit(100);
  const counts = await stageCounts(
    db,
    rows.map((row) => row.campaign.id),
  );
  return rows.map((row) => toSummary({ ...row.campaign, creator: row.creator }, counts.get(row.campaign.id)));
}

/** One campaign with its stages' progress and a page of its devices; 404 when there is none. */
export async function campaignDetail(db: Db, id: string, query: CampaignQuery = {}): Promise<CampaignDetail> {
  const [row] = await withCreator(db).where(eq(firmwareCampaigns.id, id));
  if (!row) throw notFound();
  const stages = (await stageCounts(db, [id])).get(id);
  const limit = query.limit ?? CAMPAIGN_DEVICES_PAGE_SIZE;
  const page = await db
    .select({ entry: campaignDevices, name: devices.name, fields: devices.fields, owner: users.email })
    .from(campaignDevices)
    .leftJoin(devices, eq(devices.key, campaignDevices.deviceKey))
    .leftJoin(users, eq(users.id, devices.ownerId))
    .where(
      and(
        eq(campaignDevices.campaignId, id),
        query.after !== undefined ? gt(campaignDevices.position, query.after) : undefined,
        query.state ? eq(campaignDevices.state, query.state) : undefined,
      ),
    )
    .orderBy(asc(campaignDevices.position))
    .limit(limit + 1);
  const shown = page.slice(0, limit);
  return {
    Campaign: toSummary({ ...row.campaign, creator: row.creator }, stages),
    StageProgress: row.campaign.stages.map((percent, stage) => {
      const counts = stages?.get(stage) ?? emptyCounts();
      return { Percent: percent, Counts: counts, FailureRate: Math.round(failureRate(counts) * 10) / 10 };
    }),
    Devices: shown.map(({ entry, name, fields, owner }): CampaignDevice => {
      const pending = (fields?.Firmware as { Pending?: { Id?: string; Progress?: number } | null } | undefined)?.Pending;
      return {
        Key: entry.deviceKey,
        Name: name,
        Owner: owner,
        Stage: entry.stage,
        State: entry.state,
        Progress: entry.state === 'done' ? 100 : pending && pending.Id === entry.fotaId ? Math.round(pending.Progress ?? 0) : null,
        Failure: entry.failure,
        Error: entry.error,
        SentAt: entry.sentAt?.toISOString() ?? null,
        FinishedAt: entry.finishedAt?.toISOString() ?? null,
        Position: entry.position,
      };
    }),
    Next: page.length > limit ? shown[shown.length - 1].entry.position : null,
  };
}

type StaffAction = 'pause' | 'resume' | 'cancel';
const ALLOWED_FROM: Record<StaffAction, readonly FirmwareCampaignRow['state'][]> = {
  pause: ['running'],
  resume: ['paused'],
  cancel: ['running', 'paused'],
};

/**
 * Pause, resume or cancel, in one conditional update (the runner's own changes are conditional too, so the last
 * word is staff's). Resuming a campaign the threshold paused accepts that stage's failures: it goes on to the next.
 * 404 without the campaign, 409 when it is not in a state the action applies to.
 */
export async function changeCampaign(db: Db, id: string, action: StaffAction, now: Date): Promise<void> {
  const next =
    action === 'pause'
      ? { state: 'paused' as const, pauseReason: 'staff' }
      : action === 'resume'
        ? {
            state: 'running' as const,
            pauseReason: null,
            acceptedStage: sql`CASE WHEN ${firmwareCampaigns.pauseReason} = 'failures' THEN ${firmwareCampaigns.stage} ELSE ${firmwareCampaigns.acceptedStage} END`,
          }
        : { state: 'cancelled' as const, finishedAt: now };
  const changed = await db
    .update(firmwareCampaigns)
    .set({ ...next, updatedAt: now })
    .where(and(eq(firmwareCampaigns.id, id), inArray(firmwareCampaigns.state, [...ALLOWED_FROM[action]])))
    .returning({ id: firmwareCampaigns.id });
  if (changed.length) return;
  const [exists] = await db.select({ id: firmwareCampaigns.id }).from(firmwareCampaigns).where(eq(firmwareCampaigns.id, id));
  if (!exists) throw notFound();
  throw conflict('campaign_state', 'State', { field: 'State' });
}

/**
 * The audit entry of a pause the runner made (docs/product/admin.md "Audit log"): under the campaign's creator, with
 * the stage's counts and the threshold as the reason.
 */
export async function auditAutomaticPause(db: Db, campaign: FirmwareCampaignRow, counts: CampaignCounts, now: Date): Promise<void> {
  const [creator] = campaign.createdBy ? await db.select({ email: users.email }).from(users).where(eq(users.id, campaign.createdBy)) : [];
  await db.insert(auditLog).values({
    at: now,
    action: 'firmware.stage-failed',
    staffId: campaign.createdBy ?? 'system',
    staffEmail: creator?.email ?? 'system',
    method: 'RUN',
    path: `/api/admin/firmware-campaigns/${campaign.id}`,
    status: 200,
    before: { State: 'running', Stage: campaign.stage },
    after: {
      State: 'paused',
      PauseReason: 'failures',
      Stage: campaign.stage,
      Failed: counts.Failed,
      Devices: counts.Devices,
      FailureRate: Math.round(failureRate(counts) * 10) / 10,
      FailureThreshold: campaign.failureThreshold,
    },
  });
}
