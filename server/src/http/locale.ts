import { isLocale, type Locale } from '@paddock/shared/domain';
import type { FastifyRequest } from 'fastify';
import { localeFromAcceptLanguage } from '../i18n/locale';

/** What the locale is read from: the headers, and the session the auth feature puts on the request. */
type LocaleSource = Pick<FastifyRequest, 'headers'> & { session?: { user: { locale: string } } | null };

/** The signed-in user's language, else the browser's (Accept-Language), else en-GB. */
export function requestLocale(request: LocaleSource): Locale {
  const userLocale = request.session?.user.locale;
  return isLocale(userLocale) ? userLocale : localeFromAcceptLanguage(request.headers['accept-language']);
}
