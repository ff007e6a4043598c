import { checkEmail, checkPassword, checkVerificationCode, normalizeEmail, pickLocale } from './account';
import { checkE164Phone, checkPhone, toE164, withCallingCode } from './phone';
import { checkVatin, normalizeVatin } from './vatNumber';

describe('account rules', () => {
  test('e-mail', () => {
    expect(checkEmail('')).toBe('required');
    expect(checkEmail('farmer')).toBe('invalid');
    expect(checkEmail('farmer@farm')).toBe('invalid');
    expect(checkEmail(' farmer@farm.se ')).toBeNull();
    expect(checkEmail(`${'a'.repeat(250)}@b.se`)).toBe('tooLong');
    expect(normalizeEmail('  Farmer@Farm.SE ')).toBe('farmer@farm.se');
  });

  test('password needs at least 12 characters', () => {
    expect(checkPassword('')).toBe('required');
    expect(checkPassword(' '.repeat(14))).toBe('required');
    expect(checkPassword(' twelve chars ')).toBeNull();
    expect(checkPassword('a'.repeat(11))).toBe('tooShort');
    expect(checkPassword('a'.repeat(12))).toBeNull();
    expect(checkPassword('a'.repeat(257))).toBe('tooLong');
  });

  test('verification code has 6 digits', () => {
    expect(checkVerificationCode('')).toBe('required');
    expect(checkVerificationCode('12345')).toBe('invalid');
    expect(checkVerificationCode('12345a')).toBe('invalid');
    expect(checkVerificationCode(' 123456 ')).toBeNull();
  });

  test('phone and VAT number are optional but checked', () => {
    expect(checkPhone('')).toBeNull();
    expect(checkPhone('+46 70 123 45 67')).toBeNull();
    expect(checkPhone('12')).toBe('invalid');
    expect(checkPhone('call me')).toBe('invalid');
    expect(checkVatin('')).toBeNull();
    expect(normalizeVatin('se 5566.7788-9901')).toBe('SE556677889901');
    expect(checkVatin('se 556677889901')).toBeNull();
    expect(checkVatin('123456')).toBe('invalid');
  });

  // Issue 26: reverse charge rests on a self-declared number, so an EU number must have its own country's format.
  test.each([
    ['SE556677889901', null],
    ['SE5566778899', 'invalid'],
    ['SE556677889902', 'invalid'],
    ['DE123456789', null],
    ['DE12', 'invalid'],
    ['DE1234567890', 'invalid'],
    ['FR12345678901', null],
    ['FRAB345678901', null],
    ['FR1234', 'invalid'],
    ['ATU12345678', null],
    ['AT12345678', 'invalid'],
    ['EL123456789', null],
    ['NL123456789B01', null],
    ['NL123456789', 'invalid'],
    ['IE1234567WA', null],
    ['ES12345678', 'invalid'],
    ['NO123456789', null], // not an EU number: only the general form, and no reverse charge (docs/product/billing.md)
  ] as const)('VAT number %s of its country’s format: %s', (vatin, error) => {
    expect(checkVatin(vatin)).toBe(error);
  });

  test('locale from the browser languages, fallback en-GB', () => {
    expect(pickLocale(['sv-SE', 'en'])).toBe('sv-SE');
    expect(pickLocale(['de-AT'])).toBe('de-DE');
    expect(pickLocale(['fr'])).toBe('fr-FR');
    expect(pickLocale(['en-US'])).toBe('en-GB');
    expect(pickLocale(['ja', 'nl'])).toBe('en-GB');
    expect(pickLocale([])).toBe('en-GB');
  });
});

describe('E.164 phone numbers (docs/product/validation.md Phone)', () => {
  test.each([
    ['', null],
    ['+46 70 123 45 67', null],
    ['0046 70-123 45 67', null],
    ['+49 (151) 234.567.89', null],
    ['070 123 45 67', 'noCountryCode'],
    ['+0 70 123 45 67', 'invalid'],
    ['+46 70 12', 'invalid'],
    ['+46 70 123 45 67 89 01 23', 'invalid'],
    ['call me', 'invalid'],
  ] as const)('%s → %s', (phone, expected) => expect(checkE164Phone(phone)).toBe(expected));

  test('stored as dialled, and a national number gets the country’s calling code in front (its leading 0 dropped)', () => {
    expect(toE164(' 0046 70-123 45 67 ')).toBe('+46701234567');
    expect(withCallingCode('070-123 45 67', 'se')).toBe('+46701234567');
    expect(withCallingCode('0151 23456789', 'DE')).toBe('+4915123456789');
    expect(withCallingCode('+33 6 12 34 56 78', 'SE')).toBe('+33 6 12 34 56 78');
    expect(withCallingCode('070 123', 'XX')).toBe('070 123');
  });
});
