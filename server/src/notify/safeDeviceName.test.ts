// A device name chosen by someone the device is shared with reaches the owner's SMS, e-mail and push as plain,
// bounded text that no phone or link detector picks up (docs/product/roles.md Alarms and sharing).
import { alarmMail, alarmPush, alarmSmsText, type AlarmNotice } from './alarmMessages';
import { SAFE_NAME_MAX, safeDeviceName } from './safeDeviceName';

// The detectors SMS apps and mail clients run, as published: Android's Patterns.PHONE with Linkify's minimum of 5
// digits, and web and e-mail address finders in the manner of Linkify.WEB_URLS / linkify-it (a scheme, www., or a
// host of ASCII labels with a dot and a top-level domain; anything@host).
const PHONE = /(\+[0-9]+[- .]*)?(\([0-9]+\)[- .]*)?([0-9][0-9\- .]+[0-9])/g;
const phones = (text: string) => (text.match(PHONE) ?? []).filter((match) => match.replace(/\D/g, '').length >= 5);
const WEB = /\b[a-z][a-z0-9+.-]*:\/\/\S+|\bwww\.\S+|\b[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}\b(\/\S*)?/gi;
const EMAIL = /[^\s@]+@[^\s@]+/g;
const links = (text: string) => [...(text.match(WEB) ?? []), ...(text.match(EMAIL) ?? [])];

const ATTACK = 'Call +46 70 123 45 67 or visit evil.example.com/pay';

describe('safeDeviceName', () => {
  it.each([
    ATTACK,
    'Ring 0701234567 now',
    'Pay at https://evil.example/pay?x=1',
    'www.evil.tld',
    'mail me: thief@evil.example',
    'Call (070) 123-45-67',
    'evil。example。com',
    'Tel +4670-1234567',
  ])('%s: no number to call, no link', (name) => {
    const safe = safeDeviceName(name);
    expect(phones(safe)).toEqual([]);
    expect(links(safe)).toEqual([]);
  });

  it('leaves ordinary names as they are', () => {
    for (const name of ['North paddock fence', 'Pump 2', 'Stall 12-14', 'Kalvhus värmare', 'Weide 1234'])
      expect(safeDeviceName(name)).toBe(name);
  });

  it('reads like the name: dots as one-dot leaders, digits in groups of three', () => {
    expect(safeDeviceName(ATTACK)).toBe('Call +46·70·123·45·67 or visit evil․exa…');
    expect(safeDeviceName('Ring 0701234567')).toBe('Ring 070·123·456·7');
  });

  it(`drops control and direction characters and keeps at most ${SAFE_NAME_MAX} characters`, () => {
    expect(safeDeviceName('Barn\n\r\tcamera\u202e\u0007')).toBe('Barn camera');
    expect(safeDeviceName('\u200b\u0000')).toBe('–');
    const long = safeDeviceName('x'.repeat(200));
    expect(Array.from(long)).toHaveLength(SAFE_NAME_MAX);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('alarm messages of a device named by a shared user', () => {
  const notice: AlarmNotice = {
    device: ATTACK,
    alarm: 'fence_voltage',
    event: 'triggered',
    value: 2000,
    unit: 'V',
    at: new Date('2026-03-01T06:00:00Z'),
    link: 'https://paddock.example.com/devices?id=350000100000001',
    timeZone: 'Europe/Stockholm',
  };
  // Paddock's own link is the one link a message has; the rest carries no number to call.
  const withoutOwnLink = (text: string) => text.split(notice.link).join('');

  it.each(['en-GB', 'de-DE', 'fr-FR', 'sv-SE'] as const)(
    '%s: the SMS, the mail and the push carry neither a dialable number nor a link',
    (locale) => {
      const texts = (of: AlarmNotice) => {
        const mail = alarmMail('owner@example.com', locale, of);
        const push = alarmPush(locale, of, { product: 'fencealarm', key: '350000100000001' });
        return [alarmSmsText(locale, of), mail.subject, mail.text, push.Title, push.Body].map(withoutOwnLink);
      };
      // What a detector finds in the message of a plainly named device (a date, say) is Paddock's; the name adds nothing.
      const plain = texts({ ...notice, device: 'Fence' });
      texts(notice).forEach((text, index) => {
        expect(phones(text)).toEqual(phones(plain[index]));
        expect(links(text)).toEqual([]);
        expect(text).not.toContain('+46 70 123 45 67');
        expect(text).not.toContain('evil.example.com');
      });
    },
  );
});
