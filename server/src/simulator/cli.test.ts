import { cliSettings } from './cli';
import { demoInventory, DEMO_DEVICES_PER_PRODUCT } from '../devices/inventory';

describe('npm run simulate settings', () => {
  it('defaults to the local broker, 10 s and the demo inventory with the default secret', () => {
    const settings = cliSettings({});
    expect(settings.url).toBe('mqtt://127.0.0.1:1883');
    expect(settings.intervalSeconds).toBe(10);
    expect(settings.devices).toHaveLength(5 * DEMO_DEVICES_PER_PRODUCT);
    expect(settings.devices).toEqual(demoInventory({ demoDeviceSecret: 'paddock-demo-devices' }));
  });

  it('takes MQTT_URL (else MQTT_PORT), SIMULATOR_INTERVAL_SECONDS and DEMO_DEVICE_SECRET from the environment', () => {
    expect(cliSettings({ MQTT_PORT: '1884' }).url).toBe('mqtt://127.0.0.1:1884');
    const settings = cliSettings({ MQTT_URL: 'mqtt://broker:1883', MQTT_PORT: '1884', SIMULATOR_INTERVAL_SECONDS: '3', DEMO_DEVICE_SECRET: 'other' });
    expect(settings).toMatchObject({ url: 'mqtt://broker:1883', intervalSeconds: 3 });
    expect(settings.devices[0].secret).toBe(demoInventory({ demoDeviceSecret: 'other' })[0].secret);
    expect(settings.devices[0].secret).not.toBe(cliSettings({}).devices[0].secret);
  });

  it('names SIMULATOR_INTERVAL_SECONDS when it is not a whole number of seconds from 1 to a day', () => {
    for (const bad of ['0', '-1', 'ten', '2.5', '86401']) {
      expect(() => cliSettings({ SIMULATOR_INTERVAL_SECONDS: bad })).toThrow(/SIMULATOR_INTERVAL_SECONDS/);
    }
  });
});
