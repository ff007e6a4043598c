import { parseInventoryCsv } from './inventory';

describe('parseInventoryCsv', () => {
  it('reads key,product,secret lines, skipping a header and blank lines', () => {
    const { entries, errors } = parseInventoryCsv(
      'key,product,secret\n350000300000900,smartplug,0123456789abcdef\r\n\n240010000000900, farmcam-sim ,fedcba9876543210\n',
    );
    expect(errors).toEqual([]);
    expect(entries).toEqual([
      { key: '350000300000900', product: 'smartplug', secret: '0123456789abcdef' },
      { key: '240010000000900', product: 'farmcam-sim', secret: 'fedcba9876543210' },
    ]);
  });

  it('names every bad row and keeps the good ones', () => {
    const { entries, errors } = parseInventoryCsv(
      [
        '350000300000901,toaster,0123456789abcdef',
        '3500003000,smartplug,0123456789abcdef',
        '350000300000902,smartplug,short',
        '350000300000903,smartplug,0123456789abcdef,extra',
        '350000300000904,smartplug,0123456789abcdef',
        '350000300000904,smartplug,0123456789abcdef',
      ].join('\n'),
    );
    expect(entries.map((e) => e.key)).toEqual(['350000300000904']);
    expect(errors).toEqual([
      expect.stringMatching(/^line 1: unknown product "toaster"/),
      expect.stringMatching(/^line 2: "3500003000" is not a valid IMEI/),
      expect.stringMatching(/^line 3: the secret must have at least 16/),
      expect.stringMatching(/^line 4: expected 3 columns/),
      'line 6: 350000300000904 appears twice',
    ]);
  });

  it('reads quoted fields and a UTF-8 byte-order mark (Excel)', () => {
    const { entries, errors } = parseInventoryCsv(
      '\uFEFFkey,product,secret\r\n"350000300000905","smartplug","0123456789,abcdef"\r\n350000300000906,smartplug,"say ""hi"" 0123456789"\r\n',
    );
    expect(errors).toEqual([]);
    expect(entries).toEqual([
      { key: '350000300000905', product: 'smartplug', secret: '0123456789,abcdef' },
      { key: '350000300000906', product: 'smartplug', secret: 'say "hi" 0123456789' },
    ]);
  });

  it('names the line of a quote never closed', () => {
    const { entries, errors } = parseInventoryCsv('350000300000907,smartplug,"0123456789abcdef\n350000300000908,smartplug,0123456789abcdef\n');
    expect(entries).toEqual([]);
    expect(errors).toEqual([expect.stringMatching(/^line \d: Quote Not Closed/)]);
  });
});
