// The device products of this remote, one folder each (see ./README.md): the routes, the register chooser, the
// cards and the settings route are derived from this map.
import { farmcamSimUi } from './farmcam-sim';
import { fencealarmUi } from './fencealarm';
import { fencealarm2Ui } from './fencealarm2';
import { smartplugUi } from './smartplug';
import { smartplug2Ui } from './smartplug2';
import type { DeviceProductRegistry } from './types';

export const DEVICE_PRODUCTS: DeviceProductRegistry = {
  'farmcam-sim': farmcamSimUi,
  fencealarm: fencealarmUi,
  fencealarm2: fencealarm2Ui,
  smartplug: smartplugUi,
  smartplug2: smartplug2Ui,
};
