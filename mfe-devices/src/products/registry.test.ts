import { PRODUCT_IDS, PRODUCTS } from '@paddock/shared/products';
import { DEVICE_PRODUCTS } from '.';

// The type checker demands an entry per product; these are the facts it cannot see.
describe('the devices remote product map', () => {
  it('has exactly one entry per product of the shared registry', () => {
    expect(Object.keys(DEVICE_PRODUCTS).sort()).toEqual([...PRODUCT_IDS].sort());
  });

  it.each(PRODUCT_IDS)('%s shows a power switch on its card exactly when the product has one', (product) => {
    expect(Boolean(DEVICE_PRODUCTS[product].PowerSwitch)).toBe(PRODUCTS[product].power !== null);
  });
});
