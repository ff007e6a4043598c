// Sharing (Access, Notify, owner) of a device and the limits of its tags (docs/product/devices.md, docs/product/states.md, docs/product/validation.md, docs/product/roles.md); the tag rules,
// which know the product-type tags, are in tags.ts.
import { normalizeEmail } from './account';

/** At most this many emails in Access or Notify, and tags on a device (chosen). */
export const SHARING_MAX_EMAILS = 50;
export const TAGS_MAX = 50;
export const TAG_MAX_LENGTH = 40;

export interface SharingValue {
  Access: string[];
  Notify: string[];
}

const sameEmail = (a: string, b: string) => normalizeEmail(a) === normalizeEmail(b);

/** docs/product/roles.md: the device owner is the user whose email equals Metadata.OwnerEmail (compared case-insensitively). */
export function isDeviceOwner(userEmail: string | null | undefined, ownerEmail: string): boolean {
  return !!userEmail && !!ownerEmail && sameEmail(userEmail, ownerEmail);
}

/** docs/product/states.md, docs/product/validation.md: Invite adds the trimmed, lowercased email to Access; empty input and duplicates are ignored; no format check. */
export function inviteEmail(access: readonly string[], input: string): string[] {
  const email = normalizeEmail(input);
  if (!email || access.some((a) => sameEmail(a, email))) return [...access];
  return [...access, email];
}

/** docs/product/states.md: every row but the owner's can be removed. */
export function canRemoveAccess(email: string, ownerEmail: string): boolean {
  return !sameEmail(email, ownerEmail);
}

/** docs/product/states.md: the close icon removes an email from Access (and from Notify); the owner cannot be removed. */
export function removeAccess(sharing: SharingValue, email: string, ownerEmail: string): SharingValue {
  if (!canRemoveAccess(email, ownerEmail)) return { Access: [...sharing.Access], Notify: [...sharing.Notify] };
  return {
    Access: sharing.Access.filter((a) => !sameEmail(a, email)),
    Notify: sharing.Notify.filter((n) => !sameEmail(n, email)),
  };
}

/** docs/product/states.md: the bell toggles notification for an email. */
export function toggleNotify(notify: readonly string[], email: string): string[] {
  return notify.some((n) => sameEmail(n, email)) ? notify.filter((n) => !sameEmail(n, email)) : [...notify, normalizeEmail(email)];
}

/** docs/product/roles.md: the owner selector's choices are the emails in Access (the current owner included). */
export function ownerChoices(access: readonly string[], ownerEmail: string): string[] {
  return access.some((a) => sameEmail(a, ownerEmail)) ? [...access] : [ownerEmail, ...access];
}
