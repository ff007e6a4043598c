import { PRODUCT_IDS, PRODUCT_INFO } from '@paddock/shared/domain';
import { SERVER_PRODUCTS } from '.';

describe("the server's product modules", () => {
  it.each(PRODUCT_IDS)('%s: has the fields a consumption reset sets exactly when its info offers the reset', (product) => {
    expect(typeof SERVER_PRODUCTS[product].consumptionResetFields === 'function').toBe(PRODUCT_INFO[product].consumptionReset);
  });
});
