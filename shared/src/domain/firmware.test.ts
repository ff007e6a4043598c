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
    expect(checkFotaChecksum('deadbeef')).toBeNull();
    expect(checkFotaChecksum('a'.repeat(64))).toBeNull();
    expect(checkFotaChecksum('xyz12345')).toBe('invalid');
    expect(checkFotaChecksum('abc')).toBe('invalid');
  });
});
