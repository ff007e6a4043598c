/** A time in the reader's language, date and time of day. */
export function formatDateTime(iso: string | null | undefined, locale: string): string {
  if (!iso) return '–';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
