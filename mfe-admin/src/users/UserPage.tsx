// /admin/user/{id} (docs/product/admin.md): the account as labelled values (the JSON behind a toggle), its devices,
// and what staff can do to it.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { adminApi, paymentCustomerUrl, showToast, usersApi, useLoaded } from '@paddock/shared/api';
import type { DeviceList, User } from '@paddock/shared/contract';
import { energyPriceAmount, formatMoney, PRODUCT_IDS, PRODUCT_INFO, type ProductId } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Actions, Button, Card, Icon, LoadedView, Page, Table, icons } from '@paddock/shared/ui';
import { DetailList, useYesNo, type Detail } from '../common/Details';
import { adminCommonTexts } from '../common/messages';
import { RawData } from '../common/RawData';
import { useImpersonate } from '../common/useImpersonate';
import { adminDevicePath, adminUserPath } from '../devices/adminPaths';
import { adminUserTexts } from './messages';

export function UserPage({ id }: { id: string }) {
  const t = useT();
  const c = adminCommonTexts.messages;
  const { loaded, reload, replace } = useLoaded(() => usersApi.get(id, { silent: true }), [id]);
  // Long addresses break anywhere rather than push the page wider than a phone.
  const title = (
    <span className="pd-admin-break">
      {loaded.state === 'ready'
        ? t(adminUserTexts.messages.userTitle, { email: loaded.value.Email })
        : t(adminUserTexts.messages.userLoading)}
    </span>
  );
  return (
    <Page title={title} subtitle={t(adminUserTexts.messages.idLine, { id })} back="/admin/user">
      <LoadedView loaded={loaded} failedText={(reason) => t(c.loadFailed, { reason })} retryLabel={t(c.retry)} onRetry={reload}>
        {(user) => (
          <>
            <UserActions user={user} onChange={replace} />
            <Card aria-label={t(adminUserTexts.messages.account)}>
              <h2>{t(adminUserTexts.messages.account)}</h2>
              <AccountDetails user={user} />
              <RawData value={user} name={user.Email} />
            </Card>
            <UserDevices id={id} />
          </>
        )}
      </LoadedView>
    </Page>
  );
}

/**
 * The account's fields in words (docs/product/admin.md "Admin screens"): what GET /users/{id} holds, each labelled;
 * a record from an older server may lack some, which then show as missing rather than breaking the page.
 */
function AccountDetails({ user }: { user: User }) {
  const t = useT();
  const intl = useIntl();
  const yesNo = useYesNo();
  const m = adminUserTexts.messages;
  const u = user as Partial<User>;
  const address = [u.Addr1, u.Addr2].filter(Boolean);
  const displayName = (code: string | undefined, type: 'region' | 'language') => {
    if (!code) return null;
    try {
      return intl.formatDisplayName(code, { type }) ?? code;
    } catch {
      return code;
    }
  };
  const price = u.EnergyPrice;
  const items: Detail[] = [
    { id: 'email', label: t(m.email), value: u.Email },
    ...(u.PendingEmail ? [{ id: 'pendingEmail', label: t(m.pendingEmail), value: u.PendingEmail }] : []),
    { id: 'verified', label: t(m.verified), value: yesNo(u.Verified) },
    { id: 'name', label: t(m.name), value: u.Name },
    {
      id: 'address',
      label: t(m.address),
      value: address.length ? address.map((line) => <div key={line}>{line}</div>) : null,
    },
    { id: 'postcode', label: t(m.postcode), value: u.PostalCode },
    { id: 'town', label: t(m.town), value: u.Town },
    { id: 'country', label: t(m.country), value: displayName(u.Country, 'region') },
    { id: 'vat', label: t(m.vatNumber), value: u.Vatin },
    { id: 'phone', label: t(m.phone), value: u.Phone },
    { id: 'language', label: t(m.language), value: displayName(u.Locale, 'language') },
    {
      id: 'type',
      label: t(m.accountType),
      value: u.AccountType ? t(u.AccountType === 'admin' ? m.accountStaff : m.accountCustomer) : null,
    },
    { id: 'customer', label: t(m.customerId), value: u.CustomerId },
    { id: 'emailBilling', label: t(m.emailBilling), value: yesNo(u.EmailNotifications?.Billing) },
    { id: 'emailDevice', label: t(m.emailDevice), value: yesNo(u.EmailNotifications?.Device) },
    { id: 'emailMarketing', label: t(m.emailMarketing), value: yesNo(u.EmailNotifications?.Marketing) },
    { id: 'push', label: t(m.pushNotifications), value: yesNo(u.PushNotifications?.Enabled) },
    { id: 'sms', label: t(m.smsNotifications), value: yesNo(u.SmsNotifications?.Enabled) },
    {
      id: 'smsBalance',
      label: t(m.smsBalance),
      value: typeof u.SmsNotifications?.Balance === 'number' ? intl.formatNumber(u.SmsNotifications.Balance) : null,
    },
    {
      id: 'energyPrice',
      label: t(m.energyPrice),
      // Up to four decimals, as the owner typed it (docs/product/limits.md "Energy price").
      value: price ? t(m.perKwh, { price: formatMoney(intl.locale, energyPriceAmount(price.PerKwh), price.Currency, 4) }) : null,
    },
  ];
  return <DetailList items={items} />;
}

function UserActions({ user, onChange }: { user: User; onChange: (user: User) => void }) {
  const t = useT();
  const m = adminUserTexts.messages;
  const impersonate = useImpersonate();
  const [verifying, setVerifying] = useState(false);
  // The dashboard link is Stripe's: with the built-in provider there is no dashboard to open (docs/product/admin.md).
  const { loaded: provider } = useLoaded(() => adminApi.paymentProvider({ silent: true }), []);
  const stripe = provider.state === 'ready' && provider.value.Provider === 'stripe';
  const verify = async () => {
    setVerifying(true);
    try {
      onChange(await usersApi.markVerified(user.Id));
      showToast({ kind: 'success', message: m.verifiedDone });
    } catch {
      // the shared failed-reply handler has shown why
    } finally {
      setVerifying(false);
    }
  };
  return (
    <Actions>
      <Button variant="primary" icon={icons.login} busy={impersonate.busy} onClick={() => void impersonate.start('id', user.Id)}>
        {t(adminCommonTexts.messages.impersonate)}
      </Button>
      {user.CustomerId && stripe ? (
        // The provider's dashboard differs between test and production hosts (docs/product/api.md).
        <a className="pd-btn pd-btn--secondary" href={paymentCustomerUrl(user.CustomerId)} target="_blank" rel="noopener noreferrer">
          <Icon icon={icons.language} />
          {t(m.openCustomer)} <span className="pd-visually-hidden">{t(m.newWindow)}</span>
        </a>
      ) : null}
      <Link className="pd-btn pd-btn--secondary" to={adminUserPath(user.Id, 'email')}>
        {t(m.setEmail)}
      </Link>
      {user.Verified ? null : (
        <Button icon={icons.checkCircle} busy={verifying} onClick={() => void verify()}>
          {t(m.verify)}
        </Button>
      )}
    </Actions>
  );
}

interface DeviceRow {
  product: ProductId;
  key: string;
  name: string;
}

/** Every device of the five arrays, linked to its admin page. */
export function deviceRows(list: DeviceList): DeviceRow[] {
  return PRODUCT_IDS.flatMap((product) => {
    const info = PRODUCT_INFO[product];
    const devices = (list as unknown as Record<string, Record<string, unknown>[] | undefined>)[info.listKey] ?? [];
    return devices.map((device) => ({
      product,
      key: String(device[info.keyField] ?? ''),
      name: String((device.Metadata as { Name?: string } | undefined)?.Name ?? ''),
    }));
  });
}

function UserDevices({ id }: { id: string }) {
  const t = useT();
  const m = adminUserTexts.messages;
  const c = adminCommonTexts.messages;
  const { loaded, reload } = useLoaded(() => usersApi.devices(id, { silent: true }), [id]);
  return (
    <Card aria-label={t(m.devices)}>
      <h2>{t(m.devices)}</h2>
      <LoadedView loaded={loaded} failedText={(reason) => t(c.loadFailed, { reason })} retryLabel={t(c.retry)} onRetry={reload}>
        {(list) => {
          const rows = deviceRows(list);
          if (rows.length === 0) return <p>{t(m.noDevices)}</p>;
          return (
            <Table<DeviceRow>
              caption={t(m.devices)}
              hideCaption
              rows={rows}
              rowKey={(r) => `${r.product}/${r.key}`}
              columns={[
                { key: 'product', header: t(m.product), cell: (r) => PRODUCT_INFO[r.product].name },
                { key: 'key', header: t(m.key), cell: (r) => <Link to={adminDevicePath(r.product, r.key)}>{r.key}</Link> },
                { key: 'name', header: t(m.name), cell: (r) => r.name },
              ]}
            />
          );
        }}
      </LoadedView>
    </Card>
  );
}
