import {
  currencyFor,
  formatMinorMoney,
  formatMoney,
  freePriceText,
  priceKeyOf,
  priceText,
  pricePeriod,
  SMS_BUNDLE,
  smsBundlePrice,
  toMajorUnits,
  type Prices,
} from './money';

const prices: Prices = {
  FarmcamSimSmall: { Id: 'price_s', Name: 'FarmCam SIM 1 GB', Sek: 4900, Eur: 490 },
  FencealarmYear: { Id: 'price_fy', Name: 'FenceAlarm yearly', Sek: 99000, Eur: 9900 },
  FarmcamSimExtraData: { Id: 'price_x', Name: '1 GB extra', Sek: 2900, Eur: 290 },
  Sms: { Id: 'price_sms', Name: '100 SMS', Sek: 9900, Eur: 990 },
};

/** Intl puts (narrow) no-break spaces between amount and currency; compared with plain spaces here. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney: the one way amounts are written', () => {
  test('the locale’s currency format, always with two minor digits', () => {
    expect(plain(formatMinorMoney('en-GB', 9900, 'SEK'))).toBe('SEK 99.00');
    expect(plain(formatMinorMoney('en-GB', 990, 'EUR'))).toBe('€9.90');
    expect(plain(formatMinorMoney('de-DE', 990, 'EUR'))).toBe('9,90 €');
    expect(plain(formatMinorMoney('fr-FR', 123456, 'SEK'))).toBe('1 234,56 SEK');
    expect(plain(formatMinorMoney('sv-SE', 9900, 'SEK'))).toBe('99,00 kr');
    expect(plain(formatMinorMoney('en-GB', 0, 'SEK'))).toBe('SEK 0.00');
  });

  test('major units, rounded to the cent unless more digits are asked for (a price per kWh)', () => {
    expect(plain(formatMoney('en-GB', 30.857, 'SEK'))).toBe('SEK 30.86');
    expect(plain(formatMoney('en-GB', 1.2345, 'EUR', 4))).toBe('€1.2345');
    expect(plain(formatMoney('en-GB', 2.5, 'EUR', 4))).toBe('€2.50');
    expect(plain(formatMoney('sv-SE', 2.5, 'SEK', 1))).toBe('2,50 kr');
  });
});

describe('money', () => {
  test('SEK if the country is SE, else EUR (docs/product/limits.md)', () => {
    expect(currencyFor('SE')).toBe('SEK');
    expect(currencyFor('se')).toBe('SEK');
    expect(currencyFor('DE')).toBe('EUR');
    expect(currencyFor('')).toBe('EUR');
    expect(currencyFor(undefined)).toBe('EUR');
  });

  test('price text: per month, per year, extra data and SMS without period (docs/product/limits.md)', () => {
    expect(priceText(prices, 'FarmcamSimSmall', 'SEK')).toEqual({ amount: 4900, currency: 'SEK', period: 'month' });
    expect(priceText(prices, 'FencealarmYear', 'EUR')).toEqual({ amount: 9900, currency: 'EUR', period: 'year' });
    expect(priceText(prices, 'FarmcamSimExtraData', 'EUR')?.period).toBe('none');
    expect(priceText(prices, 'Sms', 'SEK')).toEqual({ amount: 9900, currency: 'SEK', period: 'none' });
    expect(priceText(prices, 'SmartplugMonth', 'EUR')).toBeNull();
    expect(pricePeriod('Smartplug2Month')).toBe('month');
    expect(pricePeriod('Fencealarm2Year')).toBe('year');
  });

  test("None reads '0 {currency} per month' (docs/product/states.md)", () => {
    expect(freePriceText('SEK')).toEqual({ amount: 0, currency: 'SEK', period: 'month' });
  });

  test('minor units and price lookup', () => {
    expect(toMajorUnits(1990)).toBe(19.9);
    expect(priceKeyOf(prices, 'price_fy')).toBe('FencealarmYear');
    expect(priceKeyOf(prices, '')).toBeNull();
    expect(priceKeyOf(prices, 'price_unknown')).toBeNull();
  });

  test('the SMS bundle: 100 SMS, a price ex VAT in whole minor units per currency, no period (docs/product/limits.md)', () => {
    expect(SMS_BUNDLE).toMatchObject({ Id: 'sms-100', Count: 100 });
    for (const amount of [SMS_BUNDLE.Sek, SMS_BUNDLE.Eur]) {
      expect(Number.isInteger(amount)).toBe(true);
      expect(amount).toBeGreaterThan(0);
    }
    expect(smsBundlePrice(currencyFor('SE'))).toEqual({ amount: SMS_BUNDLE.Sek, currency: 'SEK', period: 'none' });
    expect(smsBundlePrice(currencyFor('DE'))).toEqual({ amount: SMS_BUNDLE.Eur, currency: 'EUR', period: 'none' });
    expect(Object.isFrozen(SMS_BUNDLE)).toBe(true);
  });
});
