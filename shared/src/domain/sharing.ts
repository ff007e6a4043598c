// Sharing (Access, Notify, owner) and tags of a device (SPEC §3, §4, §5, §6).
import { EMAIL_PATTERN, normalizeEmail } from './account';
import { PRODUCT_IDS, PRODUCTS, type ProductId } from './products';

/** At most this many emails in Access or Notify, and tags on a device (chosen). */
export const SHARING_MAX_EMAILS = 50;
export const TAGS_MAX = 50;
export const TAG_MAX_LENGTH = 40;

export interface SharingValue {
  Access: string[];
  Notify: string[];
}

const sameEmail = (a: string, b: string) => normalizeEmail(a) === normalizeEmail(b);

/** SPEC §6: the device owner is the user whose email equals Metadata.OwnerEmail (compared case-insensitively). */
export function isDeviceOwner(userEmail: string | null | undefined, ownerEmail: string): boolean {
  return !!userEmail && !!ownerEmail && sameEmail(userEmail, ownerEmail);
}

/** SPEC §4/§5: Invite adds the trimmed, lowercased email to Access; empty input and duplicates are ignored; no format check. */
export function inviteEmail(access: readonly string[], input: string): string[] {
  const email = normalizeEmail(input);
  if (!email || access.some((a) => sameEmail(a, email))) return [...access];
  return [...access, email];
}

/** SPEC §4: every row but the owner's can be removed. */
export function canRemoveAccess(email: string, ownerEmail: string): boolean {
  return !sameEmail(email, ownerEmail);
}

/** SPEC §4: the close icon removes an email from Access (and from Notify); the owner cannot be removed. */
export function removeAccess(sharing: SharingValue, email: string, ownerEmail: string): SharingValue {
  if (!canRemoveAccess(email, ownerEmail)) return { Access: [...sharing.Access], Notify: [...sharing.Notify] };
  return {
    Access: sharing.Access.filter((a) => !sameEmail(a, email)),
    Notify: sharing.Notify.filter((n) => !sameEmail(n, email)),
  };
}

/** SPEC §4: the bell toggles notification for an email. */
export function toggleNotify(notify: readonly string[], email: string): string[] {
  return notify.some((n) => sameEmail(n, email)) ? notify.filter((n) => !sameEmail(n, email)) : [...notify, normalizeEmail(email)];
}

/** SPEC §6: the owner selector's choices are the emails in Access (the current owner included). */
export function ownerChoices(access: readonly string[], ownerEmail: string): string[] {
  return access.some((a) => sameEmail(a, ownerEmail)) ? [...access] : [ownerEmail, ...access];
}

/** SPEC §5: a tag that looks like an email is a system tag. */
export function looksLikeEmail(tag: string): boolean {
  return new RegExp(EMAIL_PATTERN).test(tag.trim());
}

/** SPEC §5: system tags are the product-type tags (FarmCam SIM, FenceAlarm, FenceAlarm2, SmartPlug, SmartPlug2) and emails. */
export function isSystemTag(tag: string): boolean {
  const value = tag.trim();
  return PRODUCT_IDS.some((p) => PRODUCTS[p].typeTag === value) || looksLikeEmail(value);
}

/** SPEC §5: the tags a user edits — system tags hidden. */
export function editableTags(tags: readonly string[]): string[] {
  return tags.filter((t) => !isSystemTag(t));
}

/** The user's own tags (system tags aside) are at most TAG_MAX_LENGTH characters; true when they all are. */
export function tagsWithinLength(tags: readonly string[]): boolean {
  return editableTags(tags).every((tag) => tag.trim().length <= TAG_MAX_LENGTH);
}

/** SPEC §4/§5: a new tag is trimmed and added; empty, duplicate (case-insensitive) and system tags are ignored. */
export function addTag(tags: readonly string[], input: string): string[] {
  const tag = input.trim();
  const duplicate = tags.some((t) => t.trim().toLowerCase() === tag.toLowerCase());
  if (!tag || tag.length > TAG_MAX_LENGTH || duplicate || isSystemTag(tag)) return [...tags];
  return [...tags, tag];
}

/** SPEC §2/§4: clicking a tag toggles it in (or out of) a list — device tags or the dashboard filter. */
export function toggleTag(tags: readonly string[], tag: string): string[] {
  return tags.includes(tag) ? tags.filter((t) => t !== tag) : [...tags, tag];
}

/** SPEC §3: the tags to save — the product-type tag and the owner's email, then the user's own tags. */
export function withSystemTags(product: ProductId, ownerEmail: string, tags: readonly string[]): string[] {
  const system = [PRODUCTS[product].typeTag, normalizeEmail(ownerEmail)].filter(Boolean);
  return [...new Set([...system, ...editableTags(tags)])];
}
