// The device page's labelled values (issue 30, docs/product/admin.md "Admin screens"): who and what it is, its state
// and plan, the live values with their units, and who may see it. Rules and units are the farmer's dashboard's, from
// @paddock/shared (lastReadingTime, subscriptionPlan, expiryLine, dataAmount, HISTORY_UNITS); the records may be old
// or partial, so every value is read defensively and a missing one shows as "—".
import type { ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router-dom';
import { adminApi, expiryText, usePlanNames, usePrices, useLoaded } from '@paddock/shared/api';
import type { AdminDeviceSummary, Metadata, Subscription } from '@paddock/shared/contract';
import {
  dataAmount,
  displayTemperature,
  editableTags,
  expiryLine,
  HISTORY_UNITS,
  lastReadingTime,
  PRODUCT_INFO,
  priceKeyOf,
  subscriptionPlan,
  type ProductId,
} from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Card } from '@paddock/shared/ui';
import { DateTime, DetailList, type Detail } from '../common/Details';
import { RawData } from '../common/RawData';
import { adminDeviceTexts } from './messages';
import { adminUserPath } from './adminPaths';

const m = adminDeviceTexts.messages;

/** A device as staff may get it: any product, any age of record, so every field is optional here. */
type AnyRecord = Record<string, unknown>;
const record = (value: unknown): AnyRecord => (value && typeof value === 'object' ? (value as AnyRecord) : {});
const numberOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const textOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The search summary holds what the device record does not: when it was registered (GET /admin/devices/{product}). */
function useSummary(product: ProductId, deviceKey: string): AdminDeviceSummary | null {
  const searchable = /^[0-9]{1,20}$/.test(deviceKey);
  const { loaded } = useLoaded(searchable ? () => adminApi.searchDevices(product, { key: deviceKey, limit: 1 }, { silent: true }) : null, [
    product,
    deviceKey,
  ]);
  if (loaded.state !== 'ready') return null;
  return loaded.value.Devices.find((d) => d.Key === deviceKey) ?? null;
}

export function DeviceDetails({ product, deviceKey, device }: { product: ProductId; deviceKey: string; device: unknown }) {
  const t = useT();
  const intl = useIntl();
  const info = PRODUCT_INFO[product];
  const summary = useSummary(product, deviceKey);
  const fields = record(device);
  const metadata = record(fields.Metadata) as Partial<Metadata>;
  const connection = record(fields.Connection);
  const firmware = record(fields.Firmware);
  const renewal = record(fields.Renewal);

  const ownerEmail = textOf(metadata.OwnerEmail) ?? summary?.OwnerEmail ?? null;
  const ownerId = textOf(metadata.Owner) ?? summary?.Owner ?? null;
  // docs/product/devices.md "Connection": the server's judgement; a FarmCam SIM has none, then the search's Online.
  let status: string | null = null;
  if (typeof connection.Offline === 'boolean') {
    status = t(connection.Offline ? m.offline : connection.LastSeenAt === null ? m.waiting : m.online);
  } else if (summary) {
    status = t(summary.Online ? m.online : m.offline);
  }
  const lastReading = safely(() => lastReadingTime(product, fields)?.toISOString() ?? null);

  const items: Detail[] = [
    { id: 'product', label: t(m.product), value: info.name },
    { id: 'key', label: info.keyField.toUpperCase(), value: deviceKey },
    { id: 'name', label: t(m.name), value: textOf(metadata.Name) },
    {
      id: 'owner',
      label: t(m.owner),
      value: ownerEmail ? ownerId ? <Link to={adminUserPath(ownerId)}>{ownerEmail}</Link> : ownerEmail : null,
    },
    { id: 'registered', label: t(m.registered), value: summary ? <DateTime iso={summary.RegisteredAt} /> : null },
    { id: 'status', label: t(m.connection), value: status },
    { id: 'lastReading', label: t(m.lastReading), value: lastReading ? <DateTime iso={lastReading} /> : null },
    ...(typeof connection.Offline === 'boolean'
      ? [{ id: 'lastSeen', label: t(m.lastSeen), value: <DateTime iso={textOf(connection.LastSeenAt)} /> }]
      : []),
    ...(info.firmwareUpdates ? [{ id: 'firmware', label: t(m.firmwareVersionLabel), value: textOf(firmware.Version) }] : []),
  ];
  const sharing: Detail[] = [
    { id: 'access', label: t(m.access), value: emailList(metadata.Access) },
    { id: 'notify', label: t(m.notify), value: emailList(metadata.Notify) },
    { id: 'tags', label: t(m.tags), value: Array.isArray(metadata.Tags) ? editableTags(metadata.Tags).join(', ') : null },
  ];

  return (
    <>
      <Card aria-label={t(m.deviceJson)}>
        <h2>{t(m.deviceJson)}</h2>
        <DetailList items={items} />
        <PlanDetails product={product} subscription={fields.Subscription} renewalRetryAt={textOf(renewal.RetryAt)} />
        <DetailList items={sharing} />
        <RawData value={device} name={`${info.name} ${deviceKey}`} />
      </Card>
      <Card aria-label={t(m.liveValues)}>
        <h2>{t(m.liveValues)}</h2>
        <DetailList items={safely(() => liveValues(product, fields, intl, t)) ?? []} />
      </Card>
    </>
  );
}

/** Plan, its end or renewal, and the next plan, named as the farmer's settings page names them (the catalogue). */
function PlanDetails({
  product,
  subscription,
  renewalRetryAt,
}: {
  product: ProductId;
  subscription: unknown;
  renewalRetryAt: string | null;
}) {
  const t = useT();
  const intl = useIntl();
  const names = usePlanNames();
  const prices = usePrices();
  const catalogue = prices.state === 'ready' ? prices.prices : null;
  const sub = record(subscription) as Partial<Subscription>;
  const complete = typeof sub.ExpiresAt === 'string' && sub.PriceIds !== undefined && typeof sub.Trialing === 'boolean';
  const now = new Date();
  let plan: string | null = null;
  let nextPlan: string | null = null;
  let period: string | null = null;
  if (complete) {
    const value = sub as Subscription;
    if (value.Trialing) plan = names.subscription({ kind: 'trial' });
    else if (catalogue)
      plan = safely(() => names.subscription(subscriptionPlan(product, value, catalogue, now))) || value.PriceIds.Current || null;
    else plan = value.PriceIds.Current || null;
    const nextKey = catalogue ? priceKeyOf(catalogue, value.PriceIds.Next) : null;
    nextPlan =
      value.PriceIds.Next === ''
        ? names.choice('none', catalogue ?? {})
        : nextKey
          ? names.choice(nextKey, catalogue ?? {})
          : value.PriceIds.Next;
    const line = expiryLine(value, now);
    period = line ? expiryText(intl, line) : null;
  }
  const items: Detail[] = [
    { id: 'plan', label: t(m.plan), value: plan },
    { id: 'period', label: t(m.planPeriod), value: period },
    { id: 'nextPlan', label: t(m.nextPlan), value: nextPlan },
    ...(renewalRetryAt
      ? [
          {
            id: 'renewal',
            label: t(m.renewal),
            value: t(m.paymentRetry, { date: intl.formatDate(renewalRetryAt, { dateStyle: 'medium', timeStyle: 'short' }) }),
          },
        ]
      : []),
  ];
  return <DetailList items={items} />;
}

function emailList(value: unknown): ReactNode {
  const emails = Array.isArray(value) ? value.filter((e): e is string => typeof e === 'string' && e !== '') : [];
  if (emails.length === 0) return null;
  return (
    <ul>
      {emails.map((email) => (
        <li key={email}>{email}</li>
      ))}
    </ul>
  );
}

/** A rule run over a record that may be partial: its answer, or null when the record lacks what it reads. */
function safely<T>(rule: () => T): T | null {
  try {
    return rule();
  } catch {
    return null;
  }
}

/** docs/product/screens.md: the values each product's dashboard card shows, with their units. */
function liveValues(product: ProductId, d: AnyRecord, intl: IntlShape, t: ReturnType<typeof useT>): Detail[] {
  const num = (value: number, digits = 0) => intl.formatNumber(value, { maximumFractionDigits: digits });
  const unit = (value: number | null, symbol: string, digits = 0) =>
    value === null ? null : t(m.valueUnit, { value: num(value, digits), unit: symbol });
  const percent = (value: number | null) =>
    value === null ? null : intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 0 });
  const data = (bytes: number | null) => {
    if (bytes === null) return null;
    const { value, ...dataUnit } = dataAmount(bytes);
    return intl.formatNumber(value, { style: 'unit', ...dataUnit });
  };
  const power = (value: unknown) => (typeof value === 'boolean' ? t(value ? m.powerOn : m.powerOff) : null);
  const plug = (): Detail[] => [
    { id: 'load', label: t(m.load), value: unit(numberOf(d.Load), HISTORY_UNITS.load, 1) },
    { id: 'consumption', label: t(m.consumption), value: unit(numberOf(d.Consumption), HISTORY_UNITS.consumption) },
  ];
  switch (product) {
    case 'farmcam-sim':
      return [
        { id: 'dataLeft', label: t(m.dataLeft), value: data(numberOf(d.RemainingData)) },
        { id: 'dataUsed', label: t(m.dataUsed), value: data(numberOf(d.UsedData)) },
      ];
    case 'fencealarm': {
      const report = record(record(d.LastReport).Data);
      return [
        { id: 'voltage', label: t(m.voltage), value: unit(numberOf(report.Voltage), HISTORY_UNITS.voltage) },
        { id: 'battery', label: t(m.battery), value: unit(numberOf(report.Battery), HISTORY_UNITS.voltage, 1) },
        { id: 'signal', label: t(m.signal), value: unit(numberOf(report.Rssi), 'dBm') },
      ];
    }
    case 'fencealarm2':
      return [{ id: 'voltage', label: t(m.voltage), value: unit(numberOf(d.Voltage), HISTORY_UNITS.voltage) }];
    case 'smartplug': {
      const temperature = displayTemperature(numberOf(d.Temperature));
      return [
        ...plug(),
        {
          id: 'temperature',
          label: t(m.temperature),
          value: temperature === null ? null : intl.formatNumber(temperature, { style: 'unit', unit: 'celsius', maximumFractionDigits: 1 }),
        },
        { id: 'signal', label: t(m.signal), value: percent(numberOf(d.SignalStrength)) },
        { id: 'power', label: t(m.power), value: power(d.PowerEnabled) },
      ];
    }
    case 'smartplug2':
      return [
        ...plug(),
        { id: 'signal', label: t(m.signal), value: percent(numberOf(d.SignalStrength)) },
        { id: 'power', label: t(m.power), value: power(d.PowerEnabled) },
      ];
  }
}
