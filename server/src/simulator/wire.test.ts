import { firmwareVersionAfter, parseCommand, parseConfig, parseSimulate, topics } from './wire';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('downlink checks', () => {
  it('accepts the configurations of docs/protocol.md', () => {
    const smartplug = {
      Version: 7,
      BeepEnabled: true,
      PowerFailureAlarmEnabled: false,
      LoadAlarm: { Enabled: false, Lower: 0, Upper: 3700 },
      TemperatureRangeAlarm: { Enabled: false, Lower: -20, Upper: 70 },
      Timer: { Enabled: true, On: ['30 6 1,2,3,4,5'], Off: ['0 18 1,2,3,4,5'] },
      Thermostat: { Enabled: true, Triggers: [{ Days: '0,6', Above: false, Temperature: 4, SetPowerEnabled: true }] },
    };
    expect(parseConfig('smartplug', json(smartplug))).toEqual({ ok: true, value: smartplug });
    expect(parseConfig('smartplug2', json({ Version: 1, AuditoryFeedback: true, PowerLoadAlarm: { Lower: 0, Upper: 3700 }, Timer: { Enabled: false, On: [], Off: [] } })).ok).toBe(true);
    expect(parseConfig('fencealarm', json({ Version: 2, AlarmEnabled: true, AlarmLevel: 5000, Calibration: { Enabled: false, ScalingFactor: 1, ExpectedVoltage: 0 } })).ok).toBe(true);
    expect(parseConfig('fencealarm2', json({ Version: 3, AlarmEnabled: true, Threshold: 5010 })).ok).toBe(true);
  });

  it('refuses what is not JSON, lacks a Version, has a field of the wrong type or a bad schedule, or is for a FarmCam SIM', () => {
    expect(parseConfig('fencealarm2', Buffer.from('{nope'))).toEqual({ ok: false, error: 'not JSON' });
    expect(parseConfig('fencealarm2', json({ Threshold: 5010 })).ok).toBe(false);
    expect(parseConfig('fencealarm2', json({ Version: 1, Threshold: '5010' }))).toMatchObject({ ok: false, error: expect.stringContaining('/Threshold') });
    expect(parseConfig('smartplug2', json({ Version: 1, Timer: { Enabled: true, On: ['31 6 1'], Off: [] } })).ok).toBe(false);
    expect(parseConfig('farmcam-sim', json({ Version: 1 })).ok).toBe(false);
  });

  it('reads a set-power command, answers a bad one by its Id, and drops one without an Id', () => {
    const setPower = { Id: 'a', Command: 'set-power', Enabled: false };
    expect(parseCommand(json(setPower))).toEqual({ Id: 'a', command: setPower });
    expect(parseCommand(json({ Id: 'b', Command: 'set-power', Enabled: 'no' }))).toEqual({ Id: 'b', error: expect.stringContaining('/Enabled') });
    expect(parseCommand(json({ Id: 'c', Command: 'reboot' }))).toEqual({ Id: 'c', error: 'unknown command reboot' });
    expect(parseCommand(json({ Id: 'd', Command: 'reset-consumption' }))).toEqual({ Id: 'd', command: { Id: 'd', Command: 'reset-consumption' } });
    expect(parseCommand(json({ Id: 'e', Command: 'constructor' }))).toEqual({ Id: 'e', error: 'unknown command constructor' });
    expect(parseCommand(json({ Command: 'set-power', Enabled: false }))).toEqual({ unanswerable: expect.any(String) });
    expect(parseCommand(Buffer.from('set-power'))).toEqual({ unanswerable: 'not JSON' });
  });

  it('checks simulate messages', () => {
    expect(parseSimulate(json({ Fault: 'low-voltage' }))).toEqual({ ok: true, value: { Fault: 'low-voltage' } });
    expect(parseSimulate(json({ Fault: 'flood' })).ok).toBe(false);
    expect(parseSimulate(json({ Fault: 'none', Clock: '2027-03-29T04:59:45Z' }))).toEqual({ ok: true, value: { Fault: 'none', Clock: '2027-03-29T04:59:45Z' } });
    expect(parseSimulate(json({ Fault: 'none', Clock: '2027-03-29T06:59:45+02:00' })).ok).toBe(true);
    for (const Clock of ['tomorrow', '2027-03-29', '2027-03-29T04:59:45', '2027-13-45T04:59:45Z']) {
      expect(parseSimulate(json({ Fault: 'none', Clock })).ok).toBe(false);
    }
  });

  it('names the topics of a device', () => {
    expect(topics('350000100001')).toMatchObject({ status: 'devices/350000100001/up/status', down: 'devices/350000100001/down/#' });
  });
});

describe('firmwareVersionAfter', () => {
  it('takes the version named in the image URL, else counts the last number up', () => {
    expect(firmwareVersionAfter('coap://fw.example/fencealarm2-1.5.0.bin', '1.4.2')).toBe('1.5.0');
    expect(firmwareVersionAfter('https://fw.example/1.4.9/fa2-2.0.1.bin', '1.4.2')).toBe('2.0.1');
    expect(firmwareVersionAfter('coaps://fw.example/latest.bin', '1.4.2')).toBe('1.4.3');
  });
});
