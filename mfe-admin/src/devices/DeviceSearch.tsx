// /admin/{product} (docs/product/admin.md Device search): by key prefix and by owner e-mail prefix, a page at a time.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { adminApi, useLoaded } from '@paddock/shared/api';
import { ADMIN_SEARCH_PAGE_SIZE, type AdminDevicePage, type AdminDeviceSummary } from '@paddock/shared/contract';
import { PRODUCT_INFO, normalizeDeviceKey, type ProductId } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Button, Card, LoadedView, Page, Table, TextField, useFormErrors } from '@paddock/shared/ui';
import { useIntl } from 'react-intl';
import { formatDateTime } from '../common/format';
import { adminCommonTexts } from '../common/messages';
import { useUrlQuery } from '../common/useUrlQuery';
import { adminDevicePath } from './adminPaths';
import { adminDeviceTexts } from './messages';

const FIELDS = ['key', 'owner'] as const;

export function DeviceSearch({ product }: { product: ProductId }) {
  const t = useT();
  const m = adminDeviceTexts.messages;
  const c = adminCommonTexts.messages;
  const info = PRODUCT_INFO[product];
  // The search lives in the address, so Back from a device returns to the same results.
  const [query, setQuery] = useUrlQuery(['key', 'owner']);
  const { key, owner } = query;
  const [keyText, setKeyText] = useState(key);
  const [ownerText, setOwnerText] = useState(owner);
  const { formRef, show, bind } = useFormErrors(FIELDS);
  const { loaded, reload } = useLoaded(
    () => adminApi.searchDevices(product, { key, owner, limit: ADMIN_SEARCH_PAGE_SIZE }, { silent: true }),
    [product, key, owner],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const nextKey = normalizeDeviceKey(keyText);
    if (!show({ key: /^[0-9]*$/.test(nextKey) ? null : { message: m.digitsOnly } })) return;
    setQuery({ key: nextKey, owner: ownerText.trim() });
  };

  return (
    <Page title={info.name} back="/admin">
      <Card>
        <form ref={formRef} className="pd-form pd-admin-search" role="search" noValidate onSubmit={submit}>
          <TextField
            label={t(m.searchKey, { field: info.keyField.toUpperCase() })}
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            {...bind('key', keyText, setKeyText)}
          />
          <TextField
            label={t(m.searchOwner)}
            type="search"
            autoComplete="off"
            maxLength={254}
            {...bind('owner', ownerText, setOwnerText)}
          />
          <Button type="submit" variant="primary">
            {t(c.search)}
          </Button>
        </form>
      </Card>
      <LoadedView loaded={loaded} failedText={(reason) => t(c.loadFailed, { reason })} retryLabel={t(c.retry)} onRetry={reload}>
        {(page) => <DeviceResults key={`${key}|${owner}`} product={product} first={page} query={{ key, owner }} />}
      </LoadedView>
    </Page>
  );
}

/** The first page and the ones Load more appended; a failed Load more keeps what is shown (the toast says why). */
function DeviceResults({ product, first, query }: { product: ProductId; first: AdminDevicePage; query: { key: string; owner: string } }) {
  const t = useT();
  const intl = useIntl();
  const m = adminDeviceTexts.messages;
  const c = adminCommonTexts.messages;
  const [devices, setDevices] = useState(first.Devices);
  const [next, setNext] = useState(first.Next);
  const [busy, setBusy] = useState(false);
  const more = async () => {
    if (!next) return;
    setBusy(true);
    try {
      const page = await adminApi.searchDevices(product, { ...query, after: next, limit: ADMIN_SEARCH_PAGE_SIZE });
      setDevices((shown) => [...shown, ...page.Devices]);
      setNext(page.Next);
    } catch {
      // the shared failed-reply handler has shown why
    } finally {
      setBusy(false);
    }
  };
  if (devices.length === 0) return <p role="status">{t(c.noResults)}</p>;
  const info = PRODUCT_INFO[product];
  return (
    <Card>
      <Table<AdminDeviceSummary>
        caption={t(m.results, { product: info.name })}
        rows={devices}
        rowKey={(d) => d.Key}
        columns={[
          { key: 'key', header: info.keyField.toUpperCase(), cell: (d) => <Link to={adminDevicePath(product, d.Key)}>{d.Key}</Link> },
          { key: 'name', header: t(m.name), cell: (d) => d.Name },
          { key: 'owner', header: t(m.owner), cell: (d) => <span className="pd-admin-break">{d.OwnerEmail}</span> },
          { key: 'registered', header: t(m.registered), cell: (d) => formatDateTime(d.RegisteredAt, intl.locale) },
          { key: 'connection', header: t(m.connection), cell: (d) => t(d.Online ? m.online : m.offline) },
        ]}
      />
      {next ? (
        <Button busy={busy} onClick={() => void more()}>
          {t(c.more)}
        </Button>
      ) : null}
    </Card>
  );
}
