import { useEffect, useRef, useState } from 'react';
import { devicesApi } from '@paddock/shared/api';
import type { Device, Smartplug, Smartplug2 } from '@paddock/shared/contract';
import { POWER_SUCCESS_TICK_MS } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Icon, uiTexts } from '@paddock/shared/ui';
import { dashboardTexts } from './messages';

const m = dashboardTexts.messages;

/**
 * docs/product/states.md power toggle on plugs: flips PowerEnabled (SmartPlug through power-enabled, SmartPlug2 through
 * OutputPower), spins while the device is asked, swaps the on/off icon and shows a short tick on success. A
 * failure shows the shared handler's error toast and leaves the switch as it was.
 */
export function PowerToggle({ device, onChange }: { device: Smartplug | Smartplug2; onChange: (device: Device) => void }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const mounted = useRef(true);
  const on = device.PowerEnabled;

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
    try {
      const updated = await devicesApi.setPower(device.Product, device.Imei, !on);
      if (updated) onChange(updated);
      if (mounted.current) setDone(true);
    } catch {
      // The shared failed-reply handler has shown the error toast.
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
        disabled={busy}
        className={['pd-power__switch', on ? 'pd-power__switch--on' : ''].join(' ')}
        onClick={() => void toggle()}
      >
        {busy ? (
          <span className="pd-spinner" role="status" aria-label={t(uiTexts.messages.busy)} />
        ) : (
          <Icon name={on ? 'toggle-on' : 'toggle-off'} size={32} />
        )}
        <span aria-hidden="true">{state}</span>
      </button>
      {done ? (
        <span className="pd-power__tick" role="status">
          <Icon name="check-circle" />
          <span className="pd-visually-hidden">{t(m.powerDone, { state })}</span>
        </span>
      ) : null}
    </span>
  );
}
