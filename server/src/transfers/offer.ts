// Making a transfer offer (docs/product/devices.md "Transfers"): the owner names an address; the offer is saved and
// that address is mailed, whether or not it has an account, so the owner's answer (status, body, the work done) is the
// same either way and says nothing about the address. Rate-limited per caller, per (caller, address) and per client IP,
// as each offer sends a mail.
import type { Transfer } from '@paddock/shared/contract';
import {
  FALLBACK_LOCALE,
  isLocale,
  normalizeEmail,
  PRODUCTS,
  transferExpiry,
  TRANSFER_OFFER_DAYS,
  VARIANTS,
  type Locale,
  type ProductId,
} from '@paddock/shared/domain';
import type { FastifyRequest } from 'fastify';
import { limitsFor, type AppContext } from '../context';
import type { UserRow } from '../db/schema';
import type { DeviceWithOwner } from '../devices';
import type { Config } from '../config';
import { badRequest, notFound } from '../http/errors';
import { appLink } from '../http/publicLinks';
import { requestLocale } from '../http/locale';
import { translate } from '../i18n/messages';
import { SAFE_NAME_MAX, safeDeviceName, safePlainText, senderNameOf } from '../notify';
import { findUserByEmail, findUserById } from '../users';
import { requestVariant } from '../variants';
import { saveOffer, toTransfer } from './store';

/** The page an offer's mail links to (the shell's /transfers/:id, after sign-in), under PUBLIC_URL. */
export const transferLink = (config: Pick<Config, 'publicUrl'>, id: string) => appLink(config, `/transfers/${encodeURIComponent(id)}`);

const localeOf = (user: UserRow): Locale => (isLocale(user.locale) ? user.locale : FALLBACK_LOCALE);

/**
 * What must hold before an offer is made, checked before anything else changes: 400 naming `field` when the address
 * is the owner's own, 429 once over the limits (each check counts). Returns the normalized address.
 */
export async function checkOffer(
  ctx: AppContext,
  request: FastifyRequest,
  caller: UserRow,
  device: DeviceWithOwner,
  rawEmail: string,
  field: string,
): Promise<string> {
  const { config, limiter } = ctx;
  const email = normalizeEmail(rawEmail);
  if (email === device.ownerEmail) throw badRequest('transfer_to_self', field);
  const limit = config.rateLimits.offerTransfer;
  await limiter.take([
    ...limitsFor(config, 'offerTransfer', caller.id, request.ip),
    // Per (caller, address), not per address: a count shared by all callers would let anyone use up an address's
    // offers and so keep its owner from offering to it (docs/product/devices.md "Transfers").
    { key: `offerTransfer:to:${caller.id}:${email}`, max: limit.perEmail },
  ]);
  return email;
}

/** Offers the device to `rawEmail` on its owner's behalf (the caller: the owner or an admin); checkOffer's answers first. */
export async function offerTransfer(
  ctx: AppContext,
  request: FastifyRequest,
  caller: UserRow,
  device: DeviceWithOwner,
  rawEmail: string,
  field: string,
): Promise<Transfer> {
  return makeOffer(ctx, request, device, await checkOffer(ctx, request, caller, device, rawEmail, field));
}

/** Saves the offer to a checked address (replacing the device's earlier one) and mails that address. */
export async function makeOffer(ctx: AppContext, request: FastifyRequest, device: DeviceWithOwner, email: string): Promise<Transfer> {
  const { db, config } = ctx;
  const now = config.now();
  const saved = await saveOffer(db, {
    deviceKey: device.key,
    fromUserId: device.ownerId,
    toEmail: email,
    offeredAt: now,
    expiresAt: transferExpiry(now),
  });
  // Handed over or unregistered since the caller's access was checked: as a call after that would find.
  if (!saved) throw notFound();
  const owner = (await findUserById(db, device.ownerId))!;
  // Looked up for the mail's wording and language only; the reply is built without it.
  const recipient = await findUserByEmail(db, email);
  const variant = requestVariant(request, config);
  const app = VARIANTS[variant].name;
  const from = owner.name.trim() ? `${safePlainText(owner.name, SAFE_NAME_MAX)} (${owner.email})` : owner.email;
  const values = {
    app,
    from,
    email,
    product: PRODUCTS[device.product as ProductId]?.name ?? device.product,
    name: safeDeviceName(device.name),
    link: transferLink(config, saved.id),
    days: TRANSFER_OFFER_DAYS,
  };
  const locale = recipient ? localeOf(recipient) : requestLocale(request);
  const mail = {
    to: email,
    subject: translate(locale, 'mail_transfer_subject', values),
    text: translate(locale, recipient ? 'mail_transfer_text' : 'mail_transfer_sign_up_text', values),
    senderName: senderNameOf(variant),
  };
  try {
    await ctx.mailer.send(mail);
  } catch (error) {
    // The offer stands and the answer must not differ: the owner can offer again for a new mail.
    request.log.error({ err: error }, 'could not send a transfer offer mail');
  }
  return toTransfer({ ...saved, product: device.product, deviceName: device.name, fromName: owner.name, fromEmail: owner.email });
}
