// The built-in provider's test cards (docs/product/billing.md): no money moves. Any well-formed card with a valid
// check digit is accepted; 4000 0000 0000 0002 is saved but every charge on it is declined, to try the failure paths.
// Only the brand, the last four digits and the expiry are kept, never the number or the CVC.

export const DECLINING_TEST_CARD = '4000000000000002';

export interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
}

export interface TestCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  declines: boolean;
}

export type CardProblem = 'card_number_invalid' | 'card_expiry_invalid' | 'card_expired' | 'card_cvc_invalid';

/** The Luhn check digit test every card number passes. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'Visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  return 'Card';
}

/** The card the form describes, or what is wrong with it first (number, then expiry, then CVC). */
export function readTestCard(form: CardForm, now: Date): TestCard | CardProblem {
  const digits = form.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return 'card_number_invalid';
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.expiry);
  if (!expiry) return 'card_expiry_invalid';
  const expMonth = Number(expiry[1]);
  const expYear = expiry[2].length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (expMonth < 1 || expMonth > 12) return 'card_expiry_invalid';
  // A card is valid to the end of its expiry month.
  if (Date.UTC(expYear, expMonth, 1) <= now.getTime()) return 'card_expired';
  if (!/^\d{3,4}$/.test(form.cvc.trim())) return 'card_cvc_invalid';
  return { brand: brandOf(digits), last4: digits.slice(-4), expMonth, expYear, declines: digits === DECLINING_TEST_CARD };
}
