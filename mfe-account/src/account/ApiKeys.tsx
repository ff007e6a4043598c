import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { apiKeysApi, showToast, useLoaded } from '@paddock/shared/api';
import { API_KEY_NAME_MAX_LENGTH, type ApiKey, type ApiKeyScope, type CreatedApiKey } from '@paddock/shared/contract';
import { Translations, useT } from '@paddock/shared/i18n';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  ConfirmDialog,
  Dialog,
  LoadedView,
  TextField,
  icons,
  useActionFailure,
  useMessageText,
  type FieldErrors,
} from '@paddock/shared/ui';
import { useSubmit } from '../common/useSubmit';
import { apiKeysTexts } from './apiKeysMessages';
import './apiKeys.css';

const TRANSLATIONS = [apiKeysTexts];
const m = apiKeysTexts.messages;
const SCOPE_TEXTS = { 'devices:read': m.scopeRead, 'plugs:control': m.scopeControl } as const;
const SCOPES = Object.keys(SCOPE_TEXTS) as ApiKeyScope[];
/** Named as on the wire (POST /users/{id}/api-keys), so a 400 or 409 naming one lands under it. */
const FIELDS = ['Name', 'Scopes'] as const;
type Field = (typeof FIELDS)[number];

/**
 * /account "API keys" (docs/product/api-keys.md): the account's keys for other software, made with a name and what
 * each may do, the key shown once to copy, revoked with a confirmation. Only the account holder makes keys (`canCreate`);
 * staff acting for them see and revoke.
 */
export function ApiKeys({ userId, canCreate }: { userId: string; canCreate: boolean }) {
  return (
    <Translations translations={TRANSLATIONS}>
      <ApiKeysSection userId={userId} canCreate={canCreate} />
    </Translations>
  );
}

function ApiKeysSection({ userId, canCreate }: { userId: string; canCreate: boolean }) {
  const t = useT();
  const { loaded, reload, replace } = useLoaded(() => apiKeysApi.list(userId, { silent: true }), [userId]);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [revokeBusy, setRevokeBusy] = useState(false);
  const revokeFailure = useActionFailure();
  const keys = loaded.state === 'ready' ? loaded.value.Keys : [];

  async function revoke(key: ApiKey) {
    setRevokeBusy(true);
    revokeFailure.clear();
    try {
      await apiKeysApi.revoke(userId, key.Id, { silent: true });
      replace({ Keys: keys.filter((other) => other.Id !== key.Id) });
      setRevoking(null);
      showToast({ kind: 'success', text: t(m.revoked, { name: key.Name }) });
    } catch (error) {
      revokeFailure.fail(error);
    } finally {
      setRevokeBusy(false);
    }
  }

  return (
    <Card>
      <section aria-labelledby="pd-api-keys-title">
        <h2 id="pd-api-keys-title" className="pd-account-section-title">
          {t(m.heading)}
        </h2>
        <p className="pd-account-intro">{t(m.intro)}</p>
        <LoadedView loaded={loaded} failedText={(reason) => t(m.loadFailed, { reason })} retryLabel={t(m.retry)} onRetry={reload}>
          {({ Keys }) =>
            Keys.length === 0 ? (
              <p className="pd-account-intro">{t(m.empty)}</p>
            ) : (
              <ul className="pd-api-keys" aria-label={t(m.heading)}>
                {Keys.map((key) => (
                  <ApiKeyItem key={key.Id} apiKey={key} onRevoke={() => setRevoking(key)} />
                ))}
              </ul>
            )
          }
        </LoadedView>
        {canCreate ? (
          <Button icon={icons.addCircle} disabled={loaded.state !== 'ready'} onClick={() => setCreating(true)}>
            {t(m.create)}
          </Button>
        ) : (
          <p className="pd-account-intro">{t(m.staffCannotCreate)}</p>
        )}
      </section>
      <CreateApiKeyDialog
        open={creating}
        userId={userId}
        onCreated={(created) => replace({ Keys: [...keys, created] })}
        onClose={() => setCreating(false)}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={t(m.revokeTitle, { name: revoking?.Name ?? '' })}
        confirmLabel={t(m.revoke)}
        danger
        busy={revokeBusy}
        error={revokeFailure.failure}
        onConfirm={() => revoking && void revoke(revoking)}
        onCancel={() => {
          setRevoking(null);
          revokeFailure.clear();
        }}
      >
        <p>{t(m.revokeBody)}</p>
      </ConfirmDialog>
    </Card>
  );
}

function ApiKeyItem({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  const t = useT();
  const intl = useIntl();
  const when = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li className="pd-api-key">
      <div className="pd-api-key__text">
        <strong>{apiKey.Name}</strong>
        <code className="pd-api-key__prefix">{apiKey.Prefix}…</code>
        <span>{apiKey.Scopes.map((scope) => t(SCOPE_TEXTS[scope])).join(' · ')}</span>
        <span className="pd-api-key__dates">
          {t(m.created, { date: when(apiKey.CreatedAt) })} ·{' '}
          {apiKey.LastUsedAt ? t(m.lastUsed, { date: when(apiKey.LastUsedAt) }) : t(m.neverUsed)}
        </span>
      </div>
      <Button variant="danger" aria-label={t(m.revokeNamed, { name: apiKey.Name })} onClick={onRevoke}>
        {t(m.revoke)}
      </Button>
    </li>
  );
}

/** Name and scopes, then the new key shown once with a copy button; closing forgets it. */
function CreateApiKeyDialog({
  open,
  userId,
  onCreated,
  onClose,
}: {
  open: boolean;
  userId: string;
  onCreated: (key: ApiKey) => void;
  onClose: () => void;
}) {
  const t = useT();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['devices:read']);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [copyFailed, setCopyFailed] = useState(false);
  const { formRef, bind, errors, clear, busy, failure, check, run } = useSubmit<Field, 'create'>(FIELDS);
  const scopesError = useMessageText(errors.Scopes);

  function close() {
    setName('');
    setScopes(['devices:read']);
    setCreated(null);
    setCopyFailed(false);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems: FieldErrors<Field> = {
      Name: name.trim() ? null : { message: m.nameRequired },
      Scopes: scopes.length ? null : { message: m.scopesRequired },
    };
    if (!check(problems)) return;
    await run('create', async () => {
      const key = await apiKeysApi.create(
        userId,
        { Name: name.trim(), Scopes: SCOPES.filter((scope) => scopes.includes(scope)) },
        { silent: true },
      );
      const { Key: _secret, ...listed } = key;
      onCreated(listed);
      setCreated(key);
    });
  }

  async function copy(key: string) {
    setCopyFailed(false);
    try {
      await navigator.clipboard.writeText(key);
      showToast({ kind: 'success', text: t(m.copied) });
    } catch {
      setCopyFailed(true);
    }
  }

  const toggle = (scope: ApiKeyScope, on: boolean) => {
    setScopes((current) => (on ? [...current, scope] : current.filter((other) => other !== scope)));
    clear('Scopes');
  };

  if (created) {
    return (
      <Dialog
        open={open}
        title={t(m.keyTitle, { name: created.Name })}
        onClose={close}
        actions={
          <Button variant="primary" onClick={close}>
            {t(m.done)}
          </Button>
        }
      >
        <Alert kind="info">{t(m.showOnce)}</Alert>
        <TextField
          label={t(m.keyLabel)}
          value={created.Key}
          readOnly
          spellCheck={false}
          autoComplete="off"
          onFocus={(e) => e.target.select()}
        />
        <Button icon={icons.contentCopy} onClick={() => void copy(created.Key)}>
          {t(m.copy)}
        </Button>
        {copyFailed ? <Alert>{t(m.copyFailed)}</Alert> : null}
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      title={t(m.createTitle)}
      onClose={close}
      error={failure?.text}
      actions={
        <>
          <Button onClick={close}>{t(m.cancel)}</Button>
          <Button variant="primary" type="submit" form="pd-api-key-form" busy={busy === 'create'}>
            {t(m.submit)}
          </Button>
        </>
      }
    >
      <form id="pd-api-key-form" ref={formRef} className="pd-form" noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          label={t(m.name)}
          autoComplete="off"
          maxLength={API_KEY_NAME_MAX_LENGTH}
          hint={t(m.nameHint, { max: API_KEY_NAME_MAX_LENGTH })}
          {...bind('Name', name, setName)}
        />
        <fieldset className="pd-account-fieldset" aria-describedby={scopesError ? 'pd-api-key-scopes-error' : undefined}>
          <legend>{t(m.scopesLegend)}</legend>
          {SCOPES.map((scope) => (
            <Checkbox
              key={scope}
              label={t(SCOPE_TEXTS[scope])}
              name="Scopes"
              checked={scopes.includes(scope)}
              onChange={(e) => toggle(scope, e.target.checked)}
            />
          ))}
          {scopesError ? (
            <p className="pd-field__error" id="pd-api-key-scopes-error" role="alert">
              {scopesError}
            </p>
          ) : null}
        </fieldset>
      </form>
    </Dialog>
  );
}
