import { lazy } from 'react';
import { dashboardTexts } from '../../dashboard/messages';
import { IMEI_REGISTRATION, type DeviceProductUi } from '../types';
import { icons } from '@paddock/shared/ui';
import { picture } from './picture';

const m = dashboardTexts.messages;

/** FenceAlarm (docs/product/screens.md): its card shows the last report's fence voltage, battery and signal. */
export const fencealarmUi: DeviceProductUi<'fencealarm'> = {
  icon: icons.fence,
  picture,
  Settings: lazy(() => import('./Settings')),
  nameExample: 'fence',
  details: (device, { t, num, orDash, time, volts }) => {
    const report = device.LastReport;
    return [
      { id: 'voltage', label: t(m.voltage), value: orDash(report?.Data.Voltage, volts), primary: true },
      { id: 'battery', label: t(m.battery), value: orDash(report?.Data.Battery, (v) => t(m.volts, { value: num(v, 1) })) },
      { id: 'signal', label: t(m.signal), value: orDash(report?.Data.Rssi, (v) => t(m.dbm, { value: num(v) })) },
      { id: 'lastReading', label: t(m.lastReading), value: time(report?.Timestamp) },
    ];
  },
  registration: IMEI_REGISTRATION,
};
