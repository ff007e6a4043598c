import { keyParamOf, requireDeviceKey, requireRouteParam } from './routeParams';

describe('route parameters and guards (docs/product/errors.md)', () => {
  it('names the key parameter of each product', () => {
    expect(keyParamOf('farmcam-sim')).toBe('imsi');
    expect(keyParamOf('fencealarm')).toBe('imei');
    expect(keyParamOf('smartplug2')).toBe('imei');
  });

  it('answers the value, trimmed', () => {
    expect(requireRouteParam({ id: ' u1 ' }, 'id')).toBe('u1');
    expect(requireDeviceKey('farmcam-sim', { imsi: '240011234567890' })).toBe('240011234567890');
  });

  it('raises the route guard errors when the parameter is missing or blank', () => {
    expect(() => requireRouteParam({}, 'id')).toThrow('missing ctx.data.id');
    expect(() => requireDeviceKey('farmcam-sim', { imei: '1' })).toThrow('missing ctx.data.imsi');
    expect(() => requireDeviceKey('fencealarm', { imei: '  ' })).toThrow('missing ctx.data.imei');
  });
});
