// A plug's Energy section on its log page (docs/product/energy.md): Day | Week | Month, a bar a period on the
// viewer's clock (the last 31 days, 13 weeks or 12 months), each bar's kWh and cost at the viewer's energy price, and
// the same bars as a table for screen readers and anyone who wants the numbers. Drawn with the log page's charts
// (@paddock/shared/charts, in the log page's lazily loaded chunk only).
import { useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { energyApi, useLoaded } from '@paddock/shared/api';
import { EChart, type ChartTheme } from '@paddock/shared/charts';
import type { EnergyBucket, EnergyPrice } from '@paddock/shared/contract';
import {
  ENERGY_PERIODS,
  ENERGY_PRICE_DIGITS,
  browserTimeZone,
  energyCost,
  energyPriceAmount,
  energyWindow,
  formatMoney,
  parseIsoDate,
  toDateInputValue,
  type EnergyPeriod,
  type ProductId,
} from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Alert, Button, Table, icons } from '@paddock/shared/ui';
import { deviceTexts } from '../device/messages';
import { barCost, buildEnergyOption, isoWeek, longDate } from './energyChart';
import { formatKWh } from './formatKWh';
import { energyTexts } from './messages';
import './energy.css';

const m = energyTexts.messages;
const PERIOD_NAMES = { day: m.day, week: m.week, month: m.month } as const satisfies Record<EnergyPeriod, unknown>;
const PERIOD_UNITS = { day: m.unitDay, week: m.unitWeek, month: m.unitMonth } as const satisfies Record<EnergyPeriod, unknown>;

export interface EnergySectionProps {
  product: ProductId;
  deviceKey: string;
  /** The viewer's price (null: none set, kWh only with a hint to set it). */
  price: EnergyPrice | null;
  theme: ChartTheme;
}

export function EnergySection({ product, deviceKey, price, theme }: EnergySectionProps) {
  const t = useT();
  const intl = useIntl();
  const headingId = useId();
  const [period, setPeriod] = useState<EnergyPeriod>('day');
  // The viewer's today and zone: the bars are days, weeks and months of the viewer's calendar.
  const today = toDateInputValue(new Date());
  const timeZone = browserTimeZone();
  const range = useMemo(() => ({ period, ...energyWindow(period, today), timeZone }), [period, today, timeZone]);
  const { loaded, reload } = useLoaded(
    () => energyApi.buckets(product, deviceKey, range, { silent: true, background: true }),
    [product, deviceKey, range],
  );

  const buckets = loaded.state === 'ready' ? loaded.value.Buckets : null;
  const barName = (bucket: EnergyBucket) => {
    if (period === 'week') {
      const first = parseIsoDate(bucket.Date);
      return t(m.weekOf, { week: first ? isoWeek(first) : '', date: longDate(bucket.Date, intl.locale) });
    }
    if (period === 'month') {
      const first = parseIsoDate(bucket.Date);
      return first ? new Intl.DateTimeFormat(intl.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(first) : bucket.Date;
    }
    return longDate(bucket.Date, intl.locale);
  };
  const option = useMemo(
    () =>
      buckets
        ? buildEnergyOption({
            period,
            buckets,
            price,
            locale: intl.locale,
            theme,
            barName,
            weekLabel: (week) => t(m.weekShort, { week }),
          })
        : null,
    // barName and the week label follow from the period and the locale.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [buckets, period, price, intl.locale, theme],
  );
  const first = buckets?.[0];
  const last = buckets?.at(-1);
  const span = { first: first ? barName(first) : '', last: last ? barName(last) : '' };
  const totalKWh = buckets?.reduce((sum, bucket) => sum + bucket.KWh, 0) ?? 0;

  let body;
  if (loaded.state === 'loading') {
    body = (
      <p className="pd-log-chart__state" role="status">
        {t(m.loading)}
      </p>
    );
  } else if (loaded.state === 'failed') {
    body = (
      <Alert
        actions={
          <Button icon={icons.refresh} onClick={reload}>
            {t(deviceTexts.messages.retry)}
          </Button>
        }
      >
        {`${t(m.failed)} (${loaded.reason})`}
      </Alert>
    );
  } else if (!buckets || totalKWh === 0) {
    body = <p className="pd-log-chart__state">{t(m.empty, span)}</p>;
  } else if (option) {
    body = (
      <>
        <EChart className="pd-log-chart__canvas" option={option} label={t(m.chartLabel, { unit: t(PERIOD_UNITS[period]), ...span })} />
        <p className="pd-log-chart__summary" data-testid="energy-total">
          {price
            ? t(m.totalCost, {
                energy: formatKWh(totalKWh, intl.locale),
                cost: formatMoney(intl.locale, energyCost(totalKWh * 1000, price.PerKwh), price.Currency),
                price: formatMoney(intl.locale, energyPriceAmount(price.PerKwh), price.Currency, ENERGY_PRICE_DIGITS),
              })
            : t(m.total, { energy: formatKWh(totalKWh, intl.locale) })}
        </p>
        <details className="pd-energy__table">
          <summary>{t(m.showTable)}</summary>
          <Table
            caption={t(m.tableCaption, { unit: t(PERIOD_UNITS[period]) })}
            hideCaption
            rows={buckets}
            rowKey={(bucket) => bucket.Date}
            columns={[
              { key: 'period', header: t(m.columnPeriod), cell: barName },
              { key: 'energy', header: t(m.columnEnergy), cell: (bucket) => formatKWh(bucket.KWh, intl.locale) },
              ...(price
                ? [{ key: 'cost', header: t(m.columnCost), cell: (bucket: EnergyBucket) => barCost(bucket.KWh, price, intl.locale) }]
                : []),
            ]}
          />
        </details>
      </>
    );
  }

  return (
    <section className="pd-card pd-log-chart pd-energy" aria-labelledby={headingId}>
      <div className="pd-energy__head">
        <h2 id={headingId} className="pd-log-chart__heading">
          {t(m.heading)}
        </h2>
        {/* The dashboard's Compact | Detailed look (devices.css): pressed-state buttons in a labelled group. */}
        <div className="pd-view-toggle pd-energy__periods" role="group" aria-label={t(m.periodLabel)}>
          {ENERGY_PERIODS.map((value) => (
            <button
              key={value}
              type="button"
              className={['pd-view-toggle__option', period === value ? 'pd-view-toggle__option--on' : ''].join(' ').trim()}
              aria-pressed={period === value}
              onClick={() => setPeriod(value)}
            >
              {t(PERIOD_NAMES[value])}
            </button>
          ))}
        </div>
      </div>
      <div className="pd-log-chart__body">{body}</div>
      {/* docs/product/energy.md: without a price the bars are kWh only, and the page says where to set one. */}
      {price ? null : (
        <p className="pd-field__hint pd-energy__hint" role="note">
          {t(m.noPrice)} <Link to="/account">{t(m.noPriceLink)}</Link>
        </p>
      )}
    </section>
  );
}
