// The admin record pages as labelled pages (issue 30, docs/product/admin.md "Admin screens"): a description list that
// stacks on a phone and runs in two columns on a desk, times in the reader's own time zone, Yes/No words, and a dash
// for what the record does not hold.
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useT } from '@paddock/shared/i18n';
import { adminCommonTexts } from './messages';

/** One labelled value; `value` null, undefined or '' shows as missing. */
export interface Detail {
  id: string;
  label: string;
  value: ReactNode;
}

const isMissing = (value: ReactNode) => value === null || value === undefined || value === '' || value === false;

/** "—" for a value the record does not hold; screen readers hear the word instead of the dash. */
function Missing() {
  const t = useT();
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="pd-visually-hidden">{t(adminCommonTexts.messages.notGiven)}</span>
    </>
  );
}

/** The labelled values of a record as a <dl>: stacked on a phone, label and value side by side given room (admin.css). */
export function DetailList({ items }: { items: readonly Detail[] }) {
  return (
    <dl className="pd-admin-details">
      {items.map((item) => (
        <div key={item.id} className="pd-admin-details__row">
          <dt>{item.label}</dt>
          <dd>{isMissing(item.value) ? <Missing /> : item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A time in the reader's language and time zone (the browser's), date and time of day; null when there is none. */
export function DateTime({ iso }: { iso: string | null | undefined }): ReactNode {
  const intl = useIntl();
  if (!iso) return <Missing />;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return <time dateTime={iso}>{intl.formatDate(time, { dateStyle: 'medium', timeStyle: 'short' })}</time>;
}

/** The words for a flag: Yes, No, or null (missing) when the record does not say. */
export function useYesNo() {
  const t = useT();
  const c = adminCommonTexts.messages;
  return (value: boolean | null | undefined): string | null => (typeof value === 'boolean' ? t(value ? c.yes : c.no) : null);
}
