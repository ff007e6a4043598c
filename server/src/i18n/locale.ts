import { FALLBACK_LOCALE, matchLocale, type Locale } from '@paddock/shared/domain';

/** The supported locale an Accept-Language header (`de-CH,de;q=0.9,en;q=0.8`) asks for first, else null. */
export function acceptedLocale(header: string | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, order) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
      return { tag: tag.trim(), q: q ? Number(q[1]) : 1, order };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag } of ranked) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return null;
}

/** The best supported locale for an Accept-Language header, else en-GB. */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  return acceptedLocale(header) ?? FALLBACK_LOCALE;
}
