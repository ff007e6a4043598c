import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { keyParamOf, PRODUCT_IDS } from '@paddock/shared/domain';
import type { RemoteAppProps } from '@paddock/shared/federation';
import { Translations } from '@paddock/shared/i18n';
import { NotFound, renewalTexts } from '@paddock/shared/ui';
import { Dashboard } from './dashboard/Dashboard';
import { dashboardTexts } from './dashboard/messages';
import { alarmLogLinkTexts } from './alarms/link/messages';
import './common/devices.css';

/** Every text of this remote's first load (a constant, so the catalogues merge once). */
export const DEVICES_TRANSLATIONS = [dashboardTexts, alarmLogLinkTexts, renewalTexts];

// Loaded on first visit, with their own texts: the dashboard's JS stays small (docs/architecture/README.md#budgets), and the barcode
// scanner (@zxing/library) is only imported by the registration pages.
const RegisterChooser = lazy(() => import('./register/RegisterRoutes').then((m) => ({ default: m.RegisterChooserPage })));
const RegisterDevice = lazy(() => import('./register/RegisterRoutes').then((m) => ({ default: m.RegisterDevicePage })));
const SettingsRoute = lazy(() => import('./settings/SettingsRoute'));
// echarts is imported by the log pages' chunk only (docs/architecture/README.md#budgets: none of it before the dashboard shows cards).
const LogsRoute = lazy(() => import('./logs/LogsRoute'));
// docs/product/devices.md "Transfers": the page an offer's e-mail links to.
const TransferRoute = lazy(() => import('./transfers/TransferRoute'));
// docs/product/alarm-log.md: linked from the warnings dialog.
const AlarmLogRoute = lazy(() => import('./alarms/AlarmLogRoute'));

/**
 * The devices remote's `./App`: /devices and every device page (docs/product/screens.md), a settings and a logs route per product.
 * The shell provides the router, the session store, the locale and the guards; paths here are relative to '/'.
 */
export default function App(_props: RemoteAppProps) {
  return (
    <Translations translations={DEVICES_TRANSLATIONS}>
      <Suspense fallback={null}>
        <Routes>
          <Route path="devices" element={<Dashboard />} />
          <Route path="devices/register" element={<RegisterChooser />} />
          <Route path="devices/register/:product" element={<RegisterDevice />} />
          <Route path="devices/alarms" element={<AlarmLogRoute />} />
          <Route path="transfers/:id" element={<TransferRoute />} />
          {PRODUCT_IDS.map((product) => {
            const path = `${product}/:${keyParamOf(product)}`;
            return [
              <Route key={path} path={path} element={<SettingsRoute />} />,
              <Route key={`${path}/logs`} path={`${path}/logs`} element={<LogsRoute />} />,
            ];
          })}
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </Translations>
  );
}
