import { initialFields } from '../representation';
import { configAfterChange } from './configSync';
import { deepMerge } from '../changes';

describe('configAfterChange', () => {
  it('a new device gets version 1 and a pending sync', () => {
    const state = configAfterChange('fencealarm2', null, initialFields('fencealarm2'), 0);
    expect(state.configVersion).toBe(1);
    expect(state.fields.ConfigSync).toEqual({ Pending: true, AppliedAt: null });
    expect(state.message).toEqual({ AlarmEnabled: false, Threshold: 5010, Version: 1 });
  });

  it('a change of settings gets the next version and keeps when it was last applied', () => {
    const before = { ...initialFields('smartplug'), ConfigSync: { Pending: false, AppliedAt: '2026-03-01T10:00:00.000Z' } };
    const after = deepMerge(before, { BeepEnabled: false });
    const state = configAfterChange('smartplug', before, after, 4);
    expect(state.configVersion).toBe(5);
    expect(state.fields).toMatchObject({ BeepEnabled: false, ConfigSync: { Pending: true, AppliedAt: '2026-03-01T10:00:00.000Z' } });
    expect(state.message).toMatchObject({ Version: 5, BeepEnabled: false });
  });

  it('a change of anything else (a name, a live value, the relay) publishes nothing', () => {
    const before = { ...initialFields('smartplug2'), ConfigSync: { Pending: false, AppliedAt: null } };
    const after = deepMerge(before, { Load: 5, DeviceConfig: { OutputPower: false } });
    expect(configAfterChange('smartplug2', before, after, 3)).toEqual({ fields: after, configVersion: 3, message: null });
  });

  it('a FarmCam SIM has no configuration', () => {
    expect(configAfterChange('farmcam-sim', null, initialFields('farmcam-sim'), 0)).toEqual({
      fields: initialFields('farmcam-sim'),
      configVersion: 0,
      message: null,
    });
  });
});
