import {
  base64DecodedLength,
  checkProof,
  checkPurchaseDate,
  checkRetailer,
  checkSerialNumber,
  checkWarrantyProduct,
  isBase64,
  latestPurchaseDate,
  normalizeSerialNumber,
  PROOF_MAX_BASE64_LENGTH,
  PROOF_MAX_BYTES,
  sniffProofType,
  WARRANTY_PRODUCTS,
} from './warranties';
import { PRODUCT_IDS, PRODUCT_INFO } from '../products/catalogue';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((value) => (typeof value === 'string' ? [...value].map((c) => c.charCodeAt(0)) : [value])));

describe('warranty rules', () => {
  it('lists every device product of the registry by name, SmartPlug2 included, besides the cameras', () => {
    for (const id of PRODUCT_IDS.filter((product) => product !== 'farmcam-sim')) {
      expect(WARRANTY_PRODUCTS).toContain(PRODUCT_INFO[id].name);
      expect(checkWarrantyProduct(PRODUCT_INFO[id].name)).toBeNull();
    }
    expect(WARRANTY_PRODUCTS).toContain('SmartPlug2');
    // The SIM is a data subscription, not hardware with a warranty.
    expect(WARRANTY_PRODUCTS).not.toContain(PRODUCT_INFO['farmcam-sim'].name);
    expect(WARRANTY_PRODUCTS).toHaveLength(15);
    expect(new Set(WARRANTY_PRODUCTS).size).toBe(WARRANTY_PRODUCTS.length);
  });

  it('lists the products by name and accepts nothing else', () => {
    expect(WARRANTY_PRODUCTS.slice(0, 7)).toEqual([
      'FarmCam 360S',
      'FarmCam Flex',
      'FarmCam HD',
      'FarmCam Mobility',
      'FarmCam Mobility S',
      'FenceAlarm',
      'FenceAlarm2',
    ]);
    expect(WARRANTY_PRODUCTS.slice(-3)).toEqual(['SmartPlug', 'SmartPlug2', 'Trailercam HD']);
    expect(checkWarrantyProduct('ForkVision PRO')).toBeNull();
    expect(checkWarrantyProduct('')).toBe('required');
    expect(checkWarrantyProduct('fencealarm')).toBe('invalid');
  });

  it('recognises PDF, JPEG and PNG by their first bytes only', () => {
    expect(sniffProofType(bytes('%PDF-1.4'))).toBe('application/pdf');
    expect(sniffProofType(bytes(0xff, 0xd8, 0xff, 0xe1))).toBe('image/jpeg');
    expect(sniffProofType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffProofType(bytes('MZ', 0x90, 0))).toBeNull();
    expect(sniffProofType(bytes('%PDF'))).toBeNull();
    expect(sniffProofType(bytes(' %PDF-1.4'))).toBeNull();
    expect(sniffProofType(bytes(0x89, 'PNG'))).toBeNull();
    expect(sniffProofType(new Uint8Array())).toBeNull();
  });

  it('checks a proof’s size (10 MB at most) before its type', () => {
    expect(checkProof(1, 'image/png')).toBeNull();
    expect(checkProof(PROOF_MAX_BYTES, 'application/pdf')).toBeNull();
    expect(checkProof(PROOF_MAX_BYTES + 1, 'application/pdf')).toBe('tooLarge');
    expect(checkProof(PROOF_MAX_BYTES + 1, null)).toBe('tooLarge');
    expect(checkProof(10, null)).toBe('unsupportedType');
    expect(checkProof(0, null)).toBe('required');
  });

  it('reads padded base64 only and knows its decoded length', () => {
    expect(isBase64('JVBERi0=')).toBe(true);
    expect(isBase64('')).toBe(true);
    expect(isBase64('JVBERi0')).toBe(false);
    expect(isBase64('data:application/pdf;base64,JVBERi0=')).toBe(false);
    expect(isBase64('JVBE\nRi0=')).toBe(false);
    expect(base64DecodedLength('JVBERi0=')).toBe(5);
    expect(base64DecodedLength('JVBERi0t')).toBe(6);
    expect(base64DecodedLength('JVBERg==')).toBe(4);
    expect(PROOF_MAX_BASE64_LENGTH).toBe(Buffer.alloc(PROOF_MAX_BYTES).toString('base64').length);
  });

  it('takes serial numbers trimmed and upper-cased, of safe characters', () => {
    expect(normalizeSerialNumber('  ab-12.c_d ')).toBe('AB-12.C_D');
    expect(checkSerialNumber(' ab-12 ')).toBeNull();
    expect(checkSerialNumber('   ')).toBe('required');
    expect(checkSerialNumber('a/b')).toBe('invalid');
    expect(checkSerialNumber('a b')).toBe('invalid');
    expect(checkSerialNumber('1.0_B-2')).toBeNull();
    expect(checkSerialNumber('a..b')).toBeNull();
  });

  it('refuses serial numbers that do not start with a letter or digit, so `.` and `..` are never a path segment', () => {
    for (const serial of ['.', '..', ' .. ', '.hidden', '-A1', '_A1', '...']) expect(checkSerialNumber(serial)).toBe('invalid');
    expect(checkSerialNumber('A')).toBeNull();
    expect(checkSerialNumber('7')).toBeNull();
    expect(checkSerialNumber('A'.repeat(64))).toBeNull();
    expect(checkSerialNumber('A'.repeat(65))).toBe('tooLong');
  });

  it('wants a retailer of at most 100 characters', () => {
    expect(checkRetailer(' Granngården ')).toBeNull();
    expect(checkRetailer('  ')).toBe('required');
    expect(checkRetailer('R'.repeat(101))).toBe('tooLong');
  });

  it('takes a real calendar date up to today in the most advanced time zone', () => {
    const now = new Date('2025-06-01T12:00:00Z');
    expect(latestPurchaseDate(now)).toBe('2025-06-02');
    expect(checkPurchaseDate('2025-06-01', now)).toBeNull();
    // Already 2 June in Kiribati (UTC+14).
    expect(checkPurchaseDate('2025-06-02', now)).toBeNull();
    expect(checkPurchaseDate('2025-06-03', now)).toBe('inFuture');
    expect(checkPurchaseDate('', now)).toBe('required');
    expect(checkPurchaseDate('2025-02-29', now)).toBe('invalid');
    expect(checkPurchaseDate('2024-02-29', now)).toBeNull();
    expect(checkPurchaseDate('01/06/2025', now)).toBe('invalid');
  });
});
