import { useEffect, useMemo, useState } from 'react';
import type { IntlShape } from 'react-intl';
import type { Device, EnergyPrice } from '@paddock/shared/contract';
import { deviceGlance, type GlanceStatus, type Prices } from '@paddock/shared/domain';
import { icons, type IconSymbol } from '@paddock/shared/ui';
import { detailLines } from './details';
import { dashboardTexts } from './messages';

const m = dashboardTexts.messages;

// Each icon named, not looked up by key: the icon set stays tree-shaken (docs/architecture/README.md#budgets).
export const STATUS_ICON: Record<GlanceStatus, IconSymbol> = {
  ok: icons.checkCircle,
  paused: icons.notificationsPaused,
  attention: icons.warning,
  warning: icons.error,
  offline: icons.error,
  waiting: icons.refresh,
};

/** The words of a card's state at a glance (docs/product/states.md "State at a glance"), the same on both views. */
export function statusText(intl: IntlShape, status: GlanceStatus, warningCount: number): string {
  const t = intl.formatMessage;
  switch (status) {
    case 'ok':
      return t(m.statusOk);
    case 'paused':
      return t(m.statusNoWarnings);
    case 'attention':
      return t(m.statusLowVoltage);
    case 'waiting':
      return t(m.statusWaiting);
    case 'offline':
      return t(m.statusOffline);
    default:
      return t(m.statusWarnings, { count: warningCount });
  }
}

/**
 * A card's state at a glance (domain deviceGlance) and detail lines, computed again when the device changes and at
 * the end of its trial (the device object has not changed then, yet the alarms are paused from that moment).
 */
export function useCardGlance(device: Device, intl: IntlShape, prices: Prices | null, energyPrice: EnergyPrice | null) {
  // Moved on when the trial ends, so the card says the alarms are paused then, without waiting for a new reply.
  const [endTick, setEndTick] = useState(0);
  const state = useMemo(() => {
    const now = new Date(Math.max(Date.now(), endTick));
    return { glance: deviceGlance(device, now), details: detailLines(device, intl, now, prices, energyPrice) };
  }, [device, intl, prices, energyPrice, endTick]);
  const trialEnd = state.glance.trialEndsAt?.getTime() ?? null;
  useEffect(() => {
    if (trialEnd === null) return;
    // trialEndsAt is at most 7 days ahead: well within setTimeout's range.
    const timer = setTimeout(() => setEndTick(Date.now()), Math.max(0, trialEnd - Date.now() + 1000));
    return () => clearTimeout(timer);
  }, [trialEnd]);
  return state;
}
