import { vatAmounts, vatTreatment } from './vat';

describe('VAT of the built-in provider', () => {
  it('charges Swedish customers 25 %, with or without a VAT number', () => {
    expect(vatTreatment('SE', '')).toEqual({ ratePercent: 25, reverseCharge: false });
    expect(vatTreatment('SE', 'SE556677889901')).toEqual({ ratePercent: 25, reverseCharge: false });
    expect(vatAmounts(9900, vatTreatment('SE', ''))).toEqual({ net: 9900, vat: 2475, gross: 12375 });
  });

  it('notes reverse charge, VAT 0, for a valid VAT number of another EU country (Greece prefixed EL)', () => {
    expect(vatTreatment('DE', 'DE 123.456-789')).toEqual({ ratePercent: 0, reverseCharge: true });
    expect(vatTreatment('gr', 'EL123456789')).toEqual({ ratePercent: 0, reverseCharge: true });
    expect(vatAmounts(990, vatTreatment('FR', 'FR12345678901'))).toEqual({ net: 990, vat: 0, gross: 990 });
  });

  it("charges the seller's 25 % to EU customers without a valid VAT number of their own country, and outside the EU", () => {
    expect(vatTreatment('DE', '')).toEqual({ ratePercent: 25, reverseCharge: false });
    expect(vatTreatment('DE', 'FR12345678901')).toEqual({ ratePercent: 25, reverseCharge: false });
    expect(vatTreatment('DE', 'DE1')).toEqual({ ratePercent: 25, reverseCharge: false });
    // Issue 26: well-formed in general but not in the country's format (DE + 9 digits): no reverse charge.
    expect(vatTreatment('DE', 'DE1234')).toEqual({ ratePercent: 25, reverseCharge: false });
    expect(vatTreatment('FR', 'FR1234567')).toEqual({ ratePercent: 25, reverseCharge: false });
    expect(vatTreatment('AT', 'AT12345678')).toEqual({ ratePercent: 25, reverseCharge: false });
    expect(vatTreatment('NO', 'NO123456789')).toEqual({ ratePercent: 25, reverseCharge: false });
  });

  it('rounds the VAT half up to whole minor units', () => {
    expect(vatAmounts(290, { ratePercent: 25, reverseCharge: false })).toEqual({ net: 290, vat: 73, gross: 363 });
    expect(vatAmounts(2, { ratePercent: 25, reverseCharge: false })).toEqual({ net: 2, vat: 1, gross: 3 });
  });
});
