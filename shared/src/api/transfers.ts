// Transfer offer calls (docs/product/api.md "Transfers"): offer a device, withdraw the offer, the account's open
// offers, and the recipient's accept or decline.
import type { DeviceOf, Transfer, TransferList, TransferOfferBody } from '../contract';
import { collectionOf, type ProductId } from '../products/catalogue';
import { api, type RequestOptions } from './client';

const transferPath = (product: ProductId, key: string) => `${collectionOf(product)}/${encodeURIComponent(key)}/transfer`;
const offerPath = (id: string) => `transfers/${encodeURIComponent(id)}`;

export const transfersApi = {
  /** POST {collection}/{key}/transfer: 202 and the offer, alike whether or not the address has an account. */
  offer: (product: ProductId, key: string, email: string, options?: RequestOptions) =>
    api.post<Transfer>(transferPath(product, key), { Email: email } satisfies TransferOfferBody, options),
  withdraw: (product: ProductId, key: string, options?: RequestOptions) => api.delete<void>(transferPath(product, key), options),
  list: (userId: string, options?: RequestOptions) => api.get<TransferList>(`users/${encodeURIComponent(userId)}/transfers`, options),
  accept: <P extends ProductId = ProductId>(id: string, options?: RequestOptions) =>
    api.post<DeviceOf<P>>(`${offerPath(id)}/accept`, undefined, options),
  decline: (id: string, options?: RequestOptions) => api.post<void>(`${offerPath(id)}/decline`, undefined, options),
};
