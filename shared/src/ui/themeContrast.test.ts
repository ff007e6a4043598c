// The theme's colour pairs keep WCAG 2 AA contrast in light and in dark (prefers-color-scheme), for both variants'
// accents (docs/architecture/README.md#look-and-feel; issue 30): text 4.5:1, focus rings and control edges 3:1. The
// end-to-end axe pass (tests/e2e/accessibility.spec.ts) checks the painted pages; this checks the palette itself.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const css = readFileSync(join(__dirname, 'theme.css'), 'utf8');

/** The custom properties of the first rule for `selector` inside `scope` (the whole sheet, or the dark media block). */
function properties(scope: string, selector: string): Record<string, string> {
  const at = scope.indexOf(`${selector} {`);
  if (at < 0) throw new Error(`no ${selector} rule`);
  const body = scope.slice(scope.indexOf('{', at) + 1, scope.indexOf('}', at));
  return Object.fromEntries([...body.matchAll(/(--pd-[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [name, value.trim()]));
}

const darkBlock = css.slice(css.indexOf('@media (prefers-color-scheme: dark)'));
const light = properties(css, ':root');
const dark = { ...light, ...properties(darkBlock, ':root') };
const PALETTES: Record<string, Record<string, string>> = {
  light,
  'light, partner': { ...light, ...properties(css, "[data-variant='partner']") },
  dark,
  'dark, partner': { ...dark, ...properties(darkBlock, "[data-variant='partner']") },
};

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const luminance = (hex: string) =>
  rgb(hex)
    .map((c) => c / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
/** color-mix(in srgb, a share, b) */
const mix = (a: string, share: number, b: string) =>
  '#' +
  rgb(a)
    .map((c, i) =>
      Math.round(c * share + rgb(b)[i] * (1 - share))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');
const contrast = (a: string, b: string) => {
  const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
};

/** [foreground, background, minimum], as the stylesheets pair them. */
function pairs(p: Record<string, string>): [string, string, string, string, number][] {
  const v = (name: string) => p[`--pd-${name}`];
  const list: [string, string, string, string, number][] = [];
  // Text and status colours on cards (surface) and on the page (surface-2), disabled controls (muted on surface-2) too.
  for (const fg of ['text', 'text-muted', 'accent', 'ok', 'warn', 'bad'])
    for (const bg of ['surface', 'surface-2']) list.push([fg, bg, v(fg), v(bg), 4.5]);
  list.push(
    ['accent-text', 'accent (primary button, navbar, chip)', v('accent-text'), v('accent'), 4.5],
    ['bad-text', 'bad (danger button, error toast)', v('bad-text'), v('bad'), 4.5],
    ['surface', 'text (toast)', v('surface'), v('text'), 4.5],
    ['surface', 'ok (success toast)', v('surface'), v('ok'), 4.5],
    ['text', 'warn 16% on surface (impersonation banner)', v('text'), mix(v('warn'), 0.16, v('surface')), 4.5],
    ['text-muted', 'warn 16% on surface', v('text-muted'), mix(v('warn'), 0.16, v('surface')), 4.5],
    ['text', 'border 12% on surface (admin details)', v('text'), mix(v('border'), 0.12, v('surface')), 4.5],
    ['accent-text', 'its 20% on accent (navbar, current page)', v('accent-text'), mix(v('accent-text'), 0.2, v('accent')), 4.5],
    ['focus', 'surface (focus ring)', v('focus'), v('surface'), 3],
    ['focus', 'surface-2 (focus ring)', v('focus'), v('surface-2'), 3],
    ['border', 'surface (input edge)', v('border'), v('surface'), 3],
  );
  return list;
}

test.each(Object.keys(PALETTES))('%s: every text pair ≥ 4.5:1, focus rings and input edges ≥ 3:1', (name) => {
  const palette = PALETTES[name];
  const failing = pairs(palette)
    .filter(([, , fg, bg, min]) => contrast(fg, bg) < min)
    .map(([fg, bg, a, b, min]) => `${fg} on ${bg}: ${contrast(a, b).toFixed(2)}:1 < ${min}:1`);
  expect(failing).toEqual([]);
});

test('the dark palette is read from the sheet (a changed colour is checked, not a copy)', () => {
  expect(dark['--pd-surface']).not.toBe(light['--pd-surface']);
  expect(Object.keys(properties(darkBlock, ':root')).length).toBeGreaterThanOrEqual(12);
  expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
  expect(contrast(mix('#000000', 0.5, '#ffffff'), '#808080')).toBeCloseTo(1, 1);
});
