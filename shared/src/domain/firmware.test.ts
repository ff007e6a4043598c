import { FOTA_URL_PLACEHOLDER, checkFotaChecksum, checkFotaUrl } from './firmware';

describe('FOTA (docs/product/screens.md admin, §7)', () => {
  test('URL: coap://, coaps:// or https:// with a host; the placeholder alone is not enough', () => {
    expect(FOTA_URL_PLACEHOLDER.startsWith('coap')).toBe(true);
    expect(checkFotaUrl(FOTA_URL_PLACEHOLDER)).toBe('required');
    expect(checkFotaUrl('coap://fw.example.com/fa2/1.4.0.bin')).toBeNull();
    expect(checkFotaUrl('coaps://[2001:db8::1]:5684/fw')).toBeNull();
    expect(checkFotaUrl('https://fw.example.com/fa2.bin')).toBeNull();
    expect(checkFotaUrl('http://fw.example.com/fa2.bin')).toBe('invalid');
    expect(checkFotaUrl('coap:///nohost')).toBe('invalid');
  });

  test('checksum: 8 to 128 hexadecimal digits', () => {
    expect(checkFotaChecksum('')).toBe('required');
    // Issue 26: only a SHA-256 (64 hexadecimal digits); a CRC-32 or a SHA-512 is refused.
    expect(checkFotaChecksum('deadbeef')).toBe('invalid');
    expect(checkFotaChecksum('a'.repeat(128))).toBe('invalid');
    expect(checkFotaChecksum('a'.repeat(63))).toBe('invalid');
    expect(checkFotaChecksum('a'.repeat(64))).toBeNull();
    expect(checkFotaChecksum(` ${'0F'.repeat(32)} `)).toBeNull();
    expect(checkFotaChecksum('xyz12345')).toBe('invalid');
    expect(checkFotaChecksum('abc')).toBe('invalid');
  });
});
