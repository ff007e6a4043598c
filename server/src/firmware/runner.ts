// The campaign runner (docs/product/firmware-campaigns.md "How a campaign runs"): on one server instance at a time
// (under its lease, jobs/lease.ts), each pass follows the devices sent an update (from what their up/fota reports
// left in their Firmware: devices/gateway/ingest.ts), counts one failed when it sent no report within the time-out,
// pauses a campaign whose current stage fails more than its threshold, sends the stage's next devices their request
// through the single-device path (devices/fota.ts), and moves on when the stage is over.
import type { CampaignCounts, CampaignFailure } from '@paddock/shared/contract';
import { FIRMWARE_REPORT_TIMEOUT_MS, type ProductId } from '@paddock/shared/domain';
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { campaignDevices, devices, firmwareCampaigns, type CampaignDeviceRow, type FirmwareCampaignRow } from '../db/schema';
import { changeDevice, deepMerge, requestFirmwareUpdate } from '../devices';
import { startJobLoop } from '../jobs/loop';
import { holdWhileAlive, type HeldLease } from '../jobs/lease';
import { auditAutomaticPause, failureRate } from './campaigns';

export const CAMPAIGN_LEASE = 'firmware-campaigns';
/** How often the runner looks (a stage's devices report within seconds; the time-out is minutes). */
export const CAMPAIGN_PASS_MS = 1000;
/** Requests sent per campaign and pass, so one huge stage does not hold a pass (the next pass goes on). */
const SEND_BATCH = 200;
/** Devices under way looked at per campaign and pass. */
const FOLLOW_BATCH = 1000;

type Firmware = { Pending?: { Id?: string; Status?: string } | null; LastId?: string; LastError?: string | null };
type Outcome = { state: CampaignDeviceRow['state']; failure?: CampaignFailure; error?: string | null };

/** Where one sent device's update is, from its row (undefined: unregistered). */
function outcomeOf(entry: CampaignDeviceRow, fields: Record<string, unknown> | undefined, now: Date): Outcome {
  if (!fields) return { state: 'failed', failure: 'unregistered' };
  const firmware = (fields.Firmware ?? {}) as Firmware;
  if (firmware.Pending?.Id === entry.fotaId) {
    if (now.getTime() - entry.sentAt!.getTime() >= FIRMWARE_REPORT_TIMEOUT_MS) return { state: 'failed', failure: 'no_report' };
    return { state: firmware.Pending.Status === 'requested' ? 'sent' : 'updating' };
  }
  if (firmware.LastId === entry.fotaId) {
    return firmware.LastError ? { state: 'failed', failure: 'device', error: firmware.LastError.slice(0, 500) } : { state: 'done' };
  }
  return { state: 'failed', failure: 'replaced' };
}

/** Takes in the outcomes of the campaign's devices under way. */
async function follow(ctx: Pick<AppContext, 'db'>, campaign: FirmwareCampaignRow, now: Date): Promise<void> {
  const { db } = ctx;
  const sent = await db
    .select()
    .from(campaignDevices)
    .where(and(eq(campaignDevices.campaignId, campaign.id), inArray(campaignDevices.state, ['sent', 'updating'])))
    .orderBy(asc(campaignDevices.position))
    .limit(FOLLOW_BATCH);
  if (!sent.length) return;
  const rows = await db
    .select({ key: devices.key, product: devices.product, fields: devices.fields })
    .from(devices)
    .where(
      inArray(
        devices.key,
        sent.map((entry) => entry.deviceKey),
      ),
    );
  const fieldsOf = new Map(rows.filter((row) => row.product === campaign.product).map((row) => [row.key, row.fields]));
  for (const entry of sent) {
    const outcome = outcomeOf(entry, fieldsOf.get(entry.deviceKey), now);
    if (outcome.state === entry.state) continue;
    const ended = outcome.state === 'done' || outcome.state === 'failed';
    if (outcome.failure === 'no_report') {
      // The request is withdrawn, so the card stops saying "updating" and a late report changes nothing.
      await changeDevice(db, entry.deviceKey, now, (row) => {
        const firmware = (row.fields.Firmware ?? {}) as Firmware;
        if (firmware.Pending?.Id !== entry.fotaId) return null;
        return {
          fields: deepMerge(row.fields, {
            Firmware: { Pending: null, LastError: 'no report', LastId: entry.fotaId, EndedAt: now.toISOString() },
          }),
        };
      });
    }
    await db
      .update(campaignDevices)
      .set({ state: outcome.state, failure: outcome.failure ?? null, error: outcome.error ?? null, ...(ended && { finishedAt: now }) })
      .where(
        and(
          eq(campaignDevices.campaignId, entry.campaignId),
          eq(campaignDevices.deviceKey, entry.deviceKey),
          eq(campaignDevices.state, entry.state),
        ),
      );
  }
}

async function countsOfStage(db: Db, campaign: FirmwareCampaignRow, stage: number): Promise<CampaignCounts> {
  const rows = await db
    .select({ state: campaignDevices.state, count: sql<number>`count(*)::int` })
    .from(campaignDevices)
    .where(and(eq(campaignDevices.campaignId, campaign.id), eq(campaignDevices.stage, stage)))
    .groupBy(campaignDevices.state);
  const of = (state: CampaignDeviceRow['state']) => Number(rows.find((row) => row.state === state)?.count ?? 0);
  return {
    Devices: rows.reduce((total, row) => total + Number(row.count), 0),
    Pending: of('pending'),
    Sent: of('sent'),
    Updating: of('updating'),
    Done: of('done'),
    Failed: of('failed'),
  };
}

/** A change of the campaign that happens only while it is still running at that stage (staff's word comes first). */
const whileRunningAt = (campaign: FirmwareCampaignRow) =>
  and(eq(firmwareCampaigns.id, campaign.id), eq(firmwareCampaigns.state, 'running'), eq(firmwareCampaigns.stage, campaign.stage));

/** One step of a running campaign: pause on failures, send the stage's next devices, or move to the next stage. */
async function advance(ctx: Pick<AppContext, 'db' | 'gateway'>, campaign: FirmwareCampaignRow, now: Date): Promise<void> {
  const { db } = ctx;
  const counts = await countsOfStage(db, campaign, campaign.stage);
  if (campaign.acceptedStage !== campaign.stage && failureRate(counts) > campaign.failureThreshold) {
    const paused = await db
      .update(firmwareCampaigns)
      .set({ state: 'paused', pauseReason: 'failures', updatedAt: now })
      .where(whileRunningAt(campaign))
      .returning({ id: firmwareCampaigns.id });
    if (paused.length) await auditAutomaticPause(db, campaign, counts, now);
    return;
  }
  if (counts.Pending) {
    const next = await db
      .select()
      .from(campaignDevices)
      .where(
        and(eq(campaignDevices.campaignId, campaign.id), eq(campaignDevices.stage, campaign.stage), eq(campaignDevices.state, 'pending')),
      )
      .orderBy(asc(campaignDevices.position))
      .limit(SEND_BATCH);
    for (const entry of next) {
      // Staff may pause or cancel between two devices: checked before each request.
      const [still] = await db
        .select({ state: firmwareCampaigns.state })
        .from(firmwareCampaigns)
        .where(eq(firmwareCampaigns.id, campaign.id));
      if (still?.state !== 'running') return;
      const fotaId = await requestFirmwareUpdate(
        ctx,
        entry.deviceKey,
        campaign.product as ProductId,
        { url: campaign.url, checksum: campaign.sha256 },
        now,
      );
      await db
        .update(campaignDevices)
        .set(fotaId ? { state: 'sent', fotaId, sentAt: now } : { state: 'failed', failure: 'unregistered', sentAt: now, finishedAt: now })
        .where(and(eq(campaignDevices.campaignId, campaign.id), eq(campaignDevices.deviceKey, entry.deviceKey)));
    }
    return;
  }
  if (counts.Sent || counts.Updating) return; // the stage is still under way
  const last = campaign.stage >= campaign.stages.length - 1;
  await db
    .update(firmwareCampaigns)
    .set(last ? { state: 'done', finishedAt: now, updatedAt: now } : { stage: campaign.stage + 1, updatedAt: now })
    .where(whileRunningAt(campaign));
}

/**
 * One pass over the campaigns that may have devices under way: running and paused ones, and those cancelled within
 * the report time-out (their devices' outcomes are still taken in). Only running ones move on.
 */
export async function runCampaigns(ctx: Pick<AppContext, 'db' | 'gateway'>, now: Date): Promise<void> {
  const campaigns = await ctx.db
    .select()
    .from(firmwareCampaigns)
    .where(
      or(
        inArray(firmwareCampaigns.state, ['running', 'paused']),
        and(
          eq(firmwareCampaigns.state, 'cancelled'),
          gt(firmwareCampaigns.finishedAt, new Date(now.getTime() - FIRMWARE_REPORT_TIMEOUT_MS)),
        ),
      ),
    )
    .orderBy(asc(firmwareCampaigns.createdAt));
  for (const campaign of campaigns) {
    await follow(ctx, campaign, now);
    if (campaign.state === 'running') await advance(ctx, campaign, now);
  }
}

/** Runs the passes on this instance while it holds the campaigns' lease (stop() ends them and releases it). */
export function startCampaignRunner(options: {
  ctx: Pick<AppContext, 'db' | 'gateway' | 'config'>;
  holder: string;
  log: FastifyBaseLogger;
}): HeldLease {
  const { ctx, log } = options;
  let loop: { stop(): Promise<void> } | null = null;
  return holdWhileAlive({
    db: ctx.db,
    name: CAMPAIGN_LEASE,
    holder: options.holder,
    ttlMs: ctx.config.leaseTtlMs,
    log,
    onAcquired: () => {
      loop = startJobLoop({
        intervalMs: CAMPAIGN_PASS_MS,
        log,
        failure: 'firmware campaign pass failed',
        work: () => runCampaigns(ctx, ctx.config.now()),
      });
    },
    onLost: async () => {
      const stopping = loop;
      loop = null;
      await stopping?.stop();
    },
  });
}
