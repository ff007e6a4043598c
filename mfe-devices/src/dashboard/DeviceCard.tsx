import { useAtomValue } from 'jotai';
import { memo, useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Device, DeviceOf, DeviceTrend, EnergyPrice } from '@paddock/shared/contract';
import {
  PRODUCT_RULES,
  deviceKey,
  devicePath,
  isDeviceOwner,
  logsPath,
  valuesAge,
  type Prices,
  type ProductId,
} from '@paddock/shared/domain';
import { activeUserAtom } from '@paddock/shared/session';
import { Card, Dialog, Icon, IconButton, renewalTexts, uiTexts, icons } from '@paddock/shared/ui';
import { alarmLogLinkTexts } from '../alarms/link/messages';
import { alarmLogPath } from '../alarms/paths';
import { rememberLastDevice } from '../common/lastDevice';
import { DEVICE_PRODUCTS } from '../products';
import { STATUS_ICON, statusText, useCardGlance } from './cardState';
import { useAppOffline } from './offline/appOffline';
import { dashboardTexts } from './messages';
import { ProductPicture } from './ProductPicture';
import { Sparkline } from './Sparkline';
import { WARNING_TEXT } from './warningTexts';
import './offline.css';

const m = dashboardTexts.messages;

export interface DeviceCardProps {
  device: Device;
  /** The card named by ?id= (scrolled to and highlighted). */
  highlighted: boolean;
  onDeviceChange: (device: Device) => void;
  /** The price catalogue, which names the plans (null while it loads or when it failed). */
  prices: Prices | null;
  /** The user's energy price, which prices the plugs' consumption (null when none is set). */
  energyPrice: EnergyPrice | null;
  /** The main measure over the last hours (useTrends), null while it loads or when the device did not report. */
  trend?: DeviceTrend['Points'] | null;
  /** The end of the trend's window, in ms. */
  trendEnd?: number;
}

/** The DOM id of a device's card (for ?id= scrolling). */
export const cardId = (key: string) => `device-${key}`;

/** docs/product/devices.md "Connection": what the server knows of the device's link; undefined for FarmCam SIM (and older replies). */
const connectionOf = (device: Device) => ('Connection' in device ? device.Connection : undefined);

/**
 * One device on the dashboard (docs/product/screens.md): name, product, its state at a glance (docs/product/states.md
 * "State at a glance", domain deviceGlance: OK only when fine and watched; a low fence even with its alarm off; paused
 * alarms said with a link to the plan; by colour, icon and text; an offline card greys out its values, says when the
 * device was last seen and how old its values are, and disables its switch; a device that never reported waits for its
 * first report),
 * a flashing warning icon opening the warnings dialog, the detail lines, and logs, settings and power controls.
 * Memoized: a card renders again only when its device object changes (see reconcile.ts).
 */
export const DeviceCard = memo(function DeviceCard({
  device,
  highlighted,
  onDeviceChange,
  prices,
  energyPrice,
  trend,
  trendEnd = 0,
}: DeviceCardProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const nameId = useId();
  const [warningsOpen, setWarningsOpen] = useState(false);
  const [dialogMounted, setDialogMounted] = useState(false);
  /** A failed device command, told on this card only (docs/product/errors.md). */
  const [commandError, setCommandError] = useState<string | null>(null);
  // docs/product/installable-app.md: without a connection the card shows its last values and nothing on it acts.
  const appOffline = useAppOffline();
  const key = deviceKey(device);
  const product = PRODUCT_RULES[device.Product];
  const name = device.Metadata.Name;

  const user = useAtomValue(activeUserAtom);
  const isOwner = isDeviceOwner(user?.Email, device.Metadata.OwnerEmail);
  const { glance, details } = useCardGlance(device, intl, prices, energyPrice);
  const { status, warnings, alarmsPaused, valuesAt, paymentRetryAt, trialEndsAt } = glance;
  const connection = connectionOf(device);
  const offline = status === 'offline';
  const lastSeen = connection?.LastSeenAt
    ? t(m.lastSeen, {
        time: intl.formatDate(connection.LastSeenAt, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }),
      })
    : t(m.noReportYet);
  const primary = details.filter((d) => d.primary);
  const secondary = details.filter((d) => !d.primary);

  const openWarnings = () => {
    setDialogMounted(true);
    setWarningsOpen(true);
  };

  return (
    <Card
      id={cardId(key)}
      className={['pd-device', `pd-device--${status}`, highlighted ? 'pd-device--highlighted' : ''].join(' ')}
      as="article"
      aria-labelledby={nameId}
      tabIndex={-1}
      data-testid={cardId(key)}
    >
      <header className="pd-device__head">
        <ProductPicture product={device.Product} />
        <div className="pd-device__titles">
          <h3 id={nameId} className="pd-device__name">
            {name}
          </h3>
          <p className="pd-device__product">{product.name}</p>
        </div>
        {warnings.length > 0 ? (
          <IconButton
            icon={icons.warning}
            label={t(m.showWarnings)}
            className="pd-device__warn"
            aria-haspopup="dialog"
            onClick={openWarnings}
            disabled={appOffline}
          />
        ) : null}
      </header>
      <p className={`pd-device__status pd-device__status--${status}`}>
        <Icon icon={STATUS_ICON[status]} size={20} />
        <span>{statusText(intl, status, warnings.length)}</span>
      </p>
      {alarmsPaused ? (
        <p className="pd-device__paused" data-testid="alarms-paused">
          <Icon icon={icons.notificationsPaused} size={20} />
          {appOffline ? (
            <span>{t(m.alarmsPaused)}</span>
          ) : (
            // The plan is chosen on the device's settings page (docs/product/states.md Plan choice).
            <Link to={devicePath(device.Product, key)} onClick={() => rememberLastDevice(key)}>
              {t(m.alarmsPaused)}
            </Link>
          )}
        </p>
      ) : null}
      {paymentRetryAt ? (
        // docs/product/billing.md "A declined renewal": the owner's only (the server sends it to no one else).
        <p className="pd-device__payment" data-testid="payment-failed">
          <Icon icon={icons.error} size={20} />
          {appOffline ? <span>{t(renewalTexts.messages.paymentFailed)}</span> : <Link to="/billing">{t(renewalTexts.messages.paymentFailed)}</Link>}
        </p>
      ) : null}
      {trialEndsAt && isOwner && !alarmsPaused ? (
        <p className="pd-device__trial" data-testid="trial-ends">
          <Icon icon={icons.warning} size={20} />
          {appOffline ? (
            <span>{t(m.trialEnds, { date: intl.formatDate(trialEndsAt, { day: 'numeric', month: 'long' }) })}</span>
          ) : (
            <Link to={devicePath(device.Product, key)} onClick={() => rememberLastDevice(key)}>
              {t(m.trialEnds, { date: intl.formatDate(trialEndsAt, { day: 'numeric', month: 'long' }) })}
            </Link>
          )}
        </p>
      ) : null}
      {offline && connection ? (
        <p className="pd-device__seen" data-testid="last-seen">
          {lastSeen}
        </p>
      ) : null}
      {valuesAt ? <ValuesAgeLine at={valuesAt} /> : null}
      {primary.map((line) => (
        <p key={line.id} className="pd-device__primary" data-detail={line.id}>
          <span className="pd-device__primary-label">{line.label}</span>
          <span className="pd-device__primary-value">{line.value}</span>
        </p>
      ))}
      <Sparkline points={trend} end={trendEnd} label={t(m.trendLabel)} product={device.Product} />
      <dl className="pd-device__details">
        {secondary.map((line) => (
          <div key={line.id} className="pd-device__detail" data-detail={line.id}>
            <dt>{line.label}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      <footer className="pd-device__footer">
        {appOffline ? (
          <>
            <IconButton icon={icons.monitoring} label={t(m.logs)} disabled />
            <IconButton icon={icons.settings} label={t(m.settings)} disabled />
          </>
        ) : (
          <>
            <Link
              className="pd-icon-btn"
              to={logsPath(device.Product, key)}
              onClick={() => rememberLastDevice(key)}
              aria-label={t(m.logs)}
              title={t(m.logs)}
            >
              <Icon icon={icons.monitoring} />
            </Link>
            <Link
              className="pd-icon-btn"
              to={devicePath(device.Product, key)}
              onClick={() => rememberLastDevice(key)}
              aria-label={t(m.settings)}
              title={t(m.settings)}
            >
              <Icon icon={icons.settings} />
            </Link>
          </>
        )}
        <PowerSwitch product={device.Product} device={device} onChange={onDeviceChange} onError={setCommandError} />
      </footer>
      {commandError ? (
        <p className="pd-device__error" role="alert">
          <Icon icon={icons.error} size={20} />
          <span>{commandError}</span>
          <IconButton icon={icons.close} label={t(uiTexts.messages.close)} onClick={() => setCommandError(null)} />
        </p>
      ) : null}
      {dialogMounted ? (
        <Dialog open={warningsOpen} title={t(m.warningsTitle, { name })} onClose={() => setWarningsOpen(false)}>
          <ul className="pd-device__warnings">
            {warnings.map((code) => (
              <li key={code}>
                <Icon icon={icons.warning} size={20} />
                <span>{t(WARNING_TEXT[code])}</span>
              </li>
            ))}
          </ul>
          {appOffline ? null : (
            <p className="pd-device__alarm-log">
              <Link to={alarmLogPath(key)} onClick={() => rememberLastDevice(key)}>
                {t(alarmLogLinkTexts.messages.link)}
              </Link>
            </p>
          )}
        </Dialog>
      ) : null}
    </Card>
  );
});

/** How often an offline card's "Values from … ago" is brought up to date (the card itself renders only when its device changes). */
const AGE_TICK_MS = 60_000;

/** docs/product/states.md "State at a glance": an offline device's values with their age ("Values from 5 hours ago"). */
function ValuesAgeLine({ at }: { at: Date }) {
  const intl = useIntl();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), AGE_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const { value, unit } = valuesAge(at, now);
  return (
    <p className="pd-device__seen pd-device__age" data-testid="values-age">
      {intl.formatMessage(m.valuesAge, { age: intl.formatRelativeTime(-value, unit, { numeric: 'always' }) })}
    </p>
  );
}

/** docs/product/states.md the power switch of a product that has one (the plugs); nothing for the others. */
export function PowerSwitch<P extends ProductId>({
  product,
  device,
  onChange,
  onError,
}: {
  product: P;
  device: DeviceOf<P>;
  onChange: (device: Device) => void;
  onError: (message: string | null) => void;
}) {
  const { PowerSwitch: Switch } = DEVICE_PRODUCTS[product];
  return Switch ? <Switch device={device} onChange={onChange} onError={onError} /> : null;
}
