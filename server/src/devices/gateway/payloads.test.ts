import { configReportSchema, DeviceAck, DeviceStatus, READING_SCHEMAS } from '@paddock/shared/contract';
import { knownFields, parsePayload } from './payloads';

describe('parsePayload', () => {
  it('accepts the docs/protocol.md examples', () => {
    expect(parsePayload(DeviceStatus, '{"Online": true, "Firmware": "1.4.2", "IntervalSeconds": 60}')).toMatchObject({ ok: true });
    expect(parsePayload(READING_SCHEMAS.fencealarm, '{"At": "2026-03-01T10:00:00Z", "Voltage": 5230, "Battery": 12.4, "Rssi": -71}')).toMatchObject({ ok: true });
    expect(
      parsePayload(READING_SCHEMAS.smartplug, '{"Load": 120, "Consumption": 35012, "Temperature": 4.5, "SignalStrength": 78, "PowerEnabled": true, "MainsPower": true}'),
    ).toMatchObject({ ok: true });
    expect(parsePayload(DeviceAck, '{"Id": "c0ffee", "Ok": false, "Error": "relay stuck"}')).toMatchObject({ ok: true });
    expect(parsePayload(configReportSchema('fencealarm'), '{"Version": 7, "AlarmEnabled": true, "AlarmLevel": 5000}')).toMatchObject({ ok: true });
  });

  it.each([
    ['not JSON', 'Voltage=5', 'not JSON'],
    ['an array', '[5010]', 'not a JSON object'],
    ['a wrong type', '{"Voltage": "5010"}', 'Voltage: must be number'],
    ['a missing field', '{"At": "2026-03-01T10:00:00Z"}', 'Voltage: must have required property \'Voltage\''],
    ['a bad time', '{"Voltage": 5010, "At": "soon"}', 'At: must match format "date-time"'],
    ['a negative voltage', '{"Voltage": -1}', 'Voltage: must be >= 0'],
  ])('refuses %s, saying why', (_what, payload, reason) => {
    expect(parsePayload(READING_SCHEMAS.fencealarm2, payload)).toEqual({ ok: false, reason });
  });

  it('never coerces: "true" is not a boolean', () => {
    expect(parsePayload(DeviceStatus, '{"Online": "true"}')).toEqual({ ok: false, reason: 'Online: must be boolean' });
    expect(parsePayload(configReportSchema('smartplug'), '{"Version": "3"}')).toMatchObject({ ok: false });
  });

  it('keeps only the fields the schema names', () => {
    expect(knownFields(READING_SCHEMAS.fencealarm2, { Voltage: 5010, Debug: 'x' })).toEqual({ Voltage: 5010 });
  });
});
