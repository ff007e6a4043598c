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

  it('is one per page, found by the apps’ stylesheet loading through its global', () => {
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

  const insert = jest.requireActual<(link: HTMLLinkElement) => void>('../../../webpack/styles/insert.js');
  /** A link as mini-css-extract-plugin's runtime makes it: href and handlers set, then handed to insert. */
  const chunkLink = (href: string) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    const outcome = new Promise<string>((resolve) => {
      link.onload = link.onerror = (event) => resolve((event as Event).type);
    });
    return { link, outcome };
  };
  /** The remotes' files as a server sends them; the real fetch is exercised end to end (tests/e2e/embed*.spec.ts). */
  const serve = (files: Record<string, { css: string; after?: number } | number>) =>
    jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const file = files[String(input)];
      if (typeof file === 'number' || !file) return new Response('', { status: typeof file === 'number' ? file : 404 });
      await new Promise((resolve) => setTimeout(resolve, file.after ?? 0));
      return new Response(file.css, { status: 200 });
    });
  afterEach(() => jest.restoreAllMocks());

  it('puts a chunk’s stylesheet into the page when no embed is in charge', () => {
    const { link } = chunkLink('http://paddock.test/remotes/devices/1.css');
    insert(link);
    expect(link.parentNode).toBe(document.head);
    link.remove();
  });

  it('on a page with the embed, adopts a chunk’s stylesheet in the shadow roots, never in the page, and reports it loaded', async () => {
    serve({ 'http://paddock.test/remotes/devices/1.css': { css: ':root { --pd-accent: green; } .y { color: red; }' } });
    const hub = installStyleHub();
    const root = fakeRoot();
    hub.attach(root);
    const { link, outcome } = chunkLink('http://paddock.test/remotes/devices/1.css');
    insert(link);
    await expect(outcome).resolves.toBe('load');
    expect(link.isConnected).toBe(false);
    expect(document.querySelectorAll('link')).toHaveLength(0);
    expect(texts(root).at(-1)).toContain('.y');
    expect(texts(root).at(-1)).toContain('.pd-embed');
  });

  it('reports a stylesheet the server does not give as failed, and adopts nothing', async () => {
    serve({ 'http://paddock.test/remotes/devices/gone.css': 404 });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const hub = installStyleHub();
    const root = fakeRoot();
    hub.attach(root);
    const { link, outcome } = chunkLink('http://paddock.test/remotes/devices/gone.css');
    hub.addLink(link);
    await expect(outcome).resolves.toBe('error');
    expect(texts(root)).toHaveLength(1); // the host rules only
  });

  it('adopts stylesheets in the order they were asked for, whichever arrives first', async () => {
    serve({
      'http://paddock.test/a.css': { css: '.a { color: red; }', after: 30 },
      'http://paddock.test/b.css': { css: '.b { color: blue; }' },
    });
    const hub = installStyleHub();
    const root = fakeRoot();
    hub.attach(root);
    const a = chunkLink('http://paddock.test/a.css');
    const b = chunkLink('http://paddock.test/b.css');
    hub.addLink(a.link);
    hub.addLink(b.link);
    await Promise.all([a.outcome, b.outcome]);
    expect(texts(root).slice(1)).toEqual([expect.stringContaining('.a'), expect.stringContaining('.b')]);
  });
});
