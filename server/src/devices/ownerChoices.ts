// docs/product/roles.md Alarms and sharing: a device's alarm settings and its sharing are the owner's (and an admin's); a
// shared user may change name, tags and the other settings, and in Notify only their own bell. Only what a call
// changes counts: the settings page sends the whole form, and an unchanged alarm or Access list is no change.
import { normalizeEmail } from '@paddock/shared/domain';
import type { MetadataUpdate } from '@paddock/shared/contract';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at a dotted path ('DeviceConfig.PowerLoadAlarm'), or undefined. */
function at(fields: Record<string, unknown>, path: string): unknown {
  let value: unknown = fields;
  for (const part of path.split('.')) value = isPlainObject(value) ? value[part] : undefined;
  return value;
}

/** True when merging `patch` into `current` changes anything: an object key by key, anything else (arrays too) as a whole. */
export function differs(current: unknown, patch: unknown): boolean {
  if (patch === undefined) return false;
  if (isPlainObject(patch)) {
    if (!isPlainObject(current)) return true;
    return Object.entries(patch).some(([key, value]) => differs(current[key], value));
  }
  return JSON.stringify(current) !== JSON.stringify(patch);
}

/**
 * The first alarm setting (body field → stored path, ServerProduct.ownerOnlyFields) the patch changes: its body
 * field, named in the 403.
 */
export function changedAlarmField(
  ownerOnly: Readonly<Record<string, string>> | undefined,
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
): string | undefined {
  return Object.entries(ownerOnly ?? {}).find(([, path]) => differs(at(current, path), at(patch, path)))?.[0];
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((email) => b.includes(email));

const unique = (emails: readonly string[]) => [...new Set(emails.map(normalizeEmail).filter(Boolean))];

export interface Sharing {
  access: readonly string[];
  notify: readonly string[];
}

/** Access and Notify after the update, as the route saves them: the owner always in Access, Notify within Access. */
export function sharingAfter(row: Sharing, metadata: MetadataUpdate, ownerEmail: string): Sharing {
  const access = metadata.Access ? unique(metadata.Access) : [...row.access];
  const sharedWith = access.includes(ownerEmail) ? access : [ownerEmail, ...access];
  const notify = (metadata.Notify ? unique(metadata.Notify) : [...row.notify]).filter((email) => sharedWith.includes(email));
  return { access: sharedWith, notify };
}

/**
 * What a shared user's update may not change of the sharing: 'Access' when it adds or removes anyone, 'Notify'
 * when it turns anyone's bell but the caller's own on or off; undefined when it is theirs to change.
 */
export function refusedSharingField(
  row: Sharing,
  metadata: MetadataUpdate,
  ownerEmail: string,
  callerEmail: string,
): 'Access' | 'Notify' | undefined {
  const after = sharingAfter(row, metadata, ownerEmail);
  if (metadata.Access && !sameSet(after.access, unique(row.access))) return 'Access';
  const before = row.notify.filter((email) => row.access.includes(email));
  const turned = [...after.notify.filter((e) => !before.includes(e)), ...before.filter((e) => !after.notify.includes(e))];
  if (turned.some((email) => email !== callerEmail)) return 'Notify';
  return undefined;
}

/** One change by a shared user as the owner's change log keeps it (docs/product/roles.md Change log). */
export interface RecordedChange {
  /** The body fields it changed: Name, Tags, Notify and the product's settings ('Timer', 'DeviceConfig.OutputPower'). */
  fields: string[];
  /** Old → new of the name, and of the caller's own bell. */
  details: { Name?: { from: string; to: string }; Notify?: { from: boolean; to: boolean } };
}

/**
 * What an update changes, in body terms, for the change log: the metadata a shared user may change and each
 * product setting whose value moves (a DeviceConfig by its own settings, so "the power" reads as such).
 */
export function recordedChange(
  row: Sharing & { name: string; tags: readonly string[]; fields: Record<string, unknown> },
  after: { name: string; tags: readonly string[]; notify: readonly string[] },
  patch: Record<string, unknown>,
  callerEmail: string,
): RecordedChange {
  const fields: string[] = [];
  const details: RecordedChange['details'] = {};
  if (after.name !== row.name) {
    fields.push('Name');
    details.Name = { from: row.name, to: after.name };
  }
  if (!sameSet(after.tags, row.tags)) fields.push('Tags');
  const was = row.notify.includes(callerEmail);
  const is = after.notify.includes(callerEmail);
  if (was !== is) {
    fields.push('Notify');
    details.Notify = { from: was, to: is };
  }
  for (const [key, value] of Object.entries(patch)) {
    if (key === 'DeviceConfig' && isPlainObject(value)) {
      for (const [inner, setting] of Object.entries(value)) {
        if (differs(at(row.fields, `${key}.${inner}`), setting)) fields.push(`${key}.${inner}`);
      }
    } else if (differs(row.fields[key], value)) fields.push(key);
  }
  return { fields, details };
}
