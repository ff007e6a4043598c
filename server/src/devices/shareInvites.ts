// The mail to someone a device is shared with (docs/product/states.md "Sharing"): an address the owner adds to Access
// is told who shared which device, with a link, and whether the owner chose alarm notifications for it (Notify). An
// address without an account is asked to sign up with it: access goes by e-mail, so the device is in that account's
// list from its first sign-in, as before. Queued in the transaction that saves Access (the jobs outbox, delivered by
// notify/worker.ts), so a save that fails mails nobody and a mail that fails is retried; in the invitee's language,
// else (no account yet) the owner's.
import {
  checkEmail,
  FALLBACK_LOCALE,
  isBrandVariant,
  isLocale,
  isProductId,
  PRODUCTS,
  VARIANTS,
  type BrandVariant,
  type Locale,
} from '@paddock/shared/domain';
import { and, count, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devices, shareInvitesSent, type UserRow } from '../db/schema';
import { appLink, deviceLink } from '../http/publicLinks';
import { translate } from '../i18n/messages';
import { enqueueJob } from '../jobs/queue';
import { SAFE_NAME_MAX, safeDeviceName, safePlainText, senderNameOf, type Mail, type Mailer } from '../notify';
import { findUserByEmail, findUserById } from '../users';

export const SHARE_INVITE_JOB = 'share-invite';

export interface ShareInvitePayload {
  key: string;
  /** The address given access. */
  email: string;
  /** The owner who shared it: the mail names them, and goes only while they still own the device. */
  ownerId: string;
  locale: Locale;
  /** The owner chose the device's alarm notifications for the address (it is in Notify). */
  notify: boolean;
  /** The branded variant whose host the save came from (docs/product/overview.md#branded-variants). */
  variant: BrandVariant;
}

/**
 * The addresses `next` gives access to that `before` did not, the owner's aside. Only e-mail addresses: an entry that
 * is none may be kept (docs/product/validation.md), but no mail can reach it.
 */
export function newlyShared(before: readonly string[], next: readonly string[], ownerEmail: string): string[] {
  return next.filter((email) => email !== ownerEmail && !before.includes(email) && checkEmail(email) === null);
}

const localeOf = (user: Pick<UserRow, 'locale'> | undefined): Locale | undefined => (user && isLocale(user.locale) ? user.locale : undefined);

/** One address is mailed at most once in this time per device, however often it is removed and added again. */
export const SHARE_INVITE_REPEAT_MS = 24 * 60 * 60_000;
/** An owner's share mails in that time, at most; access is still given beyond it, only without a mail. */
export const SHARE_INVITES_PER_OWNER = 100;

/**
 * Whether the mail to `email` may go, counting it in `share_invites_sent` if so: not when the address was mailed for
 * this device in the last day, nor when the owner has sent their day's allowance.
 */
async function countShareInvite(tx: Db, device: { key: string; ownerId: string }, email: string, now: Date): Promise<boolean> {
  const dayAgo = new Date(now.getTime() - SHARE_INVITE_REPEAT_MS);
  const [{ sent }] = await tx
    .select({ sent: count() })
    .from(shareInvitesSent)
    .where(and(eq(shareInvitesSent.ownerId, device.ownerId), gt(shareInvitesSent.sentAt, dayAgo)));
  if (sent >= SHARE_INVITES_PER_OWNER) return false;
  const counted = await tx
    .insert(shareInvitesSent)
    .values({ deviceKey: device.key, email, ownerId: device.ownerId, sentAt: now })
    .onConflictDoUpdate({
      target: [shareInvitesSent.deviceKey, shareInvitesSent.email],
      set: { ownerId: device.ownerId, sentAt: now },
      setWhere: lte(shareInvitesSent.sentAt, dayAgo),
    })
    .returning({ email: shareInvitesSent.email });
  return counted.length > 0;
}

/**
 * Queues the mail to each address in `emails`, in `tx` (the transaction that saves Access), within the limits above
 * (docs/product/states.md "Sharing"); the owner's rows older than a day go first.
 */
export async function enqueueShareInvites(
  tx: Db,
  device: { key: string; ownerId: string },
  owner: Pick<UserRow, 'locale'> | undefined,
  emails: readonly string[],
  notify: readonly string[],
  variant: BrandVariant,
  now: Date,
): Promise<void> {
  await tx
    .delete(shareInvitesSent)
    .where(and(eq(shareInvitesSent.ownerId, device.ownerId), lte(shareInvitesSent.sentAt, new Date(now.getTime() - SHARE_INVITE_REPEAT_MS))));
  for (const email of emails) {
    if (!(await countShareInvite(tx, device, email, now))) continue;
    const locale = localeOf(await findUserByEmail(tx, email)) ?? localeOf(owner) ?? FALLBACK_LOCALE;
    const payload: ShareInvitePayload = { key: device.key, email, ownerId: device.ownerId, locale, notify: notify.includes(email), variant };
    await enqueueJob(tx, SHARE_INVITE_JOB, { ...payload }, now);
  }
}

/**
 * The mail: to an account, a link to the device's page; to an address without one, a link to sign-up with the
 * address filled in. Names are plain text (notify/safeDeviceName.ts): whoever has access may have chosen them.
 */
function shareInviteMail(
  payload: ShareInvitePayload,
  owner: Pick<UserRow, 'name' | 'email'>,
  device: { key: string; name: string; product: string },
  hasAccount: boolean,
  publicUrl: string,
): Mail {
  const variant = isBrandVariant(payload.variant) ? payload.variant : 'default';
  const app = VARIANTS[variant].name;
  const product = isProductId(device.product) ? device.product : null;
  const link =
    hasAccount && product
      ? deviceLink({ publicUrl }, product, device.key)
      : appLink({ publicUrl }, `/create-account?email=${encodeURIComponent(payload.email)}`);
  const { locale } = payload;
  const values = {
    app,
    from: owner.name.trim() ? `${safePlainText(owner.name, SAFE_NAME_MAX)} (${owner.email})` : owner.email,
    email: payload.email,
    product: product ? PRODUCTS[product].name : device.product,
    name: safeDeviceName(device.name),
    link,
    notify: translate(locale, payload.notify ? 'mail_share_notify_on' : 'mail_share_notify_off'),
  };
  return {
    to: payload.email,
    subject: translate(locale, 'mail_share_subject', values),
    text: translate(locale, hasAccount ? 'mail_share_text' : 'mail_share_sign_up_text', values),
    senderName: senderNameOf(variant),
  };
}

interface ShareInviteDeps {
  db: Db;
  mailer: Mailer;
  /** PUBLIC_URL: the origin of the link (http/publicLinks.ts). */
  publicUrl: string;
}

/**
 * Delivers one queued mail (notify/worker.ts), unless the sharing was undone before it went: the address is no longer
 * in Access, or the device was unregistered or changed hands.
 */
export async function deliverShareInvite(deps: ShareInviteDeps, payload: ShareInvitePayload): Promise<void> {
  const [device] = await deps.db.select().from(devices).where(eq(devices.key, payload.key));
  if (!device || device.ownerId !== payload.ownerId || !device.access.includes(payload.email)) return;
  const owner = await findUserById(deps.db, payload.ownerId);
  if (!owner) return;
  const hasAccount = (await findUserByEmail(deps.db, payload.email)) !== undefined;
  await deps.mailer.send(shareInviteMail(payload, owner, device, hasAccount, deps.publicUrl));
}
