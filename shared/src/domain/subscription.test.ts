import { PRODUCT_IDS, PRODUCT_INFO } from '../products/catalogue';
import { pricePeriod, type Prices } from './money';
import {
  InvalidPriceNameError,
  PLAN_PRICE_KEYS,
  checkTrialDataMb,
  checkTrialDays,
  expiryLine,
  extendByPeriod,
  planAllowanceBytes,
  planKeyOf,
  isExpired,
  isSubscriptionActive,
  planChoicePriceText,
  planChoices,
  planSize,
  priceIdOfChoice,
  selectedPlanChoice,
  subscriptionPlan,
  type SubscriptionValue,
  REGISTRATION_TRIAL_DAYS,
  registrationTrial,
} from './subscription';

const now = new Date('2025-06-15T12:00:00Z');
const future = '2025-07-15T12:00:00Z';
const past = '2025-05-15T12:00:00Z';

const prices: Prices = {
  FarmcamSimSmall: { Id: 'sim_s', Name: 'FarmCam SIM 1 GB', Sek: 4900, Eur: 490 },
  FarmcamSimMedium: { Id: 'sim_m', Name: 'FarmCam SIM 5 GB', Sek: 9900, Eur: 990 },
  FarmcamSimLarge: { Id: 'sim_l', Name: 'FarmCam SIM 20GB', Sek: 19900, Eur: 1990 },
  FencealarmMonth: { Id: 'fa_m', Name: 'FenceAlarm monthly', Sek: 4900, Eur: 490 },
  FencealarmYear: { Id: 'fa_y', Name: 'FenceAlarm yearly', Sek: 49000, Eur: 4900 },
  SmartplugMonth: { Id: 'sp_m', Name: 'SmartPlug monthly', Sek: 2900, Eur: 290 },
};

const sub = (over: Partial<SubscriptionValue> & { Current?: string; Next?: string } = {}): SubscriptionValue => ({
  Trialing: over.Trialing ?? false,
  ExpiresAt: over.ExpiresAt ?? future,
  PriceIds: { Current: over.Current ?? '', Next: over.Next ?? '' },
});

describe('subscription display (docs/product/states.md)', () => {
  test('Trialing shows Trial', () => {
    expect(subscriptionPlan('farmcam-sim', sub({ Trialing: true, Current: 'sim_m' }), prices, now)).toEqual({ kind: 'trial' });
  });

  test('FarmCam SIM shows the size from the price name', () => {
    expect(subscriptionPlan('farmcam-sim', sub({ Current: 'sim_m' }), prices, now)).toEqual({ kind: 'size', size: '5 GB' });
    expect(subscriptionPlan('farmcam-sim', sub({ Current: 'sim_l' }), prices, now)).toEqual({ kind: 'size', size: '20 GB' });
  });

  test('other products show Monthly or Yearly', () => {
    expect(subscriptionPlan('fencealarm', sub({ Current: 'fa_m' }), prices, now)).toEqual({ kind: 'monthly' });
    expect(subscriptionPlan('fencealarm', sub({ Current: 'fa_y' }), prices, now)).toEqual({ kind: 'yearly' });
    expect(subscriptionPlan('smartplug', sub({ Current: 'sp_m' }), prices, now)).toEqual({ kind: 'monthly' });
  });

  test('no matching plan: blank while not expired, None once expired', () => {
    expect(subscriptionPlan('fencealarm', sub({ Current: '' }), prices, now)).toEqual({ kind: 'blank' });
    expect(subscriptionPlan('fencealarm', sub({ Current: 'sp_m' }), prices, now)).toEqual({ kind: 'blank' });
    expect(subscriptionPlan('fencealarm', sub({ Current: 'unknown' }), prices, now)).toEqual({ kind: 'blank' });
    expect(subscriptionPlan('fencealarm', sub({ ExpiresAt: past }), prices, now)).toEqual({ kind: 'none' });
    expect(subscriptionPlan('fencealarm', sub({ ExpiresAt: now.toISOString() }), prices, now)).toEqual({ kind: 'none' });
  });

  test('a size-less FarmCam SIM price name is an error naming the price id (docs/product/errors.md)', () => {
    expect(() => planSize({ Id: 'sim_x', Name: 'FarmCam SIM' })).toThrow(InvalidPriceNameError);
    expect(() => planSize({ Id: 'sim_x', Name: 'FarmCam SIM' })).toThrow('sim_x');
    expect(planSize({ Id: 'a', Name: '500 mb plan' })).toBe('500 MB');
  });

  test('expiry line: Ended (past), Ends (no next price), Renews (next price)', () => {
    expect(expiryLine(sub({ ExpiresAt: past, Next: 'fa_m' }), now)).toEqual({ kind: 'ended', date: new Date(past) });
    expect(expiryLine(sub({ Current: 'fa_m', Next: '' }), now)).toEqual({ kind: 'ends', date: new Date(future) });
    expect(expiryLine(sub({ Current: 'fa_m', Next: 'fa_m' }), now)).toEqual({ kind: 'renews', date: new Date(future) });
    expect(expiryLine(sub({ ExpiresAt: '' }), now)).toBeNull();
  });

  test('active: a non-empty current price id or an expiry in the future', () => {
    expect(isSubscriptionActive(sub({ ExpiresAt: future }), now)).toBe(true);
    expect(isSubscriptionActive(sub({ ExpiresAt: past, Current: 'fa_m' }), now)).toBe(true);
    expect(isSubscriptionActive(sub({ ExpiresAt: past }), now)).toBe(false);
    // docs/product/billing.md "A declined renewal": a next plan still to be charged (retries) keeps it active.
    expect(isSubscriptionActive(sub({ ExpiresAt: past, Next: 'fa_m' }), now)).toBe(true);
    expect(isSubscriptionActive(sub({ ExpiresAt: now.toISOString() }), now)).toBe(false);
    expect(isExpired(sub({ ExpiresAt: 'garbage' }), now)).toBe(true);
  });
});

describe('subscription choice (docs/product/states.md)', () => {
  test('None, Small, Medium, Large for the FarmCam SIM', () => {
    expect(planChoices('farmcam-sim')).toEqual(['none', 'FarmcamSimSmall', 'FarmcamSimMedium', 'FarmcamSimLarge']);
    expect(planChoices('smartplug2')).toEqual(['none', 'Smartplug2Month', 'Smartplug2Year']);
  });

  test('the selected choice is the next plan; None saves an empty price id', () => {
    expect(selectedPlanChoice('farmcam-sim', sub({ Current: 'sim_s', Next: 'sim_m' }), prices)).toBe('FarmcamSimMedium');
    expect(selectedPlanChoice('farmcam-sim', sub({ Current: 'sim_s', Next: '' }), prices)).toBe('none');
    expect(selectedPlanChoice('farmcam-sim', sub({ Next: 'fa_m' }), prices)).toBe('none');
    expect(priceIdOfChoice('none', prices)).toBe('');
    expect(priceIdOfChoice('FarmcamSimLarge', prices)).toBe('sim_l');
  });

  test("the price line, or '0 {currency} per month' for None", () => {
    expect(planChoicePriceText('none', prices, 'SEK')).toEqual({ amount: 0, currency: 'SEK', period: 'month' });
    expect(planChoicePriceText('FarmcamSimSmall', prices, 'EUR')).toEqual({ amount: 490, currency: 'EUR', period: 'month' });
    expect(planChoicePriceText('FencealarmYear', prices, 'SEK')).toEqual({ amount: 49000, currency: 'SEK', period: 'year' });
  });
});

describe('add trial (docs/product/validation.md)', () => {
  test('days and data are whole numbers', () => {
    expect(checkTrialDays('')).toBe('required');
    expect(checkTrialDays('30')).toBeNull();
    expect(checkTrialDays('0')).toBe('invalid');
    expect(checkTrialDays('366')).toBe('invalid');
    expect(checkTrialDays('3.5')).toBe('invalid');
    expect(checkTrialDataMb('500')).toBeNull();
    expect(checkTrialDataMb('0')).toBeNull();
    expect(checkTrialDataMb('-5')).toBe('invalid');
    expect(checkTrialDataMb('1000001')).toBe('invalid');
  });
});

describe('registration trial', () => {
  test('registration starts a 30-day trial without a plan', () => {
    expect(REGISTRATION_TRIAL_DAYS).toBe(30);
    expect(registrationTrial(new Date('2026-03-01T10:00:00.000Z'))).toEqual({
      Trialing: true,
      ExpiresAt: '2026-03-31T10:00:00.000Z',
      PriceIds: { Current: '', Next: '' },
    });
  });

  test('a configured trial length replaces the 30 days, a fraction of a day included', () => {
    const now = new Date('2026-03-01T10:00:00.000Z');
    expect(registrationTrial(now, 14).ExpiresAt).toBe('2026-03-15T10:00:00.000Z');
    expect(registrationTrial(now, 40 / 86_400).ExpiresAt).toBe('2026-03-01T10:00:40.000Z');
  });
});

describe('plans and renewal (docs/product/states.md Plans and renewal)', () => {
  const catalogue: Prices = {
    FarmcamSimSmall: { Id: 'small', Name: 'FarmCam SIM Small 1 GB', Sek: 1, Eur: 1 },
    FarmcamSimLarge: { Id: 'large', Name: 'FarmCam SIM Large 2,5 TB', Sek: 1, Eur: 1 },
    SmartplugMonth: { Id: 'plug-month', Name: 'SmartPlug Monthly', Sek: 1, Eur: 1 },
    Sms: { Id: 'sms', Name: '100 SMS', Sek: 1, Eur: 1 },
  };

  test("each product's plans are subscriptions: billed per month or per year by their catalogue key", () => {
    for (const product of PRODUCT_IDS) {
      expect(PRODUCT_INFO[product].plans).toEqual(PLAN_PRICE_KEYS[product]);
      for (const key of PRODUCT_INFO[product].plans) expect(['month', 'year']).toContain(pricePeriod(key));
    }
    expect(PLAN_PRICE_KEYS['farmcam-sim']).toEqual(['FarmcamSimSmall', 'FarmcamSimMedium', 'FarmcamSimLarge']);
    expect(PLAN_PRICE_KEYS.smartplug2).toEqual(['Smartplug2Month', 'Smartplug2Year']);
  });

  test("a price id is a plan only of its own product's plans", () => {
    expect(planKeyOf('farmcam-sim', catalogue, 'small')).toBe('FarmcamSimSmall');
    expect(planKeyOf('smartplug', catalogue, 'small')).toBeNull();
    expect(planKeyOf('smartplug', catalogue, 'plug-month')).toBe('SmartplugMonth');
    expect(planKeyOf('smartplug', catalogue, 'sms')).toBeNull();
    expect(planKeyOf('smartplug', catalogue, '')).toBeNull();
  });

  test('a month or a year later, on the last day when the month is shorter', () => {
    expect(extendByPeriod(new Date('2026-01-15T08:30:00.000Z'), 'SmartplugMonth').toISOString()).toBe('2026-02-15T08:30:00.000Z');
    expect(extendByPeriod(new Date('2026-01-31T08:30:00.000Z'), 'FarmcamSimSmall').toISOString()).toBe('2026-02-28T08:30:00.000Z');
    expect(extendByPeriod(new Date('2028-01-31T00:00:00.000Z'), 'FencealarmMonth').toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(extendByPeriod(new Date('2026-12-10T00:00:00.000Z'), 'SmartplugMonth').toISOString()).toBe('2027-01-10T00:00:00.000Z');
    expect(extendByPeriod(new Date('2028-02-29T12:00:00.000Z'), 'SmartplugYear').toISOString()).toBe('2029-02-28T12:00:00.000Z');
  });

  test("a SIM plan's allowance in bytes comes from the size in its name", () => {
    expect(planAllowanceBytes(catalogue.FarmcamSimSmall!)).toBe(1_000_000_000);
    expect(planAllowanceBytes(catalogue.FarmcamSimLarge!)).toBe(2_500_000_000_000);
    expect(() => planAllowanceBytes({ Id: 'x', Name: 'FarmCam SIM' })).toThrow(InvalidPriceNameError);
  });
});
