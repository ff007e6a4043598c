// Billing calls (docs/product/api.md Billing): the price catalogue, purchases charged once, invoices and the payment portal.
import type { BillingPortal, FarmcamSim, Invoice, PriceCatalogue } from '../contract';
import { api, resolveApiBase, type RequestOptions } from './client';
import { idempotencyHeaders } from './idempotency';

/** docs/product/limits.md: the price catalogue is fetched with a 20 s time-out. */
export const PRICES_TIMEOUT_MS = 20_000;

const user = (id: string) => `users/${encodeURIComponent(id)}`;

/**
 * A PdfUrl on another site (a payment provider's own invoice page, e.g. Stripe's) is opened there; Paddock's own paths are
 * fetched with the token (docs/product/api.md Billing).
 */
export function isExternalInvoiceUrl(pdfUrl: string, origin: string = typeof location !== 'undefined' ? location.origin : ''): boolean {
  return /^https?:\/\//i.test(pdfUrl) && !pdfUrl.startsWith(`${origin}/`);
}

/** An invoice's PdfUrl as a path under the API base: the server may give it with or without the base. */
export function invoicePdfPath(pdfUrl: string): string {
  const origin = typeof location !== 'undefined' ? location.origin : '';
  const local = origin && pdfUrl.startsWith(`${origin}/`) ? pdfUrl.slice(origin.length) : pdfUrl;
  const base = resolveApiBase().replace(/\/$/, '');
  const path = base && local.startsWith(`${base}/`) ? local.slice(base.length) : local;
  return path.replace(/^\//, '');
}

export const billingApi = {
  /** GET /prices: the whole catalogue (docs/product/api.md); 20 s time-out. */
  prices: (options?: RequestOptions) => api.get<PriceCatalogue>('prices', { timeout: PRICES_TIMEOUT_MS, ...options }),

  /** POST /farmcam-sims/{imsi}/extra-data: buys 1 GB once per key; returns the SIM with its new remaining data. */
  buyExtraData: (imsi: string, idempotencyKey: string, options?: RequestOptions) =>
    api.post<FarmcamSim>(`farmcam-sims/${encodeURIComponent(imsi)}/extra-data`, undefined, idempotencyHeaders(idempotencyKey, options)),

  /** GET /users/{id}/invoices: the user's invoices, newest first. */
  invoices: (userId: string, options?: RequestOptions) => api.get<Invoice[]>(`${user(userId)}/invoices`, options),

  /** The invoice's PDF (same authorization as the list), as a Blob to save. */
  async invoicePdf(invoice: Pick<Invoice, 'PdfUrl'>, options?: RequestOptions): Promise<Blob> {
    const response = await api.get<Response>(invoicePdfPath(invoice.PdfUrl), { ...options, raw: true });
    return response.blob();
  },

  /** GET /users/{id}/billing?return-url=: the payment provider's portal for this user. */
  portal: (userId: string, returnUrl: string, options?: RequestOptions) =>
    api.get<BillingPortal>(`${user(userId)}/billing`, { ...options, query: { ...options?.query, 'return-url': returnUrl } }),
};
