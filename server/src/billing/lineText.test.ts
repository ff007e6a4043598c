import { LOCALES, PRICE_KEYS } from '@paddock/shared/domain';
import { BUILTIN_CATALOGUE } from './catalogue';
import { chargeDescription, itemText } from './lineText';

const line = (locale: string, key: (typeof PRICE_KEYS)[number], device?: string) =>
  chargeDescription({ locale }, key, BUILTIN_CATALOGUE[key], device);

describe('invoice line texts', () => {
  it('names every catalogue item in the payer’s language', () => {
    expect(line('fr-FR', 'FencealarmMonth', 'Clôture nord')).toBe('Forfait mensuel FenceAlarm – Clôture nord');
    expect(line('de-DE', 'Smartplug2Year', 'Pumpe')).toBe('SmartPlug2 Jahrestarif – Pumpe');
    expect(line('sv-SE', 'SmartplugMonth', 'Pump')).toBe('SmartPlug månadsabonnemang – Pump');
    expect(line('fr-FR', 'FarmcamSimMedium', 'Étable')).toBe('Forfait Moyen FarmCam SIM 5\u202fGo – Étable');
    expect(line('de-DE', 'FarmcamSimExtraData', 'Stall')).toBe('FarmCam SIM Zusatzdaten 1\u00a0GB – Stall');
    expect(line('sv-SE', 'Sms')).toBe('100 sms');
  });

  it('in English, reads as the built-in catalogue names them', () => {
    for (const key of PRICE_KEYS) expect(line('en-GB', key)).toBe(BUILTIN_CATALOGUE[key].Name);
  });

  it('has a text of its own in each language for every plan and purchase', () => {
    for (const key of PRICE_KEYS.filter((k) => k !== 'Sms')) {
      const texts = LOCALES.map((locale) => itemText(locale, key, BUILTIN_CATALOGUE[key]));
      expect(new Set(texts).size).toBe(LOCALES.length);
    }
  });

  it('falls back to English for an unknown stored locale, and to the catalogue name for a SIM plan without a size', () => {
    expect(line('ja-JP', 'FencealarmYear')).toBe('FenceAlarm Yearly');
    expect(itemText('fr-FR', 'FarmcamSimSmall', { Id: 'price_x', Name: 'Starter' })).toBe('Starter');
  });
});
