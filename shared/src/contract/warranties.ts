// Warranties (docs/product/api.md "Warranties"): registration with a proof of purchase, the list, the proof download.
import { Type, type Static } from '@sinclair/typebox';
import {
  PROOF_TYPES,
  PURCHASE_DATE_PATTERN,
  RETAILER_MAX_LENGTH,
  SERIAL_NUMBER_MAX_LENGTH,
  SERIAL_NUMBER_PATTERN,
  WARRANTY_PRODUCTS,
} from '../domain/warranties';
import { IsoTime } from './common';

const closed = { additionalProperties: false } as const;

export const WarrantyProduct = Type.Union(WARRANTY_PRODUCTS.map((product) => Type.Literal(product)));
export const ProofType = Type.Union(PROOF_TYPES.map((type) => Type.Literal(type)));

/** POST /users/{id}/warranties. */
export const RegisterWarrantyBody = Type.Object(
  {
    Product: WarrantyProduct,
    SerialNumber: Type.String({
      minLength: 1,
      // Room for spaces around it, which are dropped; the serial itself is at most SERIAL_NUMBER_MAX_LENGTH.
      maxLength: SERIAL_NUMBER_MAX_LENGTH + 16,
      description: `Letters, digits, \`.\`, \`-\`, \`_\`, the first a letter or digit (${SERIAL_NUMBER_PATTERN}) once trimmed; stored upper-cased`,
    }),
    Retailer: Type.String({ minLength: 1, maxLength: RETAILER_MAX_LENGTH }),
    DateOfPurchase: Type.String({ pattern: PURCHASE_DATE_PATTERN, description: 'YYYY-MM-DD, not in the future' }),
    ProofOfPurchase: Type.String({
      minLength: 1,
      description: 'The file as plain base64: a PDF, JPEG or PNG (recognised from its content), at most 10 MB decoded',
    }),
  },
  closed,
);
export type RegisterWarrantyBody = Static<typeof RegisterWarrantyBody>;

/** A registered warranty; the proof itself comes from its download URL, not in the list. */
export const Warranty = Type.Object({
  Product: WarrantyProduct,
  SerialNumber: Type.String(),
  Retailer: Type.String(),
  DateOfPurchase: Type.String({ description: 'YYYY-MM-DD' }),
  RegisteredAt: IsoTime,
  ProofOfPurchase: Type.Object({
    Type: ProofType,
    Size: Type.Integer({ minimum: 1, description: 'bytes' }),
    Url: Type.String({ description: 'Path of the download, under the API base: warranties/{serial}/proof-of-purchase?product=' }),
  }),
});
export type Warranty = Static<typeof Warranty>;

export const WarrantyList = Type.Array(Warranty);

export const WarrantySerialParams = Type.Object({ serial: Type.String({ minLength: 1, maxLength: SERIAL_NUMBER_MAX_LENGTH }) });
/** `product` picks one when the same serial is registered for several products. */
export const ProofOfPurchaseQuery = Type.Object({ product: Type.Optional(WarrantyProduct) });
