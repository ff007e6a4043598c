import { readTestCard } from './testCards';

const now = new Date('2026-11-24T12:00:00Z');

describe('test cards of the built-in provider', () => {
  it('accepts a well-formed card, keeping only brand, last four digits and expiry', () => {
    expect(readTestCard({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, now)).toEqual({
      brand: 'Visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      declines: false,
    });
    expect(readTestCard({ number: '5555-5555-5555-4444', expiry: '1 / 2031', cvc: '1234' }, now)).toMatchObject({
      brand: 'Mastercard',
      expYear: 2031,
    });
  });

  it('marks 4000 0000 0000 0002 as the card that is always declined', () => {
    expect(readTestCard({ number: '4000 0000 0000 0002', expiry: '11/26', cvc: '000' }, now)).toMatchObject({
      declines: true,
      last4: '0002',
    });
  });

  it('names the first problem: number (check digit, length), expiry (form, month, past), CVC', () => {
    expect(readTestCard({ number: '4242 4242 4242 4241', expiry: '12/30', cvc: '123' }, now)).toBe('card_number_invalid');
    expect(readTestCard({ number: '4242', expiry: '12/30', cvc: '123' }, now)).toBe('card_number_invalid');
    expect(readTestCard({ number: '4242424242424242', expiry: '1230', cvc: '123' }, now)).toBe('card_expiry_invalid');
    expect(readTestCard({ number: '4242424242424242', expiry: '13/30', cvc: '123' }, now)).toBe('card_expiry_invalid');
    expect(readTestCard({ number: '4242424242424242', expiry: '10/26', cvc: '123' }, now)).toBe('card_expired');
    expect(readTestCard({ number: '4242424242424242', expiry: '12/30', cvc: '12' }, now)).toBe('card_cvc_invalid');
  });
});
