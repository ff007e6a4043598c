// Warranty registration rules (docs/product/validation.md "Warranties"), used by the server and the /warranties form,
// so both refuse the same things. Each check returns a machine code (null when valid); screens localize the codes.
import { PRODUCT_IDS, PRODUCT_INFO, type ProductId } from '../products/catalogue';

/** Products sold with a warranty that the app does not connect to (docs/product/devices.md "Warranty"). */
const UNCONNECTED_WARRANTY_PRODUCTS = [
  'FarmCam 360S',
  'FarmCam Flex',
  'FarmCam HD',
  'FarmCam Mobility',
  'FarmCam Mobility S',
  'ForkliftCam',
  'ForkVision PRO',
  'LiftCam HD',
  'MachineCam HD',
  'MachineCam Mobility HD',
  'Trailercam HD',
] as const;

/** Registry products with no warranty: the FarmCam SIM is a data subscription, not hardware bought from a retailer. */
const NO_WARRANTY = ['farmcam-sim'] as const satisfies readonly ProductId[];
type WarrantedProductId = Exclude<ProductId, (typeof NO_WARRANTY)[number]>;

export type WarrantyProduct = (typeof UNCONNECTED_WARRANTY_PRODUCTS)[number] | (typeof PRODUCT_INFO)[WarrantedProductId]['name'];

/**
 * The products a warranty can be registered for (docs/product/devices.md "Warranty"), in the order the form lists them
 * (by name). Every device product of the registry is in it by its brand name, so a new product is never missing.
 */
export const WARRANTY_PRODUCTS = [
  ...UNCONNECTED_WARRANTY_PRODUCTS,
  ...PRODUCT_IDS.filter((id): id is WarrantedProductId => !(NO_WARRANTY as readonly ProductId[]).includes(id)).map(
    (id) => PRODUCT_INFO[id].name,
  ),
].sort((a, b) => a.localeCompare(b, 'en')) as unknown as readonly [WarrantyProduct, ...WarrantyProduct[]];

export const SERIAL_NUMBER_MAX_LENGTH = 64;
/**
 * Letters, digits, dot, dash and underscore, starting with a letter or digit: the serial number is a path segment of the
 * proof download, so `.`, `..` and names like `.hidden` must never be one (docs/product/validation.md "Warranties").
 */
export const SERIAL_NUMBER_PATTERN = '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$';
export const RETAILER_MAX_LENGTH = 100;
/** Registrations one account may hold (docs/product/limits.md): each carries a proof of up to 10 MB. */
export const WARRANTIES_PER_ACCOUNT_MAX = 100;
/** A calendar date, `YYYY-MM-DD`. */
export const PURCHASE_DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';

/**
 * A warranty's state (docs/product/states.md "Warranty review"): the product's registration; a claim of a product and
 * serial another account holds, waiting for staff; or a claim staff turned down.
 */
export const WARRANTY_STATUSES = ['registered', 'pending_review', 'rejected'] as const;
export type WarrantyStatus = (typeof WARRANTY_STATUSES)[number];

/** The largest proof of purchase, decoded: 10 MB (10 × 1024 × 1024 bytes). */
export const PROOF_MAX_BYTES = 10 * 1024 * 1024;
/** Its length as base64 (4 characters per 3 bytes, padded). */
export const PROOF_MAX_BASE64_LENGTH = 4 * Math.ceil(PROOF_MAX_BYTES / 3);

/** The file types a proof of purchase may have, recognised from the content, never from a name. */
export const PROOF_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type ProofType = (typeof PROOF_TYPES)[number];

/** The file name a downloaded proof gets, by its type. */
export const PROOF_EXTENSIONS: Record<ProofType, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/** Leading bytes of each accepted type: `%PDF-`, JPEG's SOI marker and the first byte of a segment, PNG's signature. */
const SIGNATURES: { type: ProofType; bytes: readonly number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** The file's type from its first bytes, or null when it is none of PDF, JPEG and PNG. */
export function sniffProofType(bytes: Uint8Array): ProofType | null {
  const match = SIGNATURES.find(
    ({ bytes: signature }) => signature.length <= bytes.length && signature.every((byte, i) => bytes[i] === byte),
  );
  return match?.type ?? null;
}

export type WarrantyFieldError = 'required' | 'invalid' | 'tooLong' | 'inFuture' | null;
export type ProofError = 'required' | 'notBase64' | 'tooLarge' | 'unsupportedType' | null;

export function isWarrantyProduct(value: string): value is WarrantyProduct {
  return (WARRANTY_PRODUCTS as readonly string[]).includes(value);
}

export function checkWarrantyProduct(product: string): WarrantyFieldError {
  if (!product) return 'required';
  return isWarrantyProduct(product) ? null : 'invalid';
}

/** Serial numbers are compared without surrounding spaces and case: `ab-12 ` and `AB-12` are one serial. */
export function normalizeSerialNumber(serial: string): string {
  return serial.trim().toUpperCase();
}

export function checkSerialNumber(serial: string): WarrantyFieldError {
  const value = normalizeSerialNumber(serial);
  if (!value) return 'required';
  if (value.length > SERIAL_NUMBER_MAX_LENGTH) return 'tooLong';
  return new RegExp(SERIAL_NUMBER_PATTERN).test(value) ? null : 'invalid';
}

export function checkRetailer(retailer: string): WarrantyFieldError {
  const value = retailer.trim();
  if (!value) return 'required';
  return value.length > RETAILER_MAX_LENGTH ? 'tooLong' : null;
}

/** `YYYY-MM-DD` that names a real day (no 2025-02-30). */
export function isCalendarDate(date: string): boolean {
  if (!new RegExp(PURCHASE_DATE_PATTERN).test(date)) return false;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

/** The most advanced time zone (UTC+14): a date is in the future only when it has not begun anywhere yet. */
const LATEST_ZONE_OFFSET_MS = 14 * 60 * 60 * 1000;

/** The last purchase date allowed at `now`: today in the most advanced time zone, so no buyer's "today" is refused. */
export function latestPurchaseDate(now: Date): string {
  return new Date(now.getTime() + LATEST_ZONE_OFFSET_MS).toISOString().slice(0, 10);
}

export function checkPurchaseDate(date: string, now: Date): WarrantyFieldError {
  if (!date) return 'required';
  if (!isCalendarDate(date)) return 'invalid';
  return date > latestPurchaseDate(now) ? 'inFuture' : null;
}

/** A proof's decoded size and sniffed type (null: not PDF, JPEG or PNG). */
export function checkProof(size: number, type: ProofType | null): ProofError {
  if (size === 0) return 'required';
  if (size > PROOF_MAX_BYTES) return 'tooLarge';
  return type ? null : 'unsupportedType';
}

/** Plain base64 characters (no data: prefix, no line breaks); a simple class, so a 14 MB text is checked in one pass. */
const BASE64_CHARACTERS = /^[A-Za-z0-9+/]*={0,2}$/;

/** Plain base64, padded to a multiple of 4 characters. */
export function isBase64(text: string): boolean {
  return text.length % 4 === 0 && BASE64_CHARACTERS.test(text);
}

/** How many bytes a base64 text decodes to (its length after the padding is taken off). */
export function base64DecodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}
