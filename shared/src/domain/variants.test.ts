import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normalizeHost, parseVariantHosts, variantForHost, VARIANTS, variantIcons } from './variants';

const rules = parseVariantHosts('partner.localhost=partner, *.partner.example=partner');

describe('variantForHost (docs/product/overview.md#branded-variants)', () => {
  test('an exact host', () => {
    expect(variantForHost('partner.localhost', rules)).toBe('partner');
    expect(variantForHost('localhost', rules)).toBe('default');
    expect(variantForHost('other.partner.localhost', rules)).toBe('default');
  });

  test('a wildcard matches any host below it, not the name itself', () => {
    expect(variantForHost('shop.partner.example', rules)).toBe('partner');
    expect(variantForHost('a.b.partner.example', rules)).toBe('partner');
    expect(variantForHost('partner.example', rules)).toBe('default');
    expect(variantForHost('evilpartner.example', rules)).toBe('default');
  });

  test('letter case, the port and a trailing dot do not matter', () => {
    expect(variantForHost('Partner.LocalHost:8080', rules)).toBe('partner');
    expect(variantForHost('SHOP.partner.example:443', rules)).toBe('partner');
    expect(variantForHost('partner.localhost.', rules)).toBe('partner');
  });

  test('unknown, empty and address hosts are default', () => {
    expect(variantForHost('paddock.farm', rules)).toBe('default');
    expect(variantForHost('', rules)).toBe('default');
    expect(variantForHost(undefined, rules)).toBe('default');
    expect(variantForHost('127.0.0.1:8080', rules)).toBe('default');
    expect(variantForHost('[::1]:8080', rules)).toBe('default');
    expect(variantForHost('partner.localhost', [])).toBe('default');
  });

  test('the first matching rule wins', () => {
    expect(variantForHost('a.shop.example', parseVariantHosts('a.shop.example=default,*.shop.example=partner'))).toBe('default');
    expect(variantForHost('b.shop.example', parseVariantHosts('a.shop.example=default,*.shop.example=partner'))).toBe('partner');
  });

  test('normalizeHost', () => {
    expect(normalizeHost('[::1]:3000')).toBe('::1');
    expect(normalizeHost('::1')).toBe('::1');
    expect(normalizeHost('Example.COM:80')).toBe('example.com');
  });
});

describe('parseVariantHosts', () => {
  test('entries, blanks and case', () => {
    expect(parseVariantHosts(' A.example=partner ,, *.b.example = default ')).toEqual([
      { pattern: 'a.example', variant: 'partner' },
      { pattern: '*.b.example', variant: 'default' },
    ]);
    expect(parseVariantHosts('')).toEqual([]);
  });

  test.each(['partner.localhost', 'partner.localhost=gold', '=partner', '*=partner', 'a..b=partner', 'a.example:8080=partner', 'a=b=partner', '*.*.x=partner'])(
    'refuses %p naming it',
    (text) => {
      expect(() => parseVariantHosts(text)).toThrow(text.split(',')[0]);
    },
  );
});

describe('the variant table', () => {
  test('the partner variant: own name, colours, icons and support address; no FarmCam SIM', () => {
    expect(VARIANTS.partner.products).not.toContain('farmcam-sim');
    expect(VARIANTS.default.products).toContain('farmcam-sim');
    expect(VARIANTS.partner.name).not.toBe(VARIANTS.default.name);
    expect(VARIANTS.partner.colours.accent).not.toBe(VARIANTS.default.colours.accent);
    expect(VARIANTS.partner.supportUrl).not.toBe(VARIANTS.default.supportUrl);
    expect(variantIcons('default').manifest).toBe('/manifest.webmanifest');
    expect(variantIcons('partner').manifest).toBe('/variants/partner/manifest.webmanifest');
  });

  test('theme.css gives each variant the accent colours of the table', () => {
    const css = readFileSync(join(__dirname, '..', 'ui', 'theme.css'), 'utf8').replace(/\s+/g, ' ');
    const light = css.slice(0, css.indexOf('@media (prefers-color-scheme: dark)'));
    const dark = css.slice(css.indexOf('@media (prefers-color-scheme: dark)'));
    expect(light).toContain(`:root { --pd-accent: ${VARIANTS.default.colours.accent};`);
    expect(dark).toContain(`:root { --pd-accent: ${VARIANTS.default.colours.accentDark};`);
    expect(light).toContain(`[data-variant='partner'] { --pd-accent: ${VARIANTS.partner.colours.accent}; }`);
    expect(dark).toContain(`[data-variant='partner'] { --pd-accent: ${VARIANTS.partner.colours.accentDark}; }`);
  });
});
