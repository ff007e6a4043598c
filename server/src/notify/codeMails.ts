// The mails that carry a one-time code, and the account notices around them, in the recipient's language.
import { FALLBACK_LOCALE, isLocale, VARIANTS, type BrandVariant, type Locale } from '@paddock/shared/domain';
import type { FastifyBaseLogger } from 'fastify';
import { CODE_TTL_MINUTES, issueCode } from '../auth';
import type { AppContext } from '../context';
import type { CodePurpose, PendingSignUpRow, UserRow } from '../db/schema';
import { translate, type MessageKey } from '../i18n/messages';
import type { Mail } from './mail';

const CODE_MAILS: Record<CodePurpose, [MessageKey, MessageKey]> = {
  verify: ['mail_verify_subject', 'mail_verify_text'],
  reset: ['mail_reset_subject', 'mail_reset_text'],
  'email-change': ['mail_email_change_subject', 'mail_email_change_text'],
};

/** The app's name in the mails a request on a variant's host caused (docs/product/overview.md#branded-variants). */
const appOf = (variant: BrandVariant) => VARIANTS[variant].name;

export function codeMail(to: string, locale: Locale, purpose: CodePurpose, code: string, variant: BrandVariant = 'default'): Mail {
  const [subject, text] = CODE_MAILS[purpose];
  const app = appOf(variant);
  return { to, subject: translate(locale, subject, { app }), text: translate(locale, text, { code, minutes: CODE_TTL_MINUTES, app }) };
}

const localeOf = (user: UserRow): Locale => (isLocale(user.locale) ? user.locale : FALLBACK_LOCALE);

/**
 * The sender name of a mail a request on a variant's host caused (docs/product/overview.md#branded-variants): the
 * variant's name; none (MAIL_FROM's own) for the default variant.
 */
export const senderNameOf = (variant: BrandVariant): string | undefined => (variant === 'default' ? undefined : VARIANTS[variant].name);
const branded = (mail: Mail, variant: BrandVariant): Mail => ({ ...mail, senderName: senderNameOf(variant) });

/** Sends a mail; a failure is logged, not raised: the account change already happened and the reply must not differ. */
async function sendQuietly(ctx: AppContext, mail: Mail, log: FastifyBaseLogger): Promise<void> {
  try {
    await ctx.mailer.send(mail);
  } catch (error) {
    log.error({ err: error, to: mail.to }, 'could not send an account mail');
  }
}

/**
 * Issues a code to the user and mails it in their language: to the account's address, or for an e-mail change to
 * the pending address (whoever reads that mailbox proves it). The user can ask for a new code if the mail is lost.
 */
export async function deliverCode(
  ctx: AppContext,
  user: UserRow,
  purpose: CodePurpose,
  log: FastifyBaseLogger,
  variant: BrandVariant = 'default',
): Promise<void> {
  const to = purpose === 'email-change' ? user.pendingEmail : user.email;
  if (!to) return;
  const code = await issueCode(ctx.db, user.id, purpose, ctx.config.now());
  await sendQuietly(ctx, branded(codeMail(to, localeOf(user), purpose, code, variant), variant), log);
}

/** When a sign-up was asked for, in the recipient's language (UTC, as the mail cannot know the reader's zone). */
const requestedAt = (locale: Locale, at: Date): string =>
  `${new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`;

/**
 * Issues a verification code for one pending sign-up and mails it in that sign-up's language. The code confirms
 * that sign-up's password, and the mail says when it was asked for, because anyone may type the address
 * (docs/product/states.md "Session").
 */
export async function deliverSignUpCode(
  ctx: AppContext,
  user: UserRow,
  signUp: PendingSignUpRow,
  log: FastifyBaseLogger,
  variant: BrandVariant = 'default',
): Promise<void> {
  const code = await issueCode(ctx.db, user.id, 'verify', ctx.config.now(), signUp.id);
  const locale = isLocale(signUp.locale) ? signUp.locale : FALLBACK_LOCALE;
  const app = appOf(variant);
  const mail = {
    to: user.email,
    subject: translate(locale, 'mail_verify_subject', { app }),
    text: translate(locale, 'mail_sign_up_text', {
      code,
      minutes: CODE_TTL_MINUTES,
      app,
      requested: requestedAt(locale, signUp.createdAt),
    }),
  };
  await sendQuietly(ctx, branded(mail, variant), log);
}

/** Tells the account's current address that a change to `newEmail` was asked for. */
export function noticeEmailChange(
  ctx: AppContext,
  user: UserRow,
  newEmail: string,
  log: FastifyBaseLogger,
  variant: BrandVariant = 'default',
): Promise<void> {
  const locale = localeOf(user);
  const mail = {
    to: user.email,
    subject: translate(locale, 'mail_email_change_notice_subject', { app: appOf(variant) }),
    text: translate(locale, 'mail_email_change_notice_text', { email: newEmail, app: appOf(variant) }),
  };
  return sendQuietly(ctx, branded(mail, variant), log);
}

/** Tells a known address that someone tried to sign up with it (the sign-up reply itself does not). */
export function noticeSignUpAttempt(ctx: AppContext, user: UserRow, log: FastifyBaseLogger, variant: BrandVariant = 'default'): Promise<void> {
  const locale = localeOf(user);
  const app = appOf(variant);
  const mail = {
    to: user.email,
    subject: translate(locale, 'mail_sign_up_exists_subject', { app }),
    text: translate(locale, 'mail_sign_up_exists_text', { app }),
  };
  return sendQuietly(ctx, branded(mail, variant), log);
}
