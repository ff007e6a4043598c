// /admin/mailbox and /admin/sms-outbox (docs/product/api.md Admin): what the built-in transports sent, by recipient.
// A development tool (docs/product/admin.md "Mailbox"): with ADMIN_MAILBOX off the server answers 404, shown as "off".
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { ApiError, usersApi, useLoaded } from '@paddock/shared/api';
import type { MailboxMessage, SmsOutboxMessage } from '@paddock/shared/contract';
import { useT } from '@paddock/shared/i18n';
import { Alert, Button, Card, LoadedView, Page, TextField } from '@paddock/shared/ui';
import { formatDateTime } from '../common/format';
import { adminCommonTexts } from '../common/messages';
import { useUrlQuery } from '../common/useUrlQuery';
import { adminOutboxTexts } from './messages';

type Message = MailboxMessage | SmsOutboxMessage;

/** null: the server has the mailbox off (404). */
const unlessOff = (error: unknown): null => {
  if (error instanceof ApiError && error.status === 404) return null;
  throw error;
};

export function Outbox({ kind }: { kind: 'mail' | 'sms' }) {
  const t = useT();
  const m = adminOutboxTexts.messages;
  const c = adminCommonTexts.messages;
  const [query, setQuery] = useUrlQuery(['to']);
  const to = query.to;
  const [text, setText] = useState(to);
  const { loaded, reload } = useLoaded<Message[] | null>(
    () =>
      (kind === 'mail' ? usersApi.mailbox(to || undefined, { silent: true }) : usersApi.smsOutbox(to || undefined, { silent: true })).catch(
        unlessOff,
      ),
    [kind, to],
  );
  const off = loaded.state === 'ready' && loaded.value === null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ to: text.trim() });
  };
  return (
    <Page title={t(kind === 'mail' ? m.mailTitle : m.smsTitle)} back="/admin">
      <p>{t(kind === 'mail' ? m.mailIntro : m.smsIntro)}</p>
      {off ? <Alert kind="info">{t(kind === 'mail' ? m.mailOff : m.smsOff)}</Alert> : null}
      {off ? null : (
        <Card>
          <form className="pd-form pd-admin-search" role="search" onSubmit={submit}>
            <TextField
              label={t(m.recipient)}
              hint={t(kind === 'mail' ? m.mailRecipientHint : m.smsRecipientHint)}
              type="search"
              autoComplete="off"
              maxLength={254}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
            <Button type="submit" variant="primary">
              {t(c.search)}
            </Button>
          </form>
        </Card>
      )}
      <LoadedView loaded={loaded} failedText={(reason) => t(c.loadFailed, { reason })} retryLabel={t(c.retry)} onRetry={reload}>
        {(messages) => (messages === null ? null : <MessageList messages={messages} />)}
      </LoadedView>
    </Page>
  );
}

function MessageList({ messages }: { messages: Message[] }) {
  const t = useT();
  const intl = useIntl();
  const m = adminOutboxTexts.messages;
  if (messages.length === 0) return <p role="status">{t(adminCommonTexts.messages.noResults)}</p>;
  // Newest first, whatever order the transport keeps.
  const sorted = [...messages].sort((a, b) => b.SentAt.localeCompare(a.SentAt));
  return (
    <section aria-label={t(m.messages)}>
      <ol className="pd-admin-outbox">
        {sorted.map((message, index) => (
          <li key={`${message.SentAt}-${index}`} className="pd-card">
            <article aria-label={'Subject' in message ? message.Subject : t(m.toLine, { to: message.To })}>
              {'Subject' in message ? <h2 className="pd-admin-outbox__subject">{message.Subject}</h2> : null}
              <p className="pd-admin-outbox__meta">
                {t(m.toLine, { to: message.To })} · <time dateTime={message.SentAt}>{formatDateTime(message.SentAt, intl.locale)}</time>
              </p>
              <p className="pd-admin-outbox__text">{message.Text}</p>
            </article>
          </li>
        ))}
      </ol>
    </section>
  );
}
