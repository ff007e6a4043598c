import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { showToast, useLoaded, webhooksApi } from '@paddock/shared/api';
import type { Webhook, WebhookDelivery, WebhookDeliveryPage } from '@paddock/shared/contract';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX_LENGTH,
  WEBHOOKS_PER_USER,
  type WebhookDeliveryEvent,
  type WebhookEvent,
} from '@paddock/shared/domain';
import { Translations, useT } from '@paddock/shared/i18n';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  ConfirmDialog,
  Dialog,
  LoadedView,
  Table,
  TextField,
  failureReason,
  icons,
  useActionFailure,
  useMessageText,
  type FieldErrors,
  type TableColumn,
} from '@paddock/shared/ui';
import { useSubmit } from '../common/useSubmit';
import { webhooksTexts } from './messages';
import './webhooks.css';

const TRANSLATIONS = [webhooksTexts];
const m = webhooksTexts.messages;
const EVENT_TEXTS = {
  'alarm.raised': m.eventAlarmRaised,
  'alarm.cleared': m.eventAlarmCleared,
  'device.offline': m.eventDeviceOffline,
  'device.online': m.eventDeviceOnline,
  ping: m.eventPing,
} as const satisfies Record<WebhookDeliveryEvent, unknown>;
const STATUS_TEXTS = { delivered: m.statusDelivered, pending: m.statusPending, failed: m.statusFailed } as const;
/** Named as on the wire (POST /users/{id}/webhooks), so a 400 naming one lands under it. */
const FIELDS = ['Url', 'Events'] as const;
type Field = (typeof FIELDS)[number];

/**
 * /account "Webhooks" (docs/product/webhooks.md): the account's webhooks, each with its events, On/Off, its signing
 * secret behind "Show secret", "Send test" with how it went, its delivery log, and Delete (asks first); "Add webhook"
 * takes an https address and the events. Staff acting for the account do the same (support).
 */
export function Webhooks({ userId }: { userId: string }) {
  return (
    <Translations translations={TRANSLATIONS}>
      <WebhooksSection userId={userId} />
    </Translations>
  );
}

function WebhooksSection({ userId }: { userId: string }) {
  const t = useT();
  const { loaded, reload, replace } = useLoaded(() => webhooksApi.list(userId, { silent: true }), [userId]);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const deleteFailure = useActionFailure();
  const hooks = loaded.state === 'ready' ? loaded.value.Webhooks : [];
  const full = hooks.length >= WEBHOOKS_PER_USER;

  const changed = (hook: Webhook) => replace({ Webhooks: hooks.map((other) => (other.Id === hook.Id ? hook : other)) });

  async function remove(hook: Webhook) {
    setDeleteBusy(true);
    deleteFailure.clear();
    try {
      await webhooksApi.remove(userId, hook.Id, { silent: true });
      replace({ Webhooks: hooks.filter((other) => other.Id !== hook.Id) });
      setDeleting(null);
      showToast({ kind: 'success', text: t(m.deleted) });
    } catch (error) {
      deleteFailure.fail(error);
    } finally {
      setDeleteBusy(false);
    }
  }

  return (
    <Card>
      <section aria-labelledby="pd-webhooks-title">
        <h2 id="pd-webhooks-title" className="pd-account-section-title">
          {t(m.heading)}
        </h2>
        <p className="pd-account-intro">{t(m.intro)}</p>
        <LoadedView loaded={loaded} failedText={(reason) => t(m.loadFailed, { reason })} retryLabel={t(m.retry)} onRetry={reload}>
          {({ Webhooks: list }) =>
            list.length === 0 ? (
              <p className="pd-account-intro">{t(m.empty)}</p>
            ) : (
              <ul className="pd-webhooks" aria-label={t(m.heading)}>
                {list.map((hook) => (
                  <WebhookItem key={hook.Id} userId={userId} hook={hook} onChanged={changed} onDelete={() => setDeleting(hook)} />
                ))}
              </ul>
            )
          }
        </LoadedView>
        {full ? <p className="pd-account-intro">{t(m.limitReached, { max: WEBHOOKS_PER_USER })}</p> : null}
        <Button icon={icons.addCircle} disabled={loaded.state !== 'ready' || full} onClick={() => setAdding(true)}>
          {t(m.add)}
        </Button>
      </section>
      <AddWebhookDialog
        open={adding}
        userId={userId}
        onAdded={(hook) => replace({ Webhooks: [...hooks, hook] })}
        onClose={() => setAdding(false)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t(m.deleteTitle)}
        confirmLabel={t(m.delete)}
        danger
        busy={deleteBusy}
        error={deleteFailure.failure}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => {
          setDeleting(null);
          deleteFailure.clear();
        }}
      >
        <p className="pd-webhook__url">{t(m.deleteBody, { url: deleting?.Url ?? '' })}</p>
      </ConfirmDialog>
    </Card>
  );
}

/** How a test ping went, in words. */
function testResultText(delivery: WebhookDelivery, t: ReturnType<typeof useT>): string {
  if (delivery.Status === 'delivered') return t(m.testDelivered, { code: delivery.StatusCode ?? '' });
  if (delivery.StatusCode !== null) return t(m.testFailedCode, { code: delivery.StatusCode });
  return t(m.testFailedError, { error: delivery.Error ?? t(m.noAnswer) });
}

function WebhookItem({
  userId,
  hook,
  onChanged,
  onDelete,
}: {
  userId: string;
  hook: Webhook;
  onChanged: (hook: Webhook) => void;
  onDelete: () => void;
}) {
  const t = useT();
  const [secretShown, setSecretShown] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const [logShown, setLogShown] = useState(false);
  /** Bumped after a test, so an open log shows it. */
  const [logVersion, setLogVersion] = useState(0);
  const [testing, setTesting] = useState(false);
  const [testResult, setTestResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [toggling, setToggling] = useState(false);
  const toggleFailure = useActionFailure();

  async function sendTest() {
    setTesting(true);
    setTestResult(null);
    try {
      const delivery = await webhooksApi.test(userId, hook.Id, { silent: true });
      setTestResult({ ok: delivery.Status === 'delivered', text: testResultText(delivery, t) });
      setLogVersion((version) => version + 1);
    } catch (error) {
      setTestResult({ ok: false, text: t(m.testNotSent, { reason: failureReason(error, t) }) });
    } finally {
      setTesting(false);
    }
  }

  async function toggle() {
    setToggling(true);
    toggleFailure.clear();
    try {
      onChanged(await webhooksApi.update(userId, hook.Id, { Enabled: !hook.Enabled }, { silent: true }));
    } catch (error) {
      toggleFailure.fail(error);
    } finally {
      setToggling(false);
    }
  }

  async function copy() {
    setCopyFailed(false);
    try {
      await navigator.clipboard.writeText(hook.Secret);
      showToast({ kind: 'success', text: t(m.copied) });
    } catch {
      setCopyFailed(true);
    }
  }

  return (
    <li className="pd-webhook" aria-label={hook.Url}>
      <div className="pd-webhook__head">
        <code className="pd-webhook__url">{hook.Url}</code>
        <span>{hook.Events.map((event) => t(EVENT_TEXTS[event])).join(' · ')}</span>
      </div>
      <Checkbox label={t(m.enabledLabel, { url: hook.Url })} checked={hook.Enabled} disabled={toggling} onChange={() => void toggle()} />
      {toggleFailure.failure ? <Alert>{t(m.toggleFailed, { reason: toggleFailure.failure })}</Alert> : null}
      <div className="pd-webhook__actions">
        <Button busy={testing} onClick={() => void sendTest()}>
          {t(m.sendTest)}
        </Button>
        <Button aria-expanded={logShown} onClick={() => setLogShown((shown) => !shown)}>
          {t(logShown ? m.hideLog : m.showLog)}
        </Button>
        <Button
          icon={secretShown ? icons.visibilityOff : icons.visibility}
          aria-expanded={secretShown}
          onClick={() => setSecretShown((shown) => !shown)}
        >
          {t(secretShown ? m.hideSecret : m.showSecret)}
        </Button>
        <Button variant="danger" aria-label={t(m.deleteNamed, { url: hook.Url })} onClick={onDelete}>
          {t(m.delete)}
        </Button>
      </div>
      {testResult ? (
        <p role="status" className={testResult.ok ? 'pd-webhook__result' : 'pd-webhook__result pd-webhook__result--failed'}>
          {testResult.text}
        </p>
      ) : null}
      {secretShown ? (
        <div className="pd-webhook__secret">
          <TextField
            label={t(m.secret)}
            hint={t(m.secretHint)}
            value={hook.Secret}
            readOnly
            spellCheck={false}
            autoComplete="off"
            onFocus={(e) => e.target.select()}
          />
          <Button icon={icons.contentCopy} onClick={() => void copy()}>
            {t(m.copy)}
          </Button>
          {copyFailed ? <Alert>{t(m.copyFailed)}</Alert> : null}
        </div>
      ) : null}
      {logShown ? <DeliveryLog key={logVersion} userId={userId} hook={hook} /> : null}
    </li>
  );
}

/** The webhook's deliveries, newest first, a page at a time. */
function DeliveryLog({ userId, hook }: { userId: string; hook: Webhook }) {
  const t = useT();
  const intl = useIntl();
  const { loaded, reload, replace } = useLoaded(
    () => webhooksApi.deliveries(userId, hook.Id, undefined, { silent: true }),
    [userId, hook.Id],
  );
  const [more, setMore] = useState(false);
  const moreFailure = useActionFailure();
  const when = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'medium' });

  async function loadMore(page: WebhookDeliveryPage) {
    if (!page.Next) return;
    setMore(true);
    moreFailure.clear();
    try {
      const next = await webhooksApi.deliveries(userId, hook.Id, page.Next, { silent: true });
      replace({ Deliveries: [...page.Deliveries, ...next.Deliveries], Next: next.Next });
    } catch (error) {
      moreFailure.fail(error);
    } finally {
      setMore(false);
    }
  }

  const columns: TableColumn<WebhookDelivery>[] = [
    { key: 'time', header: t(m.columnTime), cell: (row) => when(row.CreatedAt) },
    { key: 'event', header: t(m.columnEvent), cell: (row) => t(EVENT_TEXTS[row.Event]) },
    {
      key: 'status',
      header: t(m.columnStatus),
      cell: (row) =>
        row.Status === 'pending' && row.NextAttemptAt
          ? `${t(STATUS_TEXTS.pending)} (${t(m.nextAttempt, { time: intl.formatTime(row.NextAttemptAt, { timeStyle: 'short' }) })})`
          : t(STATUS_TEXTS[row.Status]),
    },
    { key: 'attempts', header: t(m.columnAttempts), cell: (row) => intl.formatNumber(row.Attempts) },
    {
      key: 'code',
      header: t(m.columnCode),
      cell: (row) => (row.StatusCode !== null ? String(row.StatusCode) : (row.Error ?? t(m.noAnswer))),
    },
  ];

  return (
    <div className="pd-webhook__log">
      <LoadedView loaded={loaded} failedText={(reason) => t(m.logFailed, { reason })} retryLabel={t(m.retry)} onRetry={reload}>
        {(page) =>
          page.Deliveries.length === 0 ? (
            <p className="pd-account-intro">{t(m.logEmpty)}</p>
          ) : (
            <>
              <Table
                caption={t(m.logCaption, { url: hook.Url })}
                hideCaption
                columns={columns}
                rows={page.Deliveries}
                rowKey={(row) => row.Id}
              />
              {moreFailure.failure ? <Alert>{t(m.logFailed, { reason: moreFailure.failure })}</Alert> : null}
              {page.Next ? (
                <Button busy={more} onClick={() => void loadMore(page)}>
                  {t(m.loadMore)}
                </Button>
              ) : null}
            </>
          )
        }
      </LoadedView>
    </div>
  );
}

/** Address and events, checked before sending; the server's 400 (not public, limit) lands under its field. */
function AddWebhookDialog({
  open,
  userId,
  onAdded,
  onClose,
}: {
  open: boolean;
  userId: string;
  onAdded: (hook: Webhook) => void;
  onClose: () => void;
}) {
  const t = useT();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const { formRef, bind, errors, clear, busy, failure, check, run } = useSubmit<Field, 'add'>(FIELDS);
  const eventsError = useMessageText(errors.Events);

  function close() {
    setUrl('');
    setEvents([...WEBHOOK_EVENTS]);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems: FieldErrors<Field> = {
      Url: /^https?:\/\/\S+$/i.test(url.trim()) ? null : { message: m.urlRequired },
      Events: events.length ? null : { message: m.eventsRequired },
    };
    if (!check(problems)) return;
    await run('add', async () => {
      const hook = await webhooksApi.create(
        userId,
        { Url: url.trim(), Events: WEBHOOK_EVENTS.filter((name) => events.includes(name)) },
        { silent: true },
      );
      onAdded(hook);
      showToast({ kind: 'success', text: t(m.added) });
      close();
    });
  }

  const toggle = (name: WebhookEvent, on: boolean) => {
    setEvents((current) => (on ? [...current, name] : current.filter((other) => other !== name)));
    clear('Events');
  };

  return (
    <Dialog
      open={open}
      title={t(m.addTitle)}
      onClose={close}
      error={failure?.text}
      actions={
        <>
          <Button onClick={close}>{t(m.cancel)}</Button>
          <Button variant="primary" type="submit" form="pd-webhook-form" busy={busy === 'add'}>
            {t(m.save)}
          </Button>
        </>
      }
    >
      <form id="pd-webhook-form" ref={formRef} className="pd-form" noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          label={t(m.url)}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          maxLength={WEBHOOK_URL_MAX_LENGTH}
          hint={t(m.urlHint)}
          {...bind('Url', url, setUrl)}
        />
        <fieldset className="pd-account-fieldset" aria-describedby={eventsError ? 'pd-webhook-events-error' : undefined}>
          <legend>{t(m.eventsLegend)}</legend>
          {WEBHOOK_EVENTS.map((name) => (
            <Checkbox
              key={name}
              label={t(EVENT_TEXTS[name])}
              name="Events"
              checked={events.includes(name)}
              onChange={(e) => toggle(name, e.target.checked)}
            />
          ))}
          {eventsError ? (
            <p className="pd-field__error" id="pd-webhook-events-error" role="alert">
              {eventsError}
            </p>
          ) : null}
        </fieldset>
      </form>
    </Dialog>
  );
}
