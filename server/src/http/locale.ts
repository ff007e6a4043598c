import { isLocale, type Locale } from '@paddock/shared/domain';
import type { FastifyRequest } from 'fastify';
import { localeFromAcceptLanguage } from '../i18n/locale';

/** The signed-in user's language, else the browser's (Accept-Language), else en-GB. */
export function requestLocale(request: FastifyRequest): Locale {
  const userLocale = request.session?.user.locale;
  return isLocale(userLocale) ? userLocale : localeFromAcceptLanguage(request.headers['accept-language']);
}
