// Alarm messages give their time on the reader's wall clock, the zone named (notify/ownerTime.ts): the device's own
// zone (a plug's timer), else the usual zone of the reader's country; never a bare UTC a farmer must convert.
import { alarmMail, alarmPush, alarmSmsText, type AlarmNotice } from './alarmMessages';
import { ownerTimeZone } from './ownerTime';

const notice = (timeZone: string): AlarmNotice => ({
  device: 'North fence',
  alarm: 'fence_voltage',
  event: 'triggered',
  value: 1480,
  unit: 'V',
  at: new Date('2026-03-01T06:00:00Z'),
  link: 'https://paddock.example.com/devices?id=350000100000001',
  timeZone,
});

it.each([
  ['en-GB', '1 March 2026 at 07:00 CET'],
  ['de-DE', '1. März 2026 um 07:00 MEZ'],
  ['fr-FR', '1 mars 2026 à 07:00 UTC+1'],
  ['sv-SE', '1 mars 2026 kl. 07:00 CET'],
] as const)('%s: a Swedish farm reads 07:00 for 06:00 UTC, in the mail, the SMS and the push', (locale, time) => {
  const zone = ownerTimeZone({ country: 'SE' }, {});
  expect(zone).toBe('Europe/Stockholm');
  expect(alarmMail('farmer@example.com', locale, notice(zone)).text).toContain(time);
  expect(alarmSmsText(locale, notice(zone))).toContain(time);
  expect(alarmPush(locale, notice(zone), { product: 'fencealarm', key: '350000100000001' }).Body).toContain(time);
});

it("a plug's own time zone (its timer's) comes first; an account's country without a known zone reads UTC", () => {
  const zone = ownerTimeZone({ country: 'SE' }, { Timer: { TimeZone: 'America/New_York' } });
  expect(zone).toBe('America/New_York');
  expect(alarmSmsText('en-GB', notice(zone))).toContain('1 March 2026 at 01:00 GMT-5');
  expect(ownerTimeZone({ country: 'se' }, { Timer: { TimeZone: 'Not/AZone' } })).toBe('Europe/Stockholm');
  expect(alarmSmsText('en-GB', notice(ownerTimeZone({ country: 'US' }, {})))).toContain('1 March 2026 at 06:00 UTC');
});

describe("SmartPlug2's daily consumption limit (docs/product/products/smartplug2.md)", () => {
  const overLimit: AlarmNotice = {
    ...notice('Europe/Stockholm'),
    device: 'Pump',
    alarm: 'consumption',
    value: 12.345,
    unit: 'kWh',
    limit: 10,
  };

  it.each([
    ['en-GB', 'used 12.3 kWh today, over your limit of 10 kWh', 'Daily consumption over your limit'],
    ['de-DE', 'hat heute 12,3 kWh verbraucht und damit Ihren Grenzwert von 10 kWh überschritten', 'Tagesverbrauch über Ihrem Grenzwert'],
    ['fr-FR', 'a consommé 12,3 kWh aujourd’hui, au-delà de votre limite de 10 kWh', 'Consommation du jour au-delà de votre limite'],
    ['sv-SE', 'har förbrukat 12,3 kWh i dag, över din gräns på 10 kWh', 'Dagens förbrukning över din gräns'],
  ] as const)('%s: the mail, the SMS and the push say the use today and the limit', (locale, words, name) => {
    const mail = alarmMail('farmer@example.com', locale, overLimit);
    expect(mail.subject).toContain(name);
    expect(mail.text).toContain(words);
    expect(alarmSmsText(locale, overLimit)).toContain(words.replace(' und damit Ihren Grenzwert von 10 kWh überschritten', ''));
    expect(alarmPush(locale, overLimit, { product: 'smartplug2', key: '350000400000001' }).Body).toMatch(/12[.,]3 kWh.*10 kWh/);
  });
});
