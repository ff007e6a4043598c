// The device log pages (SPEC §2), loaded on first visit with their own texts and echarts: the route reads the
// product from the path and the key from the parameter, loads the device (for its name) and shows its charts.
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { PRODUCTS, dashboardPath, productOfRouteId, type ProductId } from '@paddock/shared/domain';
import { Translations, useT } from '@paddock/shared/i18n';
import { Alert, Button, Card, Page } from '@paddock/shared/ui';
import { settingsTexts } from '../settings/common/messages';
import { requireDeviceKey } from '../settings/common/routeKey';
import { LogsPage } from './LogsPage';
import { logsTexts } from './messages';
import { useLogDevice } from './useLogDevice';
import './logs.css';

const LOGS_TRANSLATIONS = [settingsTexts, logsTexts];
const m = settingsTexts.messages;

/** /farmcam-sim/{imsi}/logs, /fencealarm/{imei}/logs, /fencealarm2/{imei}/logs, /smartplug/{imei}/logs, /smartplug2/{imei}/logs. */
export default function LogsRoute() {
  const { pathname } = useLocation();
  const params = useParams();
  const product = productOfRouteId(pathname.split('/')[1] ?? '');
  let content;
  if (!product) {
    content = <MissingKey detail="missing ctx.data.imei" />;
  } else {
    try {
      const key = requireDeviceKey(product, params);
      content = <DeviceLogs key={`${product}/${key}`} product={product} deviceKey={key} />;
    } catch (error) {
      // SPEC §8 route guard: 'missing ctx.data.imsi' / 'missing ctx.data.imei', shown as an error state.
      content = <MissingKey detail={error instanceof Error ? error.message : String(error)} />;
    }
  }
  return <Translations translations={LOGS_TRANSLATIONS}>{content}</Translations>;
}

function DeviceLogs({ product, deviceKey }: { product: ProductId; deviceKey: string }) {
  const t = useT();
  const { state, retry } = useLogDevice(product, deviceKey);
  const info = PRODUCTS[product];
  switch (state.status) {
    case 'loading':
      return (
        <Page title={info.name} back={dashboardPath(deviceKey)}>
          <p className="pd-devices-loading" role="status">
            {t(m.loading)}
          </p>
        </Page>
      );
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
      return <LogsPage product={product} device={state.device} deviceKey={deviceKey} />;
  }
}

function MissingKey({ detail }: { detail: string }) {
  const t = useT();
  return <Problem title={t(m.notFoundTitle)}>{t(m.missingKey, { detail })}</Problem>;
}

/** A log page that cannot be shown: what happened, a way back and, where it may help, Try again. */
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
