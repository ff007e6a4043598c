import { configReportSchema, DeviceAck, DeviceStatus, READING_SCHEMAS } from '@paddock/shared/contract';
import { readingTime } from '@paddock/shared/domain';
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
    ['not JSON', 'Voltage=5', 'not JSON', 'not_json'],
    ['an array', '[5010]', 'not a JSON object', 'not_json'],
    ['a wrong type', '{"Voltage": "5010"}', 'Voltage: must be number', 'invalid_field'],
    ['a missing field', '{"At": "2026-03-01T10:00:00Z"}', 'Voltage: must have required property \'Voltage\'', 'missing_field'],
    ['a bad time', '{"Voltage": 5010, "At": "soon"}', 'At: must match format "date-time"', 'invalid_field'],
    ['a time without its zone', '{"Voltage": 5010, "At": "2026-03-01T10:00:00"}', 'At: must match format "date-time"', 'invalid_field'],
    ['a negative voltage', '{"Voltage": -1}', 'Voltage: must be >= 0', 'invalid_field'],
  ])('refuses %s, saying why', (_what, payload, reason, problem) => {
    expect(parsePayload(READING_SCHEMAS.fencealarm2, payload)).toEqual({ ok: false, reason, problem });
  });

  // docs/protocol.md "Times": RFC 3339 with its zone; the forms the check lets through but no clock reads count as missing.
  const RECEIVED = new Date('2026-05-01T09:00:00Z');
  it.each([
    ['an offset', '2026-05-01T10:00:00+02:00', '2026-05-01T08:00:00.000Z'],
    ['an offset without its colon', '2026-05-01T10:00:00+0200', '2026-05-01T08:00:00.000Z'],
    ['Z', '2026-05-01T08:00:00Z', '2026-05-01T08:00:00.000Z'],
    ['lower case and a fraction', '2026-05-01t08:00:00.1234z', '2026-05-01T08:00:00.123Z'],
    ['a space for the T', '2026-05-01 08:00:00Z', '2026-05-01T08:00:00.000Z'],
    ['an offset of hours only (the time of receipt)', '2026-05-01T10:00:00+02', RECEIVED.toISOString()],
    ['a leap second (the time of receipt)', '2026-06-30T23:59:60Z', RECEIVED.toISOString()],
  ])('takes a reading time with %s', (_what, At, taken) => {
    const parsed = parsePayload<{ At: string }>(READING_SCHEMAS.fencealarm2, JSON.stringify({ Voltage: 5010, At }));
    expect(parsed.ok && readingTime(parsed.value.At, RECEIVED).toISOString()).toBe(taken);
  });

  it('never coerces: "true" is not a boolean', () => {
    expect(parsePayload(DeviceStatus, '{"Online": "true"}')).toEqual({ ok: false, reason: 'Online: must be boolean', problem: 'invalid_field' });
    expect(parsePayload(configReportSchema('smartplug'), '{"Version": "3"}')).toMatchObject({ ok: false });
  });

  it('keeps only the fields the schema names', () => {
    expect(knownFields(READING_SCHEMAS.fencealarm2, { Voltage: 5010, Debug: 'x' })).toEqual({ Voltage: 5010 });
  });
});
