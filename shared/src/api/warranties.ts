// Warranty calls (docs/product/api.md "Warranties"): the account's list, a registration, a proof's download, and the
// staff's review of disputed serials (docs/product/admin.md "Warranty claims").
import type { RegisterWarrantyBody, Warranty, WarrantyClaim, WarrantyDispute } from '../contract';
import { api, type RequestOptions } from './client';

const warrantiesOf = (userId: string) => `users/${encodeURIComponent(userId)}/warranties`;

/** Registration sends the proof as base64 (up to ~14 MB of text): a slow upload gets longer than the default 30 s. */
export const WARRANTY_UPLOAD_TIMEOUT_MS = 120_000;

export const warrantiesApi = {
  list: (userId: string, options?: RequestOptions) => api.get<Warranty[]>(warrantiesOf(userId), options),
  register: (userId: string, body: RegisterWarrantyBody, options?: RequestOptions) =>
    api.post<Warranty>(warrantiesOf(userId), body, { timeout: WARRANTY_UPLOAD_TIMEOUT_MS, ...options }),
  /** The proof file of a listed warranty (its `ProofOfPurchase.Url`), with its type. */
  async proof(warranty: Pick<Warranty, 'ProofOfPurchase'>, options?: RequestOptions): Promise<Blob> {
    const response = await api.get<Response>(warranty.ProofOfPurchase.Url, { ...options, raw: true });
    return response.blob();
  },
  /** Admin: the products and serials with a claim in review, each with its open claims. */
  claims: (options?: RequestOptions) => api.get<WarrantyDispute[]>('admin/warranty-claims', options),
  /** Admin: the claim becomes the registration, the serial's other open claims are rejected. */
  acceptClaim: (id: string, options?: RequestOptions) =>
    api.post<WarrantyClaim>(`admin/warranty-claims/${encodeURIComponent(id)}/accept`, undefined, options),
  /** Admin: the claim in review is rejected; the registration stays. */
  rejectClaim: (id: string, options?: RequestOptions) =>
    api.post<WarrantyClaim>(`admin/warranty-claims/${encodeURIComponent(id)}/reject`, undefined, options),
};
