// /admin/user: users whose e-mail starts with what was typed (docs/product/admin.md; GET /users?field=email&target=).
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { usersApi, useLoaded } from '@paddock/shared/api';
import type { User } from '@paddock/shared/contract';
import { useT } from '@paddock/shared/i18n';
import { Button, Card, LoadedView, Page, Table, TextField } from '@paddock/shared/ui';
import { adminCommonTexts } from '../common/messages';
import { useUrlQuery } from '../common/useUrlQuery';
import { adminUserPath } from '../devices/adminPaths';
import { adminUserTexts } from './messages';

/** A prefix can match thousands: the page lists this many and says so. */
export const USER_RESULTS_SHOWN = 50;

export function UserSearch() {
  const t = useT();
  const m = adminUserTexts.messages;
  const c = adminCommonTexts.messages;
  // The search lives in the address, so Back from a user returns to the same results.
  const [query, setQuery] = useUrlQuery(['email']);
  const target = query.email;
  const [text, setText] = useState(target);
  const { loaded, reload } = useLoaded(target ? () => usersApi.search({ field: 'email', target }, { silent: true }) : null, [target]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    setQuery({ email: value });
  };

  return (
    <Page title={t(m.searchTitle)} back="/admin">
      <Card>
        <form className="pd-form pd-admin-search" role="search" onSubmit={submit}>
          <TextField
            label={t(m.searchEmail)}
            hint={t(m.searchHint)}
            type="search"
            name="email"
            value={text}
            maxLength={254}
            autoComplete="off"
            onChange={(e) => setText(e.target.value)}
          />
          <Button type="submit" variant="primary">
            {t(c.search)}
          </Button>
        </form>
      </Card>
      {target ? (
        <LoadedView loaded={loaded} failedText={(reason) => t(c.loadFailed, { reason })} retryLabel={t(c.retry)} onRetry={reload}>
          {(users) => <UserResults users={users} />}
        </LoadedView>
      ) : null}
    </Page>
  );
}

function UserResults({ users }: { users: User[] }) {
  const t = useT();
  const m = adminUserTexts.messages;
  if (users.length === 0) return <p role="status">{t(adminCommonTexts.messages.noResults)}</p>;
  const shown = users.slice(0, USER_RESULTS_SHOWN);
  return (
    <Card>
      <Table<User>
        caption={t(m.results)}
        rows={shown}
        rowKey={(u) => u.Id}
        columns={[
          {
            key: 'email',
            header: t(m.email),
            cell: (u) => (
              <Link className="pd-admin-break" to={adminUserPath(u.Id)}>
                {u.Email}
              </Link>
            ),
          },
          { key: 'name', header: t(m.name), cell: (u) => u.Name },
          {
            key: 'verified',
            header: t(m.verified),
            cell: (u) => t(u.Verified ? adminCommonTexts.messages.yes : adminCommonTexts.messages.no),
          },
        ]}
      />
      {users.length > shown.length ? <p role="status">{t(m.capped, { shown: shown.length, total: users.length })}</p> : null}
    </Card>
  );
}
