import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { ApiError, devicesApi, idempotencyHeaders, newIdempotencyKey } from '@paddock/shared/api';
import type { Device, Smartplug, Smartplug2 } from '@paddock/shared/contract';
import { POWER_SUCCESS_TICK_MS } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Icon, uiTexts, icons } from '@paddock/shared/ui';
import { dashboardTexts } from './messages';
import { useAppOffline } from './offline/appOffline';

const m = dashboardTexts.messages;

/** The request options of a device command: a device's silence is never the app's connection failure (docs/product/errors.md). */
export const DEVICE_COMMAND_OPTIONS = { background: true, optional: true, silent: true } as const;

/**
 * docs/product/states.md power toggle on plugs: flips PowerEnabled (SmartPlug through power-enabled, SmartPlug2 through
 * OutputPower), spins while the device is asked, swaps the on/off icon and shows a short tick on success. The call
 * neither covers the app with the loading overlay nor, on a time-out, shows the connection-failure page: a failure
 * is told on this card only (`onError`, the card's error line) and leaves the switch as it was. A plug the server
 * knows is offline is refused at once (409 device_offline); the card then fetches the plug again to show when it was
 * last seen. Disabled while the card shows the plug offline.
 */
export function PowerToggle({
  device,
  onChange,
  onError,
}: {
  device: Smartplug | Smartplug2;
  onChange: (device: Device) => void;
  onError?: (message: string | null) => void;
}) {
  const t = useT();
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const mounted = useRef(true);
  const on = device.PowerEnabled;
  // The plug is offline, or the app is (docs/product/installable-app.md): nothing to switch now.
  const appOffline = useAppOffline();
  const offline = device.Connection?.Offline === true || appOffline;
  const lastSeen = (iso: string | null | undefined) =>
    iso ? intl.formatDate(iso, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }) : t(m.noReportYet);

  /** What the card says about a failed switch, in the user's words and time zone. */
  const failureText = async (error: unknown): Promise<string> => {
    if (!(error instanceof ApiError)) return t(m.powerFailed);
    if (error.code === 'device_offline') {
      // Fetch the plug again: the card greys out and the text names the local time it was last seen.
      const fresh = await devicesApi.get(device.Product, device.Imei, DEVICE_COMMAND_OPTIONS).catch(() => null);
      if (fresh) onChange(fresh);
      return fresh ? t(m.powerOffline, { time: lastSeen(fresh.Connection?.LastSeenAt) }) : error.serverMessage || t(m.powerFailed);
    }
    if (error.status === 408 || error.code === 'device_timeout') return t(m.powerNoAnswer);
    return (error.status >= 400 && error.serverMessage) || t(m.powerFailed);
  };

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(false), POWER_SUCCESS_TICK_MS);
    return () => clearTimeout(timer);
  }, [done]);

  const toggle = async () => {
    setBusy(true);
    setDone(false);
    onError?.(null);
    try {
      // One key per tap, sent with every try of it: a retried request never switches the plug twice (docs/protocol.md
      // "Commands are idempotent").
      const updated = await devicesApi.setPower(
        device.Product,
        device.Imei,
        !on,
        idempotencyHeaders(newIdempotencyKey(), DEVICE_COMMAND_OPTIONS),
      );
      if (updated) onChange(updated);
      if (mounted.current) setDone(true);
    } catch (error) {
      const text = await failureText(error);
      if (mounted.current) onError?.(text);
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  const state = t(on ? m.powerOn : m.powerOff);
  return (
    <span className="pd-power">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={t(m.power)}
        aria-busy={busy || undefined}
        disabled={busy || offline}
        className={['pd-power__switch', on ? 'pd-power__switch--on' : ''].join(' ')}
        onClick={() => void toggle()}
      >
        {busy ? (
          <span className="pd-spinner" role="status" aria-label={t(uiTexts.messages.busy)} />
        ) : (
          <Icon icon={on ? icons.toggleOn : icons.toggleOff} size={32} />
        )}
        <span aria-hidden="true">{state}</span>
      </button>
      {done ? (
        <span className="pd-power__tick" role="status">
          <Icon icon={icons.checkCircle} />
          <span className="pd-visually-hidden">{t(m.powerDone, { state })}</span>
        </span>
      ) : null}
    </span>
  );
}
