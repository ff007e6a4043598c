// The frame of every device page (docs/product/screens.md): the product from the path, the key from the parameter, the device
// loaded (and, for the settings pages, polled while its config is pending), and the states before it is there.
import type { ComponentType } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { Device } from '@paddock/shared/contract';
import { PRODUCTS, dashboardPath, productOfRouteId, requireDeviceKey, type ProductId } from '@paddock/shared/domain';
import { Translations, useT } from '@paddock/shared/i18n';
import { Alert, Button, Card, Page, icons } from '@paddock/shared/ui';
import { deviceTexts } from './messages';
import { useDevice, type UseDeviceOptions } from './useDevice';

const DEVICE_TRANSLATIONS = [deviceTexts];
const m = deviceTexts.messages;

/** What a device page gets once its device is loaded. */
export interface DevicePageProps {
  product: ProductId;
  device: Device;
  deviceKey: string;
}

export interface DeviceRouteProps extends UseDeviceOptions {
  /** The page shown once the device is loaded. */
  page: ComponentType<DevicePageProps>;
  /** The loading state as wide as the page it stands for. */
  narrow?: boolean;
}

/** /{product}/{imsi|imei} and /{product}/{imsi|imei}/logs: a missing key or device, a failure or the page. */
export function DeviceRoute({ page, narrow, pollWhilePending }: DeviceRouteProps) {
  const { pathname } = useLocation();
  const params = useParams();
  const product = productOfRouteId(pathname.split('/')[1] ?? '');
  let content;
  if (!product) {
    content = <MissingKey detail="missing ctx.data.imei" />;
  } else {
    try {
      const key = requireDeviceKey(product, params);
      content = <LoadedDevice key={`${product}/${key}`} product={product} deviceKey={key} page={page} narrow={narrow} pollWhilePending={pollWhilePending} />;
    } catch (error) {
      // docs/product/errors.md route guard: 'missing ctx.data.imsi' / 'missing ctx.data.imei', shown as an error state.
      content = <MissingKey detail={error instanceof Error ? error.message : String(error)} />;
    }
  }
  return <Translations translations={DEVICE_TRANSLATIONS}>{content}</Translations>;
}

function LoadedDevice({ product, deviceKey, page: DevicePage, narrow, pollWhilePending }: DeviceRouteProps & { product: ProductId; deviceKey: string }) {
  const t = useT();
  const { state, retry } = useDevice(product, deviceKey, { pollWhilePending });
  const info = PRODUCTS[product];
  switch (state.status) {
    case 'loading':
      return <DeviceLoading product={product} deviceKey={deviceKey} narrow={narrow} />;
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
    case 'ready':
      return <DevicePage product={product} device={state.device} deviceKey={deviceKey} />;
  }
}

/** The page while the device (or the code of its page) is on its way. */
export function DeviceLoading({ product, deviceKey, narrow }: { product: ProductId; deviceKey: string; narrow?: boolean }) {
  const t = useT();
  return (
    <Page title={PRODUCTS[product].name} back={dashboardPath(deviceKey)} narrow={narrow}>
      <p className="pd-devices-loading" role="status">
        {t(m.loading)}
      </p>
    </Page>
  );
}

function MissingKey({ detail }: { detail: string }) {
  const t = useT();
  return <Problem title={t(m.notFoundTitle)}>{t(m.missingKey, { detail })}</Problem>;
}

/** A device page that cannot be shown: what happened, a way back and, where it may help, Try again. */
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
                <Button variant="primary" icon={icons.refresh} onClick={retry}>
                  {t(m.retry)}
                </Button>
              ) : null}
              <Button icon={icons.arrowBack} onClick={() => navigate(dashboardPath())}>
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
