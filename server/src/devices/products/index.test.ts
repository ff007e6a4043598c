import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRODUCT_IDS, PRODUCT_INFO } from '@paddock/shared/domain';
import { SERVER_PRODUCTS } from '.';

const DOCS = join(__dirname, '../../../../docs/product');

describe("the server's product modules", () => {
  it.each(PRODUCT_IDS)('%s: has the fields a consumption reset sets exactly when its info offers the reset', (product) => {
    expect(typeof SERVER_PRODUCTS[product].consumptionResetFields === 'function').toBe(PRODUCT_INFO[product].consumptionReset);
  });

  // A product nobody can read about is not done: its page, linked from the devices page (CONTRIBUTING "Add a product").
  it.each(PRODUCT_IDS)('%s: has its page in docs/product/products/, linked from docs/product/devices.md', (product) => {
    expect(existsSync(join(DOCS, 'products', `${product}.md`))).toBe(true);
    expect(readFileSync(join(DOCS, 'devices.md'), 'utf8')).toContain(`(products/${product}.md)`);
  });
});
