// Times in mails, SMS and pushes about a device, on its people's wall clock (issue 30): users keep no time zone, so it
// is the device's own (a plug's Timer.TimeZone, chosen by the owner), else the usual zone of the reader's country
// (their account's), else UTC.
// The zone's short name is written beside the time ("14:00 CET"), so a reader elsewhere is never misled.
import { isKnownTimeZone, type Locale } from '@paddock/shared/domain';

/** One zone per country of the accounts (the capital's where a country has several). */
const COUNTRY_ZONES: Readonly<Record<string, string>> = {
  AT: 'Europe/Vienna',
  BE: 'Europe/Brussels',
  BG: 'Europe/Sofia',
  CH: 'Europe/Zurich',
  CY: 'Asia/Nicosia',
  CZ: 'Europe/Prague',
  DE: 'Europe/Berlin',
  DK: 'Europe/Copenhagen',
  EE: 'Europe/Tallinn',
  ES: 'Europe/Madrid',
  FI: 'Europe/Helsinki',
  FR: 'Europe/Paris',
  GB: 'Europe/London',
  GR: 'Europe/Athens',
  HR: 'Europe/Zagreb',
  HU: 'Europe/Budapest',
  IE: 'Europe/Dublin',
  IS: 'Atlantic/Reykjavik',
  IT: 'Europe/Rome',
  LT: 'Europe/Vilnius',
  LU: 'Europe/Luxembourg',
  LV: 'Europe/Riga',
  MT: 'Europe/Malta',
  NL: 'Europe/Amsterdam',
  NO: 'Europe/Oslo',
  PL: 'Europe/Warsaw',
  PT: 'Europe/Lisbon',
  RO: 'Europe/Bucharest',
  SE: 'Europe/Stockholm',
  SI: 'Europe/Ljubljana',
  SK: 'Europe/Bratislava',
};

/** The time zone of a device's messages to `reader` (see the top of this file). */
export function ownerTimeZone(owner: { country: string }, fields: Record<string, unknown>): string {
  const timer = fields.Timer as { TimeZone?: unknown } | undefined;
  if (typeof timer?.TimeZone === 'string' && isKnownTimeZone(timer.TimeZone)) return timer.TimeZone;
  return COUNTRY_ZONES[owner.country.toUpperCase()] ?? 'UTC';
}

/** "5 December 2026, 14:00 CET" in the locale's words, on `timeZone`'s wall clock, the zone named. */
export function formatOwnerTime(locale: Locale, at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(at);
}
