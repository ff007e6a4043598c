import { checkDeviceName, checkImei, checkImsi } from '../domain/deviceKeys';
import { devicePath, logsPath, registerPath } from '../domain/paths';
import { isOffered, offeredProducts } from '../domain/variants';
import { PRODUCTS, allDevices, groupDevices, listKeyOf, productOfRouteId, type DeviceList } from '.';

const named = (Name: string) => ({ Metadata: { Name } }) as never;

describe('products', () => {
  test('ids, route ids and names (docs/product/overview.md)', () => {
    expect(Object.keys(PRODUCTS)).toEqual(['farmcam-sim', 'fencealarm', 'fencealarm2', 'smartplug', 'smartplug2']);
    expect(PRODUCTS['farmcam-sim'].routeId).toBe('farm-cam-sim');
    expect(PRODUCTS.fencealarm2.routeId).toBe('fencealarm2');
    expect(productOfRouteId('farm-cam-sim')).toBe('farmcam-sim');
    expect(productOfRouteId('farmcam-sim')).toBe('farmcam-sim');
    expect(productOfRouteId('smartplug2')).toBe('smartplug2');
    expect(productOfRouteId('toaster')).toBeNull();
    expect(PRODUCTS['farmcam-sim'].name).toBe('FarmCam SIM');
    expect(PRODUCTS['farmcam-sim'].keyField).toBe('Imsi');
    expect(PRODUCTS.smartplug.keyField).toBe('Imei');
  });

  test('variants: the partner variant offers no FarmCam SIM (docs/product/overview.md)', () => {
    expect(offeredProducts('default')).toEqual(['farmcam-sim', 'fencealarm', 'fencealarm2', 'smartplug', 'smartplug2']);
    expect(offeredProducts('partner')).toEqual(['fencealarm', 'fencealarm2', 'smartplug', 'smartplug2']);
    expect(isOffered('partner', 'farmcam-sim')).toBe(false);
    expect(isOffered('partner', 'smartplug2')).toBe(true);
  });

  test('paths use the data key (docs/product/screens.md)', () => {
    expect(registerPath('farmcam-sim')).toBe('/devices/register/farmcam-sim');
    expect(devicePath('farmcam-sim', '240011234567890')).toBe('/farmcam-sim/240011234567890');
    expect(logsPath('fencealarm2', '356938035643809')).toBe('/fencealarm2/356938035643809/logs');
  });

  test('list keys of the device list (docs/product/devices.md)', () => {
    expect(listKeyOf('farmcam-sim')).toBe('FarmcamSims');
    expect(listKeyOf('fencealarm')).toBe('Fencealarms');
    expect(listKeyOf('fencealarm2')).toBe('Fencealarm2s');
    expect(listKeyOf('smartplug')).toBe('Smartplugs');
    expect(listKeyOf('smartplug2')).toBe('Smartplug2s');
  });

  test('IMEI and IMSI are 15 digits; the name is required', () => {
    expect(checkImei('')).toBe('required');
    expect(checkImei('35693803564380')).toBe('invalid');
    expect(checkImei('3569380356438091')).toBe('invalid');
    expect(checkImei('35693803564380a')).toBe('invalid');
    expect(checkImei(' 356938 035643809 ')).toBeNull();
    expect(checkImsi('240011234567890')).toBeNull();
    expect(checkImsi('24001123456789')).toBe('invalid');
    expect(checkDeviceName('  ')).toBe('required');
    expect(checkDeviceName('Gate')).toBeNull();
    expect(checkDeviceName('x'.repeat(65))).toBe('tooLong');
  });

  test('dashboard groups by type in product order, sorted by name, empty groups dropped (docs/product/screens.md)', () => {
    const list = {
      FarmcamSims: [],
      Fencealarms: [named('south'), named('North'), named('Fence 10'), named('Fence 9')],
      Fencealarm2s: [],
      Smartplugs: [named('Pump')],
      Smartplug2s: [],
    } as unknown as DeviceList;
    const groups = groupDevices(list, offeredProducts('default'), 'en-GB');
    expect(groups.map((g) => g.product)).toEqual(['fencealarm', 'smartplug']);
    expect(groups[0].devices.map((d) => d.Metadata.Name)).toEqual(['Fence 9', 'Fence 10', 'North', 'south']);
    expect(allDevices(list)).toHaveLength(5);
  });
});
