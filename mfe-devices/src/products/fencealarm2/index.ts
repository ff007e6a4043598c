import { lazy } from 'react';
import { dashboardTexts } from '../../dashboard/messages';
import { IMEI_REGISTRATION, type DeviceProductUi } from '../types';
import { icons } from '@paddock/shared/ui';
import { picture } from './picture';

const m = dashboardTexts.messages;

/** FenceAlarm2 (docs/product/screens.md): its card shows the fence voltage and the last uplink. */
export const fencealarm2Ui: DeviceProductUi<'fencealarm2'> = {
  icon: icons.electricBolt,
  picture,
  Settings: lazy(() => import('./Settings')),
  nameExample: 'fence',
  details: (device, { t, orDash, time, volts }) => [
    { id: 'voltage', label: t(m.voltage), value: orDash(device.Voltage, volts), primary: true },
    { id: 'lastReading', label: t(m.lastReading), value: time(device.LastUplinkAt) },
  ],
  registration: IMEI_REGISTRATION,
};
