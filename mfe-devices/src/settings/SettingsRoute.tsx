// The device settings pages (SPEC §2), loaded on first visit with their own texts: the route reads the product
// from the path and the key from the parameter, loads the device and renders the product's page.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { Device } from '@paddock/shared/contract';
import { PRODUCTS, dashboardPath, productOfRouteId, type ProductId } from '@paddock/shared/domain';
import { Translations, useT } from '@paddock/shared/i18n';
import { Alert, Button, Card, Page } from '@paddock/shared/ui';
import { settingsTexts } from './common/messages';
import { requireDeviceKey } from './common/routeKey';
import { useSettingsDevice } from './common/useSettingsDevice';

const SETTINGS_TRANSLATIONS = [settingsTexts];
const m = settingsTexts.messages;

// Each module's page takes its own product's device; the route only ever pairs a product with its own device.
type AnyPage = LazyExoticComponent<ComponentType<{ device: Device }>>;

/** Each product's page: the default export of its module, which brings its own <Translations>. */
const PAGES: Record<ProductId, AnyPage> = {
  'farmcam-sim': lazy(() => import('./farmcamSim/FarmcamSimSettings')) as AnyPage,
  fencealarm: lazy(() => import('./fencealarm/FencealarmSettings')) as AnyPage,
  fencealarm2: lazy(() => import('./fencealarm2/Fencealarm2Settings')) as AnyPage,
  smartplug: lazy(() => import('./smartplug/SmartplugSettings')) as AnyPage,
  smartplug2: lazy(() => import('./smartplug2/Smartplug2Settings')) as AnyPage,
};

/** /farmcam-sim/{imsi}, /fencealarm/{imei}, /fencealarm2/{imei}, /smartplug/{imei}, /smartplug2/{imei}. */
export default function SettingsRoute() {
  const { pathname } = useLocation();
  const params = useParams();
  const product = productOfRouteId(pathname.split('/')[1] ?? '');
  let content;
  if (!product) {
    content = <MissingKey detail="missing ctx.data.imei" />;
  } else {
    try {
      const key = requireDeviceKey(product, params);
      content = <DeviceSettings key={`${product}/${key}`} product={product} deviceKey={key} />;
    } catch (error) {
      // SPEC §8 route guard: 'missing ctx.data.imsi' / 'missing ctx.data.imei', shown as an error state.
      content = <MissingKey detail={error instanceof Error ? error.message : String(error)} />;
    }
  }
  return <Translations translations={SETTINGS_TRANSLATIONS}>{content}</Translations>;
}

function DeviceSettings({ product, deviceKey }: { product: ProductId; deviceKey: string }) {
  const t = useT();
  const { state, retry } = useSettingsDevice(product, deviceKey);
  const info = PRODUCTS[product];
  const loading = (
    <Page title={info.name} back={dashboardPath(deviceKey)} narrow>
      <p className="pd-devices-loading" role="status">
        {t(m.loading)}
      </p>
    </Page>
  );
  switch (state.status) {
    case 'loading':
      return loading;
    case 'notFound':
      return (
        <Problem title={t(m.notFoundTitle)}>{t(m.notFoundText, { product: info.name, field: info.keyField.toUpperCase(), key: deviceKey })}</Problem>
      );
    case 'failed': {
      const reason = state.reason ? t(state.reason.message, state.reason.values) : null;
      return (
        <Problem title={info.name} retry={retry}>
          {reason ? `${t(m.loadFailed)} (${reason})` : t(m.loadFailed)}
        </Problem>
      );
    }
    case 'ready': {
      const ProductPage = PAGES[product];
      return (
        <Suspense fallback={loading}>
          <ProductPage device={state.device} />
        </Suspense>
      );
    }
  }
}

function MissingKey({ detail }: { detail: string }) {
  const t = useT();
  return <Problem title={t(m.notFoundTitle)}>{t(m.missingKey, { detail })}</Problem>;
}

/** A page that cannot be shown: what happened, a way back and, where it may help, Try again. */
function Problem({ title, children, retry }: { title: string; children: string; retry?: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Page title={title} back={dashboardPath()} narrow>
      <Card>
        <Alert
          actions={
            <>
              {retry ? (
                <Button variant="primary" icon="refresh" onClick={retry}>
                  {t(m.retry)}
                </Button>
              ) : null}
              <Button icon="arrow-back" onClick={() => navigate(dashboardPath())}>
                {t(m.backToDevices)}
              </Button>
            </>
          }
        >
          {children}
        </Alert>
      </Card>
    </Page>
  );
}

