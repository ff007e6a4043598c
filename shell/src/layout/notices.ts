// The rules of the notice banners (docs/product/screens.md Notices, docs/product/states.md Dismissed notices).
import type { Notice } from '@paddock/shared/contract';
import type { Locale } from '@paddock/shared/domain';

/** How often the shell asks for the notices again, at most (on navigation; also at sign-in and app start). */
export const NOTICES_REFRESH_MS = 5 * 60_000;

const TEXT_OF: Record<Locale, 'English' | 'German' | 'French' | 'Swedish'> = {
  'en-GB': 'English',
  'de-DE': 'German',
  'fr-FR': 'French',
  'sv-SE': 'Swedish',
};

/** The notice in the user's language; the English text when that one is empty. `lang` is the text's own language. */
export function noticeText(notice: Notice, locale: Locale): { text: string; lang: Locale } {
  const own = notice[TEXT_OF[locale]];
  return own && own.trim() ? { text: own, lang: locale } : { text: notice.English, lang: 'en-GB' };
}

/** The stored dismissed ids, whatever the storage held (another version, a hand edit): strings only. */
export function dismissedIds(stored: unknown): string[] {
  return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
}

/** Dismissed ids of notices that are still public; the same array when nothing goes, so storage is not rewritten. */
export function pruneDismissed(dismissed: string[], publicNotices: Notice[]): string[] {
  const ids = new Set(publicNotices.map((notice) => notice.Id));
  const kept = dismissed.filter((id) => ids.has(id));
  return kept.length === dismissed.length ? dismissed : kept;
}
