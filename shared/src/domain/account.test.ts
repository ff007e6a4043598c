import { checkEmail, checkPassword, checkPhone, checkVatin, checkVerificationCode, normalizeEmail, normalizeVatin, pickLocale } from './account';

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

  test('locale from the browser languages, fallback en-GB', () => {
    expect(pickLocale(['sv-SE', 'en'])).toBe('sv-SE');
    expect(pickLocale(['de-AT'])).toBe('de-DE');
    expect(pickLocale(['fr'])).toBe('fr-FR');
    expect(pickLocale(['en-US'])).toBe('en-GB');
    expect(pickLocale(['ja', 'nl'])).toBe('en-GB');
    expect(pickLocale([])).toBe('en-GB');
  });
});
