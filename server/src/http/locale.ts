import { FALLBACK_LOCALE, isLocale, type Locale } from '@paddock/shared/domain';
import type { FastifyRequest } from 'fastify';
import { acceptedLocale } from '../i18n/locale';

/** What the locale is read from: the headers, and the session the auth feature puts on the request. */
type LocaleSource = Pick<FastifyRequest, 'headers'> & { session?: { user: { locale: string } } | null };

/**
 * The caller's language (docs/product/errors.md "Error replies"): the one the call asks for (Accept-Language: the app
 * sends the language it shows, which can differ from the account's, e.g. chosen on another device or set by an embed),
 * else the signed-in user's, else en-GB. So a reply's text always reads in the language of the screen that shows it.
 */
export function requestLocale(request: LocaleSource): Locale {
  const asked = acceptedLocale(request.headers['accept-language']);
  if (asked) return asked;
  const userLocale = request.session?.user.locale;
  return isLocale(userLocale) ? userLocale : FALLBACK_LOCALE;
}
