// Sunrise and sunset timer entries (docs/product/sun-timers.md, docs/protocol.md "Sun entries").
//
// A sun entry is 'sunrise+30 1,2,3' or 'sunset-15 0,6': the event, a signed offset in minutes (-180…+180, sign always
// written) and the days, on the wall clock of the timer's TimeZone (UTC without one). The plug computes the day's
// sunrise or sunset itself from the timer's Location, so it keeps switching offline for days; the simulator and the
// screens use the same function. The formula is NOAA's sunrise equation (the low-precision form of
// https://gml.noaa.gov/grad/solcalc/solareqns.PDF, within a minute or so at farm latitudes): a few lines any firmware
// can carry, so no library. Where the sun does not rise or set that day (polar night or midnight sun) the entry
// does not fire that day.
import { LEGACY_TIME_ZONE, wallTime, zonedMoment, type SunSchedule } from './timer';

/** Where the farm is: degrees, north and east positive. */
export interface FarmLocation {
  Latitude: number;
  Longitude: number;
}
export const LATITUDE_RANGE = { min: -90, max: 90 } as const;
export const LONGITUDE_RANGE = { min: -180, max: 180 } as const;

/** docs/product/validation.md: a latitude or longitude field's error code (null when valid). */
export function checkCoordinate(value: number | null, axis: 'latitude' | 'longitude'): 'required' | 'belowMinimum' | 'aboveMaximum' | null {
  const range = axis === 'latitude' ? LATITUDE_RANGE : LONGITUDE_RANGE;
  if (value === null || !Number.isFinite(value)) return 'required';
  if (value < range.min) return 'belowMinimum';
  return value > range.max ? 'aboveMaximum' : null;
}

const RAD = Math.PI / 180;
const J2000 = 2_451_545;
const UNIX_EPOCH_JD = 2_440_587.5;
const DAY_MS = 86_400_000;
const toJulian = (ms: number) => ms / DAY_MS + UNIX_EPOCH_JD;
const fromJulian = (jd: number) => (jd - UNIX_EPOCH_JD) * DAY_MS;

/** The day's sunrise and sunset; both null with `polar` saying which when the sun stays down ('night') or up ('day'). */
export interface SunTimes {
  sunrise: Date | null;
  sunset: Date | null;
  polar: 'day' | 'night' | null;
}

/**
 * Sunrise and sunset of a local date (the date on `timeZone`'s wall clock) at a place: the solar transit nearest
 * that date's local noon, ± the hour angle at which the sun's upper limb touches the horizon (−0.833° with refraction).
 */
export function sunTimes(
  date: { year: number; month: number; day: number },
  location: FarmLocation,
  timeZone: string = LEGACY_TIME_ZONE,
): SunTimes {
  const noon = zonedMoment(timeZone, date, 12, 0).getTime();
  const lw = location.Longitude / 360;
  const n = Math.round(toJulian(noon) - J2000 + lw);
  const meanSolarTime = n - lw;
  const m = (357.5291 + 0.98560028 * meanSolarTime) % 360;
  const mr = m * RAD;
  const center = 1.9148 * Math.sin(mr) + 0.02 * Math.sin(2 * mr) + 0.0003 * Math.sin(3 * mr);
  const lambda = ((m + center + 180 + 102.9372) % 360) * RAD;
  const transit = J2000 + meanSolarTime + 0.0053 * Math.sin(mr) - 0.0069 * Math.sin(2 * lambda);
  const sinDecl = Math.sin(lambda) * Math.sin(23.4397 * RAD);
  const cosDecl = Math.cos(Math.asin(sinDecl));
  const phi = location.Latitude * RAD;
  const cosHour = (Math.sin(-0.833 * RAD) - Math.sin(phi) * sinDecl) / (Math.cos(phi) * cosDecl);
  if (cosHour > 1) return { sunrise: null, sunset: null, polar: 'night' };
  if (cosHour < -1 || Number.isNaN(cosHour)) return { sunrise: null, sunset: null, polar: 'day' };
  const half = Math.acos(cosHour) / (2 * Math.PI);
  const minute = (jd: number) => new Date(Math.round(fromJulian(jd) / 60_000) * 60_000);
  return { sunrise: minute(transit - half), sunset: minute(transit + half), polar: null };
}

/** The moment a sun entry names on a local date (event ± offset, to the minute); null when the sun does not rise or set then. */
export function sunMoment(
  schedule: Pick<SunSchedule, 'event' | 'offset'>,
  date: { year: number; month: number; day: number },
  location: FarmLocation,
  timeZone: string = LEGACY_TIME_ZONE,
): Date | null {
  const event = sunTimes(date, location, timeZone)[schedule.event];
  return event && new Date(event.getTime() + schedule.offset * 60_000);
}

/**
 * The latest moment at or before `at` that a sun entry names (its days on `timeZone`'s wall clock); null when none in
 * the last week (no days, or polar days all along). Pure: the simulator's "does this entry fire now" (docs/protocol.md).
 */
export function lastSunMoment(schedule: SunSchedule, at: Date, location: FarmLocation, timeZone: string = LEGACY_TIME_ZONE): Date | null {
  const today = wallTime(timeZone, at);
  let latest: Date | null = null;
  // From tomorrow back: an offset of up to three hours can move a moment across midnight.
  for (let back = -1; back <= 8; back++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day - back));
    if (!schedule.days.includes(date.getUTCDay())) continue;
    const moment = sunMoment(
      schedule,
      { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() },
      location,
      timeZone,
    );
    if (moment && moment.getTime() <= at.getTime() && (!latest || moment.getTime() > latest.getTime())) latest = moment;
  }
  return latest;
}

/** The minute (hour, minute on `timeZone`'s wall clock) a sun entry names on the local date of `at`, for screens ("today 16:12"); null: no such event that day. */
export function sunMinuteOn(
  schedule: Pick<SunSchedule, 'event' | 'offset'>,
  at: Date,
  location: FarmLocation,
  timeZone: string = LEGACY_TIME_ZONE,
): { hour: number; minute: number } | null {
  const today = wallTime(timeZone, at);
  const moment = sunMoment(schedule, today, location, timeZone);
  if (!moment) return null;
  const local = wallTime(timeZone, moment);
  return { hour: local.hour, minute: local.minute };
}
