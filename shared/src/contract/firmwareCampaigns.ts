// Firmware campaigns on the wire (docs/product/firmware-campaigns.md, docs/product/api.md "Firmware campaigns"): staff
// roll one image out to a chosen set of devices of a product in stages, and follow it per stage and per device.
import { Type, type Static } from '@sinclair/typebox';
import { CAMPAIGN_MAX_KEYS, CAMPAIGN_MAX_STAGES, CAMPAIGN_URL_PATTERN, CAMPAIGN_VERSION_MAX_LENGTH } from '../domain/firmwareCampaigns';
import { FOTA_CHECKSUM_PATTERN, FOTA_URL_MAX_LENGTH } from '../domain/firmware';
import { ProductId } from '../products';
import { closed, Nullable } from './devices';
import { IsoTime } from './common';

export const CAMPAIGN_STATES = ['running', 'paused', 'cancelled', 'done'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];
export const CAMPAIGN_DEVICE_STATES = ['pending', 'sent', 'updating', 'done', 'failed'] as const;
export type CampaignDeviceState = (typeof CAMPAIGN_DEVICE_STATES)[number];
export const CAMPAIGN_FAILURES = ['device', 'no_report', 'replaced', 'unregistered'] as const;
export type CampaignFailure = (typeof CAMPAIGN_FAILURES)[number];
export const CAMPAIGN_SELECTIONS = ['all', 'version', 'tag', 'owner', 'keys'] as const;
export type CampaignSelectionKind = (typeof CAMPAIGN_SELECTIONS)[number];
export const CAMPAIGN_DEVICES_PAGE_SIZE = 50;

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)));

/**
 * Which devices of the product: all, those now running `Version`, those tagged `Tag`, those of one owner (`Owner`: a
 * user id or an e-mail), or the listed `Keys`. The field the kind needs is required (400 naming it otherwise).
 */
export const CampaignSelection = Type.Object(
  {
    Kind: literals(CAMPAIGN_SELECTIONS),
    Version: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    Tag: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    Owner: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
    Keys: Type.Optional(Type.Array(Type.String({ pattern: '^[0-9]{1,20}$' }), { minItems: 1, maxItems: CAMPAIGN_MAX_KEYS })),
  },
  closed,
);
export type CampaignSelection = Static<typeof CampaignSelection>;

/** POST /admin/firmware-campaigns. Stages: cumulative percentages of the devices, increasing, the last 100. */
export const CreateCampaignBody = Type.Object(
  {
    Product: ProductId,
    Url: Type.String({ pattern: CAMPAIGN_URL_PATTERN, maxLength: FOTA_URL_MAX_LENGTH }),
    Sha256: Type.String({ pattern: FOTA_CHECKSUM_PATTERN }),
    Version: Type.String({ minLength: 1, maxLength: CAMPAIGN_VERSION_MAX_LENGTH }),
    Selection: CampaignSelection,
    Stages: Type.Array(Type.Integer({ minimum: 1, maximum: 100 }), { minItems: 1, maxItems: CAMPAIGN_MAX_STAGES }),
    FailureThreshold: Type.Integer({ minimum: 1, maximum: 100 }),
  },
  closed,
);
export type CreateCampaignBody = Static<typeof CreateCampaignBody>;

export const CampaignParams = Type.Object({ id: Type.String({ format: 'uuid' }) }, closed);
export type CampaignParams = Static<typeof CampaignParams>;

/** GET /admin/firmware-campaigns/{id}: the devices page after `after` (a position), optionally of one state. */
export const CampaignQuery = Type.Object(
  {
    after: Type.Optional(Type.Integer({ minimum: 0 })),
    state: Type.Optional(literals(CAMPAIGN_DEVICE_STATES)),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  closed,
);
export type CampaignQuery = Static<typeof CampaignQuery>;

const Counts = Type.Object({
  Devices: Type.Integer(),
  Pending: Type.Integer(),
  Sent: Type.Integer(),
  Updating: Type.Integer(),
  Done: Type.Integer(),
  Failed: Type.Integer(),
});
export type CampaignCounts = Static<typeof Counts>;

export const CampaignSummary = Type.Object({
  Id: Type.String(),
  Product: ProductId,
  Url: Type.String(),
  Sha256: Type.String(),
  Version: Type.String(),
  Selection: CampaignSelection,
  Stages: Type.Array(Type.Integer()),
  FailureThreshold: Type.Integer(),
  State: literals(CAMPAIGN_STATES),
  /** The stage under way (0-based). */
  Stage: Type.Integer(),
  /** Why it is paused: staff paused it, or the stage's failure rate passed the threshold (null: not paused). */
  PauseReason: Nullable(literals(['staff', 'failures'] as const)),
  CreatedBy: Nullable(Type.String()),
  CreatedAt: IsoTime,
  UpdatedAt: IsoTime,
  FinishedAt: Nullable(IsoTime),
  Counts: Counts,
});
export type CampaignSummary = Static<typeof CampaignSummary>;

export const CampaignList = Type.Object({ Campaigns: Type.Array(CampaignSummary) });
export type CampaignList = Static<typeof CampaignList>;

export const CampaignStage = Type.Object({
  /** The cumulative share of the devices this stage reaches, in per cent. */
  Percent: Type.Integer(),
  Counts: Counts,
  /** Failed ÷ devices of the stage, in per cent (0 with no devices). */
  FailureRate: Type.Number(),
});
export type CampaignStage = Static<typeof CampaignStage>;

export const CampaignDevice = Type.Object({
  Key: Type.String(),
  /** The device's name and owner now (null: no longer registered). */
  Name: Nullable(Type.String()),
  Owner: Nullable(Type.String()),
  Stage: Type.Integer(),
  State: literals(CAMPAIGN_DEVICE_STATES),
  /** The update's own progress while it runs (0–100), as the device reports it. */
  Progress: Nullable(Type.Integer()),
  /** Why it failed: the device said so (its words in Error), it sent no report in time, another request replaced it, it was unregistered. */
  Failure: Nullable(literals(CAMPAIGN_FAILURES)),
  Error: Nullable(Type.String()),
  SentAt: Nullable(IsoTime),
  FinishedAt: Nullable(IsoTime),
  Position: Type.Integer(),
});
export type CampaignDevice = Static<typeof CampaignDevice>;

export const CampaignDetail = Type.Object({
  Campaign: CampaignSummary,
  StageProgress: Type.Array(CampaignStage),
  Devices: Type.Array(CampaignDevice),
  /** The `after` of the next devices page (null: none). */
  Next: Nullable(Type.Integer()),
});
export type CampaignDetail = Static<typeof CampaignDetail>;
