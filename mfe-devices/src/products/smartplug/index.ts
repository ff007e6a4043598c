import { lazy } from 'react';
import { displayTemperature } from '@paddock/shared/domain';
import { dashboardTexts } from '../../dashboard/messages';
import { PowerToggle } from '../../dashboard/PowerToggle';
import { consumptionCostLines } from '../consumptionCost';
import { IMEI_REGISTRATION, type DeviceProductUi } from '../types';
import { icons } from '@paddock/shared/ui';
import { picture } from './picture';

const m = dashboardTexts.messages;

/** SmartPlug (docs/product/screens.md): its card shows load, consumption (and its cost at the user's energy price), temperature and signal, and has a power switch. */
export const smartplugUi: DeviceProductUi<'smartplug'> = {
  icon: icons.powerPlug,
  picture,
  Settings: lazy(() => import('./Settings')),
  nameExample: 'plug',
  details: (device, format) => {
    const { intl, t, orDash, time, watts, wattHours, percent } = format;
    return [
      { id: 'load', label: t(m.load), value: orDash(device.Load, watts), primary: true },
      { id: 'consumption', label: t(m.consumption), value: orDash(device.Consumption, wattHours) },
      ...consumptionCostLines(device.Consumption, format),
      {
        id: 'temperature',
        label: t(m.temperature),
        value: orDash(displayTemperature(device.Temperature), (v) =>
          intl.formatNumber(v, { style: 'unit', unit: 'celsius', maximumFractionDigits: 1 }),
        ),
      },
      { id: 'signal', label: t(m.signal), value: orDash(device.SignalStrength, percent) },
      { id: 'lastReading', label: t(m.lastReading), value: time(device.LastUplinkAt) },
    ];
  },
  registration: IMEI_REGISTRATION,
  PowerSwitch: PowerToggle,
};
