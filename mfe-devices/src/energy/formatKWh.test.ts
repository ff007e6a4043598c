import { formatKWh } from './formatKWh';

test('a little use is written to the Wh, more to two decimals, in the page’s language', () => {
  expect(formatKWh(0.004, 'en-GB')).toBe('0.004');
  expect(formatKWh(0.004, 'de-DE')).toBe('0,004');
  expect(formatKWh(0, 'en-GB')).toBe('0');
  expect(formatKWh(12.434, 'en-GB')).toBe('12.43');
  expect(formatKWh(1234.5, 'sv-SE')).toBe('1\u00a0234,5');
});
