import { HOST_CSS, installStyleHub, scopedSheet, scopeSelector, scopeSelectorList, splitSelectors, STYLE_HUB_KEY } from './styleHub';
import { polyfillReplaceSync } from './testing';

beforeAll(polyfillReplaceSync);
afterEach(() => delete (globalThis as Record<string, unknown>)[STYLE_HUB_KEY]);

describe('scoping the apps’ CSS to a shadow root', () => {
  it('splits a selector list at its top-level commas only', () => {
    expect(splitSelectors('a, b > c,:is(d, e) f, [x="1,2"]')).toEqual(['a', 'b > c', ':is(d, e) f', '[x="1,2"]']);
  });

  it.each([
    [':root', '.pd-embed'],
    ['html', '.pd-embed'],
    ['body', '.pd-embed'],
    [':root .pd-card', '.pd-embed .pd-card'],
    ['body.pd-dark', '.pd-embed.pd-dark'],
    ['.pd-card', '.pd-card'],
    ["[data-variant='partner']", "[data-variant='partner']"],
    ['.body', '.body'],
    ['bodyguard', 'bodyguard'],
  ])('%s becomes %s', (selector, scoped) => {
    expect(scopeSelector(selector)).toBe(scoped);
  });

  it('merges what became the same selector', () => {
    expect(scopeSelectorList('html, body')).toBe('.pd-embed');
  });

  it('rewrites rules inside @media too, and leaves keyframes alone', () => {
    const sheet = scopedSheet(
      ':root { --pd-accent: green; } @media (prefers-color-scheme: dark) { :root { --pd-accent: lime; } } @keyframes pd-pulse { from { opacity: 1; } to { opacity: 0.5; } } body { color: red; }',
    );
    const text = Array.from(sheet.cssRules)
      .map((rule) => rule.cssText)
      .join('\n');
    expect(text).not.toMatch(/:root|\bbody\b/);
    expect(text).toMatch(/^\.pd-embed \{/);
    expect(text).toMatch(/@media[^{]*\{\s*\.pd-embed/);
    expect(text).toMatch(/@keyframes pd-pulse/);
  });
});

describe('the style hub', () => {
  const fakeRoot = () => ({ adoptedStyleSheets: [] as CSSStyleSheet[] }) as unknown as ShadowRoot;
  const texts = (root: ShadowRoot) =>
    root.adoptedStyleSheets.map((sheet) =>
      Array.from(sheet.cssRules)
        .map((r) => r.cssText)
        .join(' '),
    );

  it('is one per page, found by style-loader through its global', () => {
    const hub = installStyleHub();
    expect(installStyleHub()).toBe(hub);
    expect((globalThis as Record<string, unknown>)[STYLE_HUB_KEY]).toBe(hub);
  });

  it('gives a root the host rules first, every sheet so far, and every later one; detaching takes them away', () => {
    const hub = installStyleHub();
    hub.add('.a { color: red; }');
    const first = fakeRoot();
    hub.attach(first);
    expect(texts(first)).toHaveLength(2);
    expect(texts(first)[0]).toContain('.pd-embed');
    expect(HOST_CSS).toMatch(/\.pd-embed \{ all: initial/);
    const second = fakeRoot();
    hub.attach(second);
    hub.add('.b { color: blue; }');
    expect(texts(first)[2]).toContain('.b');
    expect(texts(second)[2]).toContain('.b');
    expect(hub.attached).toBe(2);
    hub.detach(first);
    expect(first.adoptedStyleSheets).toEqual([]);
    hub.add('.c { color: green; }');
    expect(first.adoptedStyleSheets).toEqual([]);
    expect(texts(second)).toHaveLength(4);
    expect(hub.attached).toBe(1);
  });

  it('keeps style-loader’s CSS out of the page while it exists', () => {
    const insert = jest.requireActual<(element: HTMLElement) => void>('../../../webpack/styles/insert.js');
    const transform = jest.requireActual<(css: string, element: HTMLElement) => void>('../../../webpack/styles/styleTagTransform.js');
    const before = document.head.querySelectorAll('style').length;
    const plain = document.createElement('style');
    insert(plain);
    transform('.x { color: red; }', plain);
    expect(document.head.querySelectorAll('style')).toHaveLength(before + 1);
    expect(plain.textContent).toBe('.x { color: red; }');
    plain.remove();

    const hub = installStyleHub();
    const root = fakeRoot();
    hub.attach(root);
    const embedded = document.createElement('style');
    insert(embedded);
    transform('.y { color: red; }', embedded);
    expect(embedded.isConnected).toBe(false);
    expect(document.head.querySelectorAll('style')).toHaveLength(before);
    expect(texts(root).at(-1)).toContain('.y');
  });
});
