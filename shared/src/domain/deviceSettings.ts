// Rules of the device settings pages (docs/product/screens.md, docs/product/devices.md, docs/product/states.md, docs/product/roles.md, docs/product/api.md): the metadata a user edits, the update body's
// shape per product, the config-sync status line and the FenceAlarm level the device has confirmed.
import type { ConfigSync, Metadata, MetadataUpdate } from '../contract/devices';
import { normalizeEmail } from './account';
import { nestsMetadata, type ProductId } from '../products/catalogue';
import { inviteEmail, removeAccess, toggleNotify } from './sharing';
import { editableTags, withSystemTags } from './tags';

/** While the device has not applied the saved settings, the settings page asks for it this often (chosen). */
export const CONFIG_SYNC_POLL_MS = 3000;

/** What the metadata part of a settings page holds while the user edits (docs/product/devices.md Metadata). */
export interface MetadataDraft {
  Name: string;
  Access: string[];
  Notify: string[];
  /** The user's own tags only: system tags are hidden (docs/product/validation.md) and added back on save (docs/product/devices.md). */
  Tags: string[];
  /** The owner's email as chosen in the owner selector. */
  Owner: string;
}

/** The draft a settings page starts from. */
export function metadataDraftOf(metadata: Metadata): MetadataDraft {
  return {
    Name: metadata.Name,
    Access: [...metadata.Access],
    Notify: [...metadata.Notify],
    Tags: editableTags(metadata.Tags),
    Owner: metadata.OwnerEmail,
  };
}

/** docs/product/states.md Invite: the trimmed, lowercased email joins Access; empty input and duplicates change nothing. */
export function inviteToDraft(draft: MetadataDraft, input: string): MetadataDraft {
  return { ...draft, Access: inviteEmail(draft.Access, input) };
}

/**
 * docs/product/states.md: the close icon removes an email from Access and Notify (never the device's owner). Were it the owner
 * chosen in the selector, the choice falls back to the owner, as only emails in Access can be chosen (docs/product/roles.md).
 */
export function removeFromDraft(draft: MetadataDraft, email: string, ownerEmail: string): MetadataDraft {
  const sharing = removeAccess(draft, email, ownerEmail);
  const ownerGone = !sharing.Access.some((a) => normalizeEmail(a) === normalizeEmail(draft.Owner));
  return { ...draft, ...sharing, Owner: ownerGone ? ownerEmail : draft.Owner };
}

/** docs/product/states.md: the bell toggles notification for an email that has access. */
export function toggleNotifyInDraft(draft: MetadataDraft, email: string): MetadataDraft {
  return { ...draft, Notify: toggleNotify(draft.Notify, email) };
}

/** docs/product/devices.md, docs/product/api.md: the metadata to send — the trimmed name, sharing, the tags with the two system tags, the owner. */
export function metadataUpdateOf(product: ProductId, draft: MetadataDraft): Required<MetadataUpdate> {
  const owner = normalizeEmail(draft.Owner);
  return {
    Name: draft.Name.trim(),
    Access: [...draft.Access],
    Notify: draft.Notify.filter((n) => draft.Access.some((a) => normalizeEmail(a) === normalizeEmail(n))),
    Tags: withSystemTags(product, owner, draft.Tags),
    Owner: owner,
  };
}

/**
 * docs/product/api.md: one product's update body — its own fields, the metadata (flat or under `Metadata`) and, when given,
 * the next plan (`PriceId`, or `Subscription.PriceId`). The product's fields never carry metadata keys.
 */
export function composeUpdateBody(
  product: ProductId,
  fields: object,
  metadata: MetadataUpdate,
  priceId?: string,
): Record<string, unknown> {
  if (nestsMetadata(product)) {
    return { ...fields, Metadata: metadata, ...(priceId === undefined ? {} : { Subscription: { PriceId: priceId } }) };
  }
  return { ...fields, ...metadata, ...(priceId === undefined ? {} : { PriceId: priceId }) };
}

export type ConfigSyncStatus = { kind: 'pending' } | { kind: 'applied'; at: Date } | null;

/** The config-sync line: waiting while Pending; applied with the time once the device reported; else nothing. */
export function configSyncStatus(sync: ConfigSync | null | undefined): ConfigSyncStatus {
  if (!sync) return null;
  if (sync.Pending) return { kind: 'pending' };
  const at = sync.AppliedAt ? Date.parse(sync.AppliedAt) : Number.NaN;
  return Number.isNaN(at) ? null : { kind: 'applied', at: new Date(at) };
}

/** Whether a device should be asked again for its state: the saved settings are not applied yet. */
export function isConfigPending(device: object): boolean {
  return 'ConfigSync' in device && (device.ConfigSync as ConfigSync | null | undefined)?.Pending === true;
}

/**
 * FenceAlarm: the alarm level the device runs (Config.AlarmLevel) when it differs from the one asked for
 * (VoltageAlarm.AlarmLevel) while the alarm is on; null when they agree or the alarm is off.
 */
export function unconfirmedAlarmLevel(device: { Config: { AlarmLevel: number }; VoltageAlarm: { Enabled: boolean; AlarmLevel: number } }): number | null {
  if (!device.VoltageAlarm.Enabled) return null;
  return device.Config.AlarmLevel === device.VoltageAlarm.AlarmLevel ? null : device.Config.AlarmLevel;
}

/**
 * A decimal number as typed in any of the interface languages ('1.25' or '1,25'); null when the input is empty
 * or not such a number.
 */
export function parseDecimal(input: string): number | null {
  const value = input.trim().replace(/\s/g, '');
  if (!/^-?\d+(?:[.,]\d+)?$/.test(value)) return null;
  return Number(value.replace(',', '.'));
}
