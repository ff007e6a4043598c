// /admin/stats (docs/product/admin.md Fleet statistics), loaded on first visit: this chunk carries echarts.
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { adminApi, useLoaded } from '@paddock/shared/api';
import type { FleetStats } from '@paddock/shared/contract';
import { PRODUCT_IDS, PRODUCT_INFO } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { ALARM_KIND_TEXTS, Button, Card, LoadedView, Page, Table, icons } from '@paddock/shared/ui';
import { formatDateTime } from '../common/format';
import { adminCommonTexts } from '../common/messages';
import { EChart, useChartTheme } from '@paddock/shared/charts';
import { adminStatsTexts } from './messages';
import { channelTotals, notificationsOption, readingsOption } from './statsCharts';

const m = adminStatsTexts.messages;
const CHANNEL_TEXT: Record<string, typeof m.channelEmail> = { email: m.channelEmail, sms: m.channelSms, push: m.channelPush };

/** A product id from the server as its brand name (an unknown one as it came). */
const productName = (id: string) =>
  (PRODUCT_IDS as readonly string[]).includes(id) ? PRODUCT_INFO[id as keyof typeof PRODUCT_INFO].name : id;

export default function StatsRoute() {
  const t = useT();
  const c = adminCommonTexts.messages;
  const { loaded, reload } = useLoaded(() => adminApi.stats({ silent: true }), []);
  return (
    <Page
      title={t(m.title)}
      back="/admin"
      actions={
        <Button icon={icons.refresh} onClick={reload}>
          {t(m.refresh)}
        </Button>
      }
    >
      <LoadedView loaded={loaded} failedText={(reason) => t(c.loadFailed, { reason })} retryLabel={t(c.retry)} onRetry={reload}>
        {(stats) => <Stats stats={stats} />}
      </LoadedView>
    </Page>
  );
}

function Tile({ label, value }: { label: string; value: number }) {
  const intl = useIntl();
  return (
    <div className="pd-admin-tile">
      <dt>{label}</dt>
      <dd>{intl.formatNumber(value)}</dd>
    </div>
  );
}

function Stats({ stats }: { stats: FleetStats }) {
  const t = useT();
  const intl = useIntl();
  const theme = useChartTheme();
  const n = (value: number) => intl.formatNumber(value);
  const channelName = (channel: string) => (CHANNEL_TEXT[channel] ? t(CHANNEL_TEXT[channel]) : channel);
  const readings = useMemo(() => readingsOption(stats.ReadingsPerHour, t(m.readingsSeries), theme, intl.locale), [stats, theme, intl]); // eslint-disable-line react-hooks/exhaustive-deps
  const notifications = useMemo(
    () =>
      notificationsOption(
        stats.NotificationsPerDay,
        channelName,
        (day) => intl.formatDate(day, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
        theme,
        intl.locale,
      ),
    [stats, theme, intl], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const readingCounts = stats.ReadingsPerHour.map((p) => p.Count);
  const totals = [...channelTotals(stats.NotificationsPerDay)].map(([channel, count]) => `${channelName(channel)} ${n(count)}`).join(', ');

  return (
    <>
      <p className="pd-page__subtitle">{t(m.asOf, { time: formatDateTime(stats.At, intl.locale) })}</p>
      <Card aria-labelledby="pd-admin-stats-users">
        <h2 id="pd-admin-stats-users">{t(m.users)}</h2>
        <dl className="pd-admin-tiles">
          <Tile label={t(m.usersTotal)} value={stats.Users.Total} />
          <Tile label={t(m.usersVerified)} value={stats.Users.Verified} />
          <Tile label={t(m.usersActive)} value={stats.Users.Active30Days} />
          <Tile label={t(m.smsBundles)} value={stats.SmsSold.Bundles} />
          <Tile label={t(m.smsMessages)} value={stats.SmsSold.Messages} />
        </dl>
      </Card>
      <Card>
        <Table
          caption={t(m.devices)}
          rows={stats.Devices}
          rowKey={(r) => r.Product}
          columns={[
            { key: 'product', header: t(m.product), cell: (r) => productName(r.Product) },
            { key: 'inventory', header: t(m.inventory), cell: (r) => n(r.Inventory) },
            { key: 'registered', header: t(m.registered), cell: (r) => n(r.Registered) },
            { key: 'online', header: t(m.online), cell: (r) => n(r.Online) },
            { key: 'offline', header: t(m.offline), cell: (r) => n(r.Offline) },
          ]}
        />
      </Card>
      <Card>
        <Table
          caption={t(m.subscriptions)}
          rows={stats.Subscriptions}
          rowKey={(r) => r.Product}
          columns={[
            { key: 'product', header: t(m.product), cell: (r) => productName(r.Product) },
            { key: 'active', header: t(m.active), cell: (r) => n(r.Active) },
            { key: 'trial', header: t(m.trial), cell: (r) => n(r.Trial) },
            { key: 'ended', header: t(m.ended), cell: (r) => n(r.Ended) },
          ]}
        />
      </Card>
      <Card>
        {stats.AlarmsNow.length === 0 ? (
          <>
            <h2>{t(m.alarms)}</h2>
            <p>{t(m.noAlarms)}</p>
          </>
        ) : (
          <Table
            caption={t(m.alarms)}
            rows={stats.AlarmsNow}
            rowKey={(r) => r.Kind}
            columns={[
              { key: 'kind', header: t(m.alarmKind), cell: (r) => t(ALARM_KIND_TEXTS[r.Kind]) },
              { key: 'count', header: t(m.count), cell: (r) => n(r.Count) },
            ]}
          />
        )}
      </Card>
      <Card aria-labelledby="pd-admin-stats-readings">
        <h2 id="pd-admin-stats-readings">{t(m.readings)}</h2>
        <EChart
          className="pd-admin-chart"
          option={readings}
          label={t(m.readingsSummary, {
            total: n(readingCounts.reduce((a, b) => a + b, 0)),
            max: n(readingCounts.length ? Math.max(...readingCounts) : 0),
          })}
        />
      </Card>
      <Card aria-labelledby="pd-admin-stats-notifications">
        <h2 id="pd-admin-stats-notifications">{t(m.notifications)}</h2>
        <EChart className="pd-admin-chart" option={notifications} label={t(m.notificationsSummary, { totals: totals || n(0) })} />
      </Card>
    </>
  );
}
