import { currencyFor, freePriceText, priceKeyOf, priceText, pricePeriod, SMS_BUNDLE, smsBundlePrice, toMajorUnits, type Prices } from './money';

const prices: Prices = {
  FarmcamSimSmall: { Id: 'price_s', Name: 'FarmCam SIM 1 GB', Sek: 4900, Eur: 490 },
  FencealarmYear: { Id: 'price_fy', Name: 'FenceAlarm yearly', Sek: 99000, Eur: 9900 },
  FarmcamSimExtraData: { Id: 'price_x', Name: '1 GB extra', Sek: 2900, Eur: 290 },
  Sms: { Id: 'price_sms', Name: '100 SMS', Sek: 9900, Eur: 990 },
};

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
