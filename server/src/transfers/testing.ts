// For tests elsewhere that need a device to change hands: the way it does in the product, an offer and its acceptance.
import type { ProductId } from '@paddock/shared/domain';
import { PRODUCTS } from '@paddock/shared/domain';
import { call, type Member, type TestApp } from '../testing/testApp';

/** `from` offers the device to `to`, who accepts; returns the accept's reply (200 and the device). */
export async function handOver(t: TestApp, product: ProductId, key: string, from: { token: string }, to: Member) {
  const offered = await call(t.app, 'POST', `/api/${PRODUCTS[product].apiCollection}/${key}/transfer`, {
    token: from.token,
    body: { Email: to.email },
  });
  if (offered.statusCode !== 202) throw new Error(`offer: ${offered.statusCode} ${offered.body}`);
  return call(t.app, 'POST', `/api/transfers/${offered.json<{ Id: string }>().Id}/accept`, { token: to.token });
}
