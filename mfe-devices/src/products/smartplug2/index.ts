import { lazy } from 'react';
import { dashboardTexts } from '../../dashboard/messages';
import { PowerToggle } from '../../dashboard/PowerToggle';
import { consumptionCostLines } from '../consumptionCost';
import type { DeviceProductUi } from '../types';
import { icons } from '@paddock/shared/ui';
import { picture } from './picture';

const m = dashboardTexts.messages;

/** SmartPlug2 (docs/product/screens.md): registered with an optional owner; its card shows load, consumption (and its cost at the user's energy price) and signal, and has a power switch. */
export const smartplug2Ui: DeviceProductUi<'smartplug2'> = {
  icon: icons.outlet,
  picture,
  Settings: lazy(() => import('./Settings')),
  nameExample: 'plug',
  details: (device, format) => {
    const { t, orDash, time, watts, wattHours, percent } = format;
    return [
      { id: 'load', label: t(m.load), value: orDash(device.Load, watts), primary: true },
      { id: 'consumption', label: t(m.consumption), value: orDash(device.Consumption, wattHours) },
      ...consumptionCostLines(device.Consumption, format),
      { id: 'signal', label: t(m.signal), value: orDash(device.SignalStrength, percent) },
      { id: 'lastReading', label: t(m.lastReading), value: time(device.LastUploadAt) },
    ];
  },
  registration: {
    asksOwner: true,
    body: ({ key, name, owner }) => ({ Imei: key, Name: name, ...(owner ? { Owner: owner } : {}) }),
  },
  PowerSwitch: PowerToggle,
};
