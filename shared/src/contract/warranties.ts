// Warranties (docs/product/api.md "Warranties"): registration with a proof of purchase, the list, the proof download,
// and the staff's review of a second claim of a serial (docs/product/admin.md "Warranty claims").
import { Type, type Static } from '@sinclair/typebox';
import {
  PROOF_TYPES,
  PURCHASE_DATE_PATTERN,
  RETAILER_MAX_LENGTH,
  SERIAL_NUMBER_MAX_LENGTH,
  SERIAL_NUMBER_PATTERN,
  WARRANTY_PRODUCTS,
  WARRANTY_STATUSES,
} from '../domain/warranties';
import { Id, IsoTime } from './common';

const closed = { additionalProperties: false } as const;

export const WarrantyProduct = Type.Union(WARRANTY_PRODUCTS.map((product) => Type.Literal(product)));
export const ProofType = Type.Union(PROOF_TYPES.map((type) => Type.Literal(type)));
export const WarrantyStatus = Type.Union(WARRANTY_STATUSES.map((status) => Type.Literal(status)));

/** An RFC 3339 timestamp with its zone, e.g. 2026-01-15T10:00:00Z or 2026-01-15T10:00:00.000+01:00. */
const PURCHASE_TIMESTAMP_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]{1,9})?)?(Z|z|[+-][0-9]{2}:[0-9]{2})$';

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
    // docs/product/api.md "Shapes accepted": also a full RFC 3339 timestamp, whose own calendar date is the one kept.
    DateOfPurchase: Type.String({
      pattern: `(${PURCHASE_DATE_PATTERN})|(${PURCHASE_TIMESTAMP_PATTERN})`,
      description: 'YYYY-MM-DD, or an RFC 3339 timestamp (its date as written is kept); not in the future',
    }),
    ProofOfPurchase: Type.String({
      minLength: 1,
      description:
        'The file as base64, plain or as a data: URL (data:<type>;base64,…): a PDF, JPEG or PNG (recognised from its content), at most 10 MB decoded',
    }),
  },
  closed,
);
export type RegisterWarrantyBody = Static<typeof RegisterWarrantyBody>;

const ProofOfPurchaseLink = Type.Object({
  Type: ProofType,
  Size: Type.Integer({ minimum: 1, description: 'bytes' }),
  Url: Type.String({ description: 'Path of the download, under the API base: warranties/{serial}/proof-of-purchase?product=&claim=' }),
});

/** A warranty (a claim of a product and serial); the proof itself comes from its download URL, not in the list. */
export const Warranty = Type.Object({
  Id,
  /**
   * `registered`; `pending_review` when another account held the product and serial already (staff decide, docs/product/states.md
   * "Warranty review"); `rejected` when staff turned the claim down.
   */
  Status: WarrantyStatus,
  Product: WarrantyProduct,
  SerialNumber: Type.String(),
  Retailer: Type.String(),
  DateOfPurchase: Type.String({ description: 'YYYY-MM-DD' }),
  RegisteredAt: IsoTime,
  ProofOfPurchase: ProofOfPurchaseLink,
});
export type Warranty = Static<typeof Warranty>;

export const WarrantyList = Type.Array(Warranty);

export const WarrantySerialParams = Type.Object({ serial: Type.String({ minLength: 1, maxLength: SERIAL_NUMBER_MAX_LENGTH }) });
/** `product` picks one when the same serial is registered for several products; `claim` one claim (a warranty's Id). */
export const ProofOfPurchaseQuery = Type.Object({ product: Type.Optional(WarrantyProduct), claim: Type.Optional(Id) });

// ---- Staff review of claims (admin) --------------------------------------------------------------------------

/** One claim in a dispute, as staff see it: who, what they said and their proof. */
export const WarrantyClaim = Type.Object({
  Id,
  Status: WarrantyStatus,
  UserId: Type.String(),
  Email: Type.String(),
  Retailer: Type.String(),
  DateOfPurchase: Type.String({ description: 'YYYY-MM-DD' }),
  RegisteredAt: IsoTime,
  ProofOfPurchase: ProofOfPurchaseLink,
});
export type WarrantyClaim = Static<typeof WarrantyClaim>;

/** A product and serial with a claim in review, and every open claim of it (the registration first, then oldest first). */
export const WarrantyDispute = Type.Object({
  Product: WarrantyProduct,
  SerialNumber: Type.String(),
  Claims: Type.Array(WarrantyClaim),
});
export type WarrantyDispute = Static<typeof WarrantyDispute>;
export const WarrantyDisputeList = Type.Array(WarrantyDispute);

export const WarrantyClaimParams = Type.Object({ id: Id }, closed);
export type WarrantyClaimParams = Static<typeof WarrantyClaimParams>;
