import { memo, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { Device, EnergyPrice } from '@paddock/shared/contract';
import { deviceKey, devicePath, type Prices } from '@paddock/shared/domain';
import { Card, Icon, IconButton, icons, uiTexts } from '@paddock/shared/ui';
import { rememberLastDevice } from '../common/lastDevice';
import { STATUS_ICON, statusText, useCardGlance } from './cardState';
import { PowerSwitch, cardId } from './DeviceCard';
import { dashboardTexts } from './messages';
import { useAppOffline } from './offline/appOffline';
import { ProductPicture } from './ProductPicture';
import './offline.css';

const m = dashboardTexts.messages;

export interface CompactDeviceCardProps {
  device: Device;
  /** The card named by ?id= (scrolled to and highlighted). */
  highlighted: boolean;
  onDeviceChange: (device: Device) => void;
  prices: Prices | null;
  energyPrice: EnergyPrice | null;
}

/**
 * One device in the dashboard's compact view (docs/product/screens.md /devices, issue 30: several cards on a phone's
 * screen): its drawing, name, state at a glance (the detailed card's rule, docs/product/states.md "State at a glance":
 * never OK for a low fence; paused alarms and a failed payment said), its key value (greyed when offline) and, on
 * plugs, the power switch. The whole card opens the device's page, as the detailed card's settings button does.
 * Memoized like DeviceCard: it renders again only when its device object changes.
 */
export const CompactDeviceCard = memo(function CompactDeviceCard({
  device,
  highlighted,
  onDeviceChange,
  prices,
  energyPrice,
}: CompactDeviceCardProps) {
  const intl = useIntl();
  const nameId = useId();
  const [commandError, setCommandError] = useState<string | null>(null);
  const appOffline = useAppOffline();
  const key = deviceKey(device);
  const name = device.Metadata.Name;
  const { glance, details } = useCardGlance(device, intl, prices, energyPrice);
  const { status, warnings, paymentRetryAt } = glance;
  const primary = details.find((line) => line.primary);
  // The badge holds one state: paused alarms and a declined renewal are the compact card's state, said in words.
  const paymentFailed = paymentRetryAt !== null && status === 'ok';
  const badge = paymentFailed
    ? intl.formatMessage(m.statusPaymentFailed)
    : status === 'paused'
      ? intl.formatMessage(m.statusAlarmsPaused)
      : statusText(intl, status, warnings.length);
  const badgeKind = paymentFailed ? 'warning' : status;

  return (
    <Card
      id={cardId(key)}
      className={['pd-device', 'pd-device--compact', `pd-device--${status}`, highlighted ? 'pd-device--highlighted' : ''].join(' ')}
      as="article"
      aria-labelledby={nameId}
      tabIndex={-1}
      data-testid={cardId(key)}
      data-view="compact"
    >
      <div className="pd-compact__row">
        <ProductPicture product={device.Product} />
        <div className="pd-compact__main">
          <h3 id={nameId} className="pd-compact__name">
            {appOffline ? (
              name
            ) : (
              <Link className="pd-compact__open" to={devicePath(device.Product, key)} onClick={() => rememberLastDevice(key)}>
                {name}
              </Link>
            )}
          </h3>
          <p className="pd-compact__line">
            <span className={`pd-device__status pd-device__status--${badgeKind}`} data-testid="compact-status">
              <Icon icon={paymentFailed ? icons.error : STATUS_ICON[status]} size={18} />
              <span>{badge}</span>
            </span>
            {primary ? (
              <span className="pd-compact__value" data-detail={primary.id}>
                <span className="pd-visually-hidden">{primary.label}: </span>
                {primary.value}
              </span>
            ) : null}
          </p>
        </div>
        <PowerSwitch product={device.Product} device={device} onChange={onDeviceChange} onError={setCommandError} />
      </div>
      {commandError ? (
        <p className="pd-device__error" role="alert">
          <Icon icon={icons.error} size={20} />
          <span>{commandError}</span>
          <IconButton icon={icons.close} label={intl.formatMessage(uiTexts.messages.close)} onClick={() => setCommandError(null)} />
        </p>
      ) : null}
    </Card>
  );
});
