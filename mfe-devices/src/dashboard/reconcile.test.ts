import { deviceList, fencealarm, smartplug } from '../common/testing';
import { reuseUnchanged } from './reconcile';

test('reuseUnchanged keeps the objects of unchanged devices, takes the changed one, and the whole list when nothing changed', () => {
  const before = deviceList({
    Fencealarms: [fencealarm('North', { Imei: '356938035643801' }), fencealarm('South', { Imei: '356938035643802' })],
    Smartplugs: [smartplug('Pump')],
  });
  const again = structuredClone(before);
  expect(reuseUnchanged(before, again)).toBe(before);

  const changed = structuredClone(before);
  changed.Fencealarms[1].Config.AlarmLevel = 2500;
  const merged = reuseUnchanged(before, changed);
  expect(merged.Fencealarms[0]).toBe(before.Fencealarms[0]);
  expect(merged.Fencealarms[1]).toBe(changed.Fencealarms[1]);
  expect(merged.Smartplugs).toBe(before.Smartplugs);
});
