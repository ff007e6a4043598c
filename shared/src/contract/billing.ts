// Prices, purchases, invoices and the payment portal (docs/product/api.md, docs/product/devices.md Prices).
// Amounts are integer minor units (öre, cent), ex VAT unless named Gross.
import { Type, type Static } from '@sinclair/typebox';
import { PRICE_KEYS } from '../domain/money';
import { Id, IsoTime } from './common';
import { IDEMPOTENCY_KEY_HEADER } from './headers';

export const Price = Type.Object({
  Id: Type.String({ description: 'The payment provider’s price id; what PriceId on an update call takes' }),
  Name: Type.String({ description: 'FarmCam SIM plans carry their monthly allowance in the name ("FarmCam SIM Small 1 GB")' }),
  Sek: Type.Integer({ minimum: 0, description: 'öre, ex VAT' }),
  Eur: Type.Integer({ minimum: 0, description: 'cent, ex VAT' }),
});

/** GET /prices: the whole catalogue, keyed by catalogue key (all 13 keys). */
export const PriceCatalogue = Type.Object(
  Object.fromEntries(PRICE_KEYS.map((key) => [key, Price])) as { [K in (typeof PRICE_KEYS)[number]]: typeof Price },
);
export type PriceCatalogue = Static<typeof PriceCatalogue>;

/** An invoice of the payment provider: one purchase or plan charge. */
export const Invoice = Type.Object({
  Id: Type.String(),
  Number: Type.String({ description: 'The invoice number shown to the customer' }),
  CreatedAt: IsoTime,
  Description: Type.String({ description: 'What was bought, e.g. "SMS bundle (100 SMS)" or "SmartPlug Monthly – Pump"' }),
  Currency: Type.Union([Type.Literal('SEK'), Type.Literal('EUR')]),
  Net: Type.Integer({ description: 'minor units, ex VAT' }),
  VatRate: Type.Number({ description: 'e.g. 0.25; 0 under reverse charge' }),
  Vat: Type.Integer(),
  Gross: Type.Integer(),
  ReverseCharge: Type.Boolean({
    description: 'VAT to be accounted for by the recipient (valid EU VAT number outside the seller’s country)',
  }),
  Status: Type.Union([Type.Literal('paid'), Type.Literal('open'), Type.Literal('failed')]),
  PdfUrl: Type.String({ description: 'Path of the PDF download (same authorization as the list)' }),
});
export type Invoice = Static<typeof Invoice>;

/** GET /users/{id}/billing?return-url=: where "Manage payment" goes. */
export const BillingPortal = Type.Object({
  Url: Type.String({ description: 'The payment provider’s portal for this customer (the built-in one: signed, short-lived)' }),
});
export type BillingPortal = Static<typeof BillingPortal>;

export const BillingPortalQuery = Type.Object({
  'return-url': Type.Optional(Type.String({ maxLength: 1024, description: 'Where the portal returns to; one of Paddock’s own addresses' })),
});

// The idempotency header (IDEMPOTENCY_KEY_HEADER) is in headers.ts, with no schema beside it.
export { IDEMPOTENCY_KEY_HEADER };

/** The headers a purchase takes (docs/product/api.md): an optional idempotency key of 1 to 255 visible ASCII characters. */
export const PurchaseHeaders = Type.Object({
  [IDEMPOTENCY_KEY_HEADER]: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: '^[\\x21-\\x7E]+$',
      description: 'Names this purchase: a retried or repeated request with the same key returns the first result and charges once',
    }),
  ),
});

/** GET /users/{id}/invoices/{invoiceId}/pdf. */
export const InvoicePdfParams = Type.Object({ id: Id, invoiceId: Id }, { additionalProperties: false });
