// Tags of a device (docs/product/devices.md, docs/product/validation.md): the system tags (product type and owner) and the user's own.
import { PRODUCT_IDS, PRODUCT_INFO, type ProductId } from '../products/catalogue';
import { EMAIL_PATTERN, normalizeEmail } from './account';
import { TAG_MAX_LENGTH } from './sharing';

/** docs/product/validation.md: a tag that looks like an email is a system tag. */
export function looksLikeEmail(tag: string): boolean {
  return new RegExp(EMAIL_PATTERN).test(tag.trim());
}

/** docs/product/validation.md: system tags are the product-type tags (FarmCam SIM, FenceAlarm, FenceAlarm2, SmartPlug, SmartPlug2) and emails. */
export function isSystemTag(tag: string): boolean {
  const value = tag.trim();
  return PRODUCT_IDS.some((product) => PRODUCT_INFO[product].typeTag === value) || looksLikeEmail(value);
}

/** docs/product/validation.md: the tags a user edits — system tags hidden. */
export function editableTags(tags: readonly string[]): string[] {
  return tags.filter((t) => !isSystemTag(t));
}

/** The user's own tags (system tags aside) are at most TAG_MAX_LENGTH characters; true when they all are. */
export function tagsWithinLength(tags: readonly string[]): boolean {
  return editableTags(tags).every((tag) => tag.trim().length <= TAG_MAX_LENGTH);
}

/** docs/product/states.md, docs/product/validation.md: a new tag is trimmed and added; empty, duplicate (case-insensitive) and system tags are ignored. */
export function addTag(tags: readonly string[], input: string): string[] {
  const tag = input.trim();
  const duplicate = tags.some((t) => t.trim().toLowerCase() === tag.toLowerCase());
  if (!tag || tag.length > TAG_MAX_LENGTH || duplicate || isSystemTag(tag)) return [...tags];
  return [...tags, tag];
}

/** docs/product/screens.md, docs/product/states.md: clicking a tag toggles it in (or out of) a list — device tags or the dashboard filter. */
export function toggleTag(tags: readonly string[], tag: string): string[] {
  return tags.includes(tag) ? tags.filter((t) => t !== tag) : [...tags, tag];
}

/** docs/product/devices.md: the tags to save — the product-type tag and the owner's email, then the user's own tags. */
export function withSystemTags(product: ProductId, ownerEmail: string, tags: readonly string[]): string[] {
  const system = [PRODUCT_INFO[product].typeTag, normalizeEmail(ownerEmail)].filter(Boolean);
  return [...new Set([...system, ...editableTags(tags)])];
}
