import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from '@paddock/shared/federation';
import { Translations } from '@paddock/shared/i18n';
import { alarmKindTexts, NotFound } from '@paddock/shared/ui';
import { AuditLog } from './audit/AuditLog';
import { adminAuditTexts } from './audit/messages';
import { adminCommonTexts } from './common/messages';
import { keyParamOf, PRODUCT_INFO } from '@paddock/shared/domain';
import { ADMIN_PRODUCTS } from './devices/capabilities';
import { DeviceSearch } from './devices/DeviceSearch';
import { adminDeviceTexts } from './devices/messages';
import { AdminHome } from './home/AdminHome';
import { adminHomeTexts } from './home/messages';
import { adminNoticeTexts } from './notices/messages';
import { Notices } from './notices/Notices';
import { adminOutboxTexts } from './outbox/messages';
import { Outbox } from './outbox/Outbox';
import { AdminDeviceRoute, FirmwareCampaignRoute, UserEmailRoute, UserRoute } from './routes';
import { CampaignForm } from './firmware/CampaignForm';
import { FirmwareCampaigns } from './firmware/FirmwareCampaigns';
import { adminFirmwareTexts } from './firmware/messages';
import { adminStatsTexts } from './stats/messages';
import { UserSearch } from './users/UserSearch';
import { adminUserTexts } from './users/messages';
import { adminWarrantyTexts } from './warranties/messages';
import { WarrantyClaims } from './warranties/WarrantyClaims';
import './home/admin.css';

/** Every text of this remote (a constant, so the catalogues merge once). */
export const ADMIN_TRANSLATIONS = [
  adminHomeTexts,
  adminCommonTexts,
  adminUserTexts,
  adminDeviceTexts,
  adminNoticeTexts,
  adminStatsTexts,
  alarmKindTexts,
  adminAuditTexts,
  adminOutboxTexts,
  adminWarrantyTexts,
  adminFirmwareTexts,
];

// echarts is imported by the stats page's chunk only (docs/architecture/README.md#budgets).
const StatsRoute = lazy(() => import('./stats/StatsRoute'));

/** The admin remote's `./App`: /admin/** (admins only; the shell shows "Page not found" to anyone else). */
export default function App(_props: RemoteAppProps) {
  return (
    <Translations translations={ADMIN_TRANSLATIONS}>
      <Suspense fallback={null}>
        <Routes>
          <Route path="admin" element={<AdminHome />} />
          <Route path="admin/user" element={<UserSearch />} />
          <Route path="admin/user/:id" element={<UserRoute />} />
          <Route path="admin/user/:id/email" element={<UserEmailRoute />} />
          {ADMIN_PRODUCTS.map((product) => {
            const path = `admin/${product}/:${keyParamOf(product)}`;
            return [
              <Route key={product} path={`admin/${product}`} element={<DeviceSearch key={product} product={product} />} />,
              <Route key={path} path={path} element={<AdminDeviceRoute product={product} page="device" />} />,
              <Route
                key={`${path}/add-trial`}
                path={`${path}/add-trial`}
                element={<AdminDeviceRoute product={product} page="add-trial" />}
              />,
              PRODUCT_INFO[product].firmwareUpdates ? (
                <Route key={`${path}/fota`} path={`${path}/fota`} element={<AdminDeviceRoute product={product} page="fota" />} />
              ) : null,
            ];
          })}
          <Route path="admin/notices" element={<Notices />} />
          <Route path="admin/stats" element={<StatsRoute />} />
          <Route path="admin/audit" element={<AuditLog />} />
          <Route path="admin/warranty-claims" element={<WarrantyClaims />} />
          <Route path="admin/firmware-campaigns" element={<FirmwareCampaigns />} />
          <Route path="admin/firmware-campaigns/new" element={<CampaignForm />} />
          <Route path="admin/firmware-campaigns/:id" element={<FirmwareCampaignRoute />} />
          <Route path="admin/mailbox" element={<Outbox key="mail" kind="mail" />} />
          <Route path="admin/sms-outbox" element={<Outbox key="sms" kind="sms" />} />
          <Route path="admin/*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </Translations>
  );
}
