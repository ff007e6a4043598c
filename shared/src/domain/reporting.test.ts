import { DEFAULT_REPORTING_SECONDS } from '../products';
import { OFFLINE_AFTER_INTERVALS, offlineDeadline, readingTime, reportingIntervalSeconds } from './reporting';

const t0 = new Date('2026-03-01T10:00:00.000Z');
const plus = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

describe('reporting intervals', () => {
  test('product defaults: FarmCam SIM 3600 s, FenceAlarm 600 s, FenceAlarm2 900 s, SmartPlug and SmartPlug2 300 s', () => {
    expect(DEFAULT_REPORTING_SECONDS).toEqual({ 'farmcam-sim': 3600, fencealarm: 600, fencealarm2: 900, smartplug: 300, smartplug2: 300 });
  });

  test('the interval a device announced wins over the default', () => {
    expect(reportingIntervalSeconds('fencealarm', 60)).toBe(60);
    expect(reportingIntervalSeconds('fencealarm', null)).toBe(600);
    expect(reportingIntervalSeconds('smartplug', undefined)).toBe(300);
    expect(reportingIntervalSeconds('smartplug', 0)).toBe(300);
  });

  test('offline after three silent intervals', () => {
    expect(OFFLINE_AFTER_INTERVALS).toBe(3);
    expect(offlineDeadline('fencealarm', t0)).toEqual(plus(1800));
    expect(offlineDeadline('fencealarm2', t0)).toEqual(plus(2700));
    expect(offlineDeadline('farmcam-sim', t0)).toEqual(plus(10_800));
    expect(offlineDeadline('smartplug2', t0)).toEqual(plus(900));
    expect(offlineDeadline('smartplug', t0, 10)).toEqual(plus(30));
  });
});

describe('readingTime', () => {
  test('the measurement time when given and not more than 5 minutes ahead', () => {
    expect(readingTime('2026-03-01T09:59:00.000Z', t0)).toEqual(plus(-60));
    expect(readingTime(plus(300).toISOString(), t0)).toEqual(plus(300));
  });

  test('the time of receipt when missing, unparsable or too far ahead', () => {
    expect(readingTime(undefined, t0)).toBe(t0);
    expect(readingTime('yesterday', t0)).toBe(t0);
    expect(readingTime(plus(301).toISOString(), t0)).toBe(t0);
  });
});
