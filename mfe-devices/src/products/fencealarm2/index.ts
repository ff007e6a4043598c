import { lazy } from 'react';
import { dashboardTexts } from '../../dashboard/messages';
import { IMEI_REGISTRATION, type DeviceProductUi } from '../types';
import { icons } from '@paddock/shared/ui';
import { picture } from './picture';

const m = dashboardTexts.messages;

/** FenceAlarm2 (docs/product/screens.md): its card shows the fence voltage and the last uplink, and a firmware update under way. */
export const fencealarm2Ui: DeviceProductUi<'fencealarm2'> = {
  icon: icons.electricBolt,
  picture,
  Settings: lazy(() => import('./Settings')),
  nameExample: 'fence',
  details: (device, { t, orDash, time, volts }) => [
    { id: 'voltage', label: t(m.voltage), value: orDash(device.Voltage, volts), primary: true },
    { id: 'lastReading', label: t(m.lastReading), value: time(device.LastUplinkAt) },
    // An update under way (docs/product/firmware-campaigns.md "What owners see"): it may restart and go quiet meanwhile.
    ...(device.Firmware?.Pending
      ? [{ id: 'firmware', label: t(m.firmwareLine), value: t(m.updatingFirmware, { progress: Math.round(device.Firmware.Pending.Progress) }) }]
      : []),
  ],
  registration: IMEI_REGISTRATION,
};
