// /admin/audit (docs/product/admin.md Audit log): what staff did, newest first, filtered by staff member, customer,
// device and dates, a page at a time (Load more); each entry with the fields it changed.
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { adminApi, useLoaded } from '@paddock/shared/api';
import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditPage, type AuditQuery } from '@paddock/shared/contract';
import { useT } from '@paddock/shared/i18n';
import { Button, Card, DateField, LoadedView, Page, TextField, useFormErrors, type FieldErrors } from '@paddock/shared/ui';
import { formatDateTime } from '../common/format';
import { adminCommonTexts } from '../common/messages';
import { useUrlQuery } from '../common/useUrlQuery';
import { changedFields } from './diff';
import { adminAuditTexts, AUDIT_ACTION_TEXTS } from './messages';

const m = adminAuditTexts.messages;
const FILTERS = ['staff', 'user', 'device', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];
type Filters = Record<Filter, string>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The query of GET /admin/audit from the filters: dates are whole local days (from its start, to its end). */
export function auditQuery(filters: Filters): AuditQuery {
  const query: AuditQuery = { limit: AUDIT_PAGE_SIZE };
  if (filters.staff.trim()) query.staff = filters.staff.trim();
  if (filters.user.trim()) query.user = filters.user.trim();
  if (filters.device.trim()) query.device = filters.device.replace(/\s+/g, '');
  if (DATE.test(filters.from)) query.from = new Date(`${filters.from}T00:00:00`).toISOString();
  if (DATE.test(filters.to)) query.to = new Date(new Date(`${filters.to}T00:00:00`).getTime() + 86_400_000 - 1).toISOString();
  return query;
}

function checkFilters(filters: Filters): FieldErrors<Filter> {
  const errors: FieldErrors<Filter> = {};
  for (const key of ['from', 'to'] as const) if (filters[key] && !DATE.test(filters[key])) errors[key] = { message: m.dateInvalid };
  if (!errors.from && !errors.to && filters.from && filters.to && filters.to < filters.from) errors.to = { message: m.toBeforeFrom };
  return errors;
}

export function AuditLog() {
  const t = useT();
  const c = adminCommonTexts.messages;
  const [applied, setApplied, signature] = useUrlQuery(FILTERS);
  const [draft, setDraft] = useState<Filters>(applied);
  const { formRef, show, bind } = useFormErrors(FILTERS);
  const { loaded, reload } = useLoaded(() => adminApi.audit(auditQuery(applied), { silent: true }), [signature]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!show(checkFilters(draft))) return;
    setApplied(Object.fromEntries(FILTERS.map((f) => [f, draft[f].trim()])) as Filters);
  };
  const field = (name: Filter) => bind(name, draft[name], (value) => setDraft((d) => ({ ...d, [name]: value })));

  return (
    <Page title={t(m.title)} back="/admin">
      <Card>
        <form ref={formRef} className="pd-form pd-admin-filters" role="search" aria-label={t(m.filters)} noValidate onSubmit={submit}>
          <TextField label={t(m.staff)} hint={t(m.staffHint)} autoComplete="off" maxLength={254} {...field('staff')} />
          <TextField label={t(m.user)} hint={t(m.userHint)} autoComplete="off" maxLength={254} {...field('user')} />
          <TextField label={t(m.device)} inputMode="numeric" autoComplete="off" maxLength={20} {...field('device')} />
          <DateField label={t(m.from)} {...field('from')} />
          <DateField label={t(m.to)} {...field('to')} />
          <Button type="submit" variant="primary">
            {t(m.apply)}
          </Button>
        </form>
      </Card>
      <LoadedView loaded={loaded} failedText={(reason) => t(c.loadFailed, { reason })} retryLabel={t(c.retry)} onRetry={reload}>
        {(page) => <AuditEntries key={signature} first={page} query={auditQuery(applied)} />}
      </LoadedView>
    </Page>
  );
}

function AuditEntries({ first, query }: { first: AuditPage; query: AuditQuery }) {
  const t = useT();
  const c = adminCommonTexts.messages;
  const [entries, setEntries] = useState(first.Entries);
  const [next, setNext] = useState(first.Next);
  const [busy, setBusy] = useState(false);
  const more = async () => {
    if (!next) return;
    setBusy(true);
    try {
      const page = await adminApi.audit({ ...query, before: next });
      setEntries((shown) => [...shown, ...page.Entries]);
      setNext(page.Next);
    } catch {
      // the shared failed-reply handler has shown why; what is shown stays
    } finally {
      setBusy(false);
    }
  };
  if (entries.length === 0) return <p role="status">{t(m.none)}</p>;
  return (
    <section aria-label={t(m.entries)}>
      <ol className="pd-admin-audit">
        {entries.map((entry) => (
          <li key={entry.Id}>
            <AuditItem entry={entry} />
          </li>
        ))}
      </ol>
      {next ? (
        <Button busy={busy} onClick={() => void more()}>
          {t(c.more)}
        </Button>
      ) : null}
    </section>
  );
}

function AuditItem({ entry }: { entry: AuditEntry }) {
  const t = useT();
  const intl = useIntl();
  const changes = changedFields(entry.Before, entry.After);
  const failed = entry.Status >= 400;
  return (
    <article className="pd-card pd-admin-audit__entry" aria-label={`${formatDateTime(entry.At, intl.locale)} ${t(AUDIT_ACTION_TEXTS[entry.Action])}`}>
      <header className="pd-admin-audit__head">
        <strong title={entry.Action}>{t(AUDIT_ACTION_TEXTS[entry.Action])}</strong>
        <time dateTime={entry.At}>{formatDateTime(entry.At, intl.locale)}</time>
      </header>
      <p>
        {t(m.by, { staff: entry.Staff.Email })}
        {entry.ActingAs ? ` ${t(m.actingAs, { user: entry.ActingAs.Email })}` : ''}
      </p>
      <p className="pd-admin-audit__call">
        <code>
          {entry.Method} {entry.Path}
        </code>{' '}
        <span className={failed ? 'pd-admin-status pd-admin-status--bad' : 'pd-admin-status'}>{t(m.status, { status: entry.Status })}</span>
      </p>
      {entry.Before === null && entry.After === null ? null : changes.length === 0 ? (
        <p>{t(m.noChange)}</p>
      ) : (
        <table className="pd-admin-diff">
          <caption className="pd-table__caption">{t(m.changed)}</caption>
          <thead>
            <tr>
              <th scope="col">{t(m.field)}</th>
              <th scope="col">{t(m.before)}</th>
              <th scope="col">{t(m.after)}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.path}>
                <th scope="row">
                  <code>{change.path || '–'}</code>
                </th>
                <td className="pd-admin-diff__before">
                  <code>{change.before ?? t(m.absent)}</code>
                </td>
                <td className="pd-admin-diff__after">
                  <code>{change.after ?? t(m.absent)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {entry.Before === null && entry.After === null ? null : (
        <details>
          <summary>{t(m.records)}</summary>
          <div className="pd-admin-sides">
            <div>
              <h3>{t(m.before)}</h3>
              <pre className="pd-admin-json" tabIndex={0}>
                {JSON.stringify(entry.Before, null, 2)}
              </pre>
            </div>
            <div>
              <h3>{t(m.after)}</h3>
              <pre className="pd-admin-json" tabIndex={0}>
                {JSON.stringify(entry.After, null, 2)}
              </pre>
            </div>
          </div>
        </details>
      )}
    </article>
  );
}
