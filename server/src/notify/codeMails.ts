// The mails that carry a one-time code, in the recipient's language.
import { FALLBACK_LOCALE, isLocale, type Locale } from '@paddock/shared/domain';
import type { FastifyBaseLogger } from 'fastify';
import { CODE_TTL_MINUTES, issueCode } from '../auth/codes';
import type { AppContext } from '../context';
import type { CodePurpose, UserRow } from '../db/schema';
import { translate } from '../i18n/messages';
import type { Mail } from './mail';

export function codeMail(to: string, locale: Locale, purpose: CodePurpose, code: string): Mail {
  const values = { code, minutes: CODE_TTL_MINUTES };
  return purpose === 'verify'
    ? { to, subject: translate(locale, 'mail_verify_subject'), text: translate(locale, 'mail_verify_text', values) }
    : { to, subject: translate(locale, 'mail_reset_subject'), text: translate(locale, 'mail_reset_text', values) };
}

/**
 * Issues a code to the user and mails it in their language. A mail failure is logged, not raised: the account
 * change already happened and the user can ask for a new code, and the reply must not differ by e-mail.
 */
export async function deliverCode(ctx: AppContext, user: UserRow, purpose: CodePurpose, log: FastifyBaseLogger): Promise<void> {
  const code = await issueCode(ctx.db, user.id, purpose, ctx.config.now());
  const locale = isLocale(user.locale) ? user.locale : FALLBACK_LOCALE;
  try {
    await ctx.mailer.send(codeMail(user.email, locale, purpose, code));
  } catch (error) {
    log.error({ err: error, to: user.email }, 'could not send the code mail');
  }
}
