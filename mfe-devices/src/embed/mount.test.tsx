// mount/unmount of the partner embed (docs/product/embedding.md), with the dashboard itself replaced by a stand-in:
// the dashboard has its own tests, and the embed in a real browser is tests/e2e/embed.spec.ts.
import { act } from 'react';
import { api } from '@paddock/shared/api';
import type { SignInReply } from '@paddock/shared/contract';
import { resetSession, sampleUser } from '@paddock/shared/testing/fixtures';
import { localeAtom, paddockStore, STORAGE_KEYS, tokenAtom, userAtom } from '@paddock/shared/session';
import { leaveByLink, mount, readOptions } from './mount';
import { installStyleHub, STYLE_HUB_KEY } from './styleHub';
import { polyfillReplaceSync } from './testing';

jest.mock('../App', () => ({ __esModule: true, default: () => <p>the dashboard</p> }));

const TOKEN = 'partner-token-1';
const reply: SignInReply = { User: { ...sampleUser, Locale: 'de-DE' }, Token: { String: TOKEN, ExpiresAt: '2099-01-01T00:00:00.000Z' } };

let getSpy: jest.SpyInstance;
beforeAll(() => {
  polyfillReplaceSync();
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
beforeEach(() => {
  resetSession();
  getSpy = jest.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path === 'session') return reply as never;
    throw new Error(`unexpected call ${path}`);
  });
});
afterEach(() => {
  getSpy.mockRestore();
  document.body.replaceChildren();
  delete (globalThis as Record<string, unknown>)[STYLE_HUB_KEY];
});

const host = () => document.body.appendChild(document.createElement('div'));
const mountIn = async (element: HTMLElement, options: Parameters<typeof mount>[1], extra?: Parameters<typeof mount>[2]) => {
  let unmount!: () => void;
  await act(async () => {
    unmount = await mount(element, options, { appBase: 'https://paddock.example.com/', ...extra });
  });
  return unmount;
};

describe('readOptions', () => {
  it('needs an API address, and keeps only known locales and variants', () => {
    expect(() => readOptions({ apiBase: '' })).toThrow(/apiBase/);
    expect(() => readOptions({ apiBase: 'javascript:alert(1)' })).toThrow(/apiBase/);
    expect(readOptions({ apiBase: 'https://p.example.com/api/', token: '  ', locale: 'xx-XX', variant: 'gold' })).toEqual({
      apiBase: 'https://p.example.com/api',
      token: null,
      locale: null,
      variant: 'default',
    });
    expect(readOptions({ apiBase: '/api', token: 't', locale: 'sv-SE', variant: 'partner' })).toMatchObject({
      token: 't',
      locale: 'sv-SE',
      variant: 'partner',
    });
  });
});

describe('mount', () => {
  it('shows the dashboard in a shadow root for the token’s user, in the locale asked for', async () => {
    const element = host();
    const unmount = await mountIn(element, {
      apiBase: 'https://paddock.example.com/api',
      token: TOKEN,
      locale: 'fr-FR',
      variant: 'partner',
    });
    expect(element.shadowRoot).not.toBeNull();
    expect(element.childNodes).toHaveLength(0); // nothing in the page's own DOM
    expect(element.shadowRoot!.textContent).toContain('the dashboard');
    expect(element.shadowRoot!.querySelector('.pd-embed')?.getAttribute('data-variant')).toBe('partner');
    expect(getSpy).toHaveBeenCalledWith('session', expect.anything());
    expect(paddockStore.get(userAtom)?.Id).toBe(sampleUser.Id);
    expect(paddockStore.get(tokenAtom)?.String).toBe(TOKEN);
    expect(paddockStore.get(localeAtom)).toBe('fr-FR');
    expect(installStyleHub().attached).toBe(1);
    act(() => unmount());
  });

  it('unmounts without leaving anything: element empty, styles detached, session and storage forgotten', async () => {
    const element = host();
    const unmount = await mountIn(element, { apiBase: 'https://paddock.example.com/api', token: TOKEN });
    // The partner's token lives in memory only: never in the page's storage.
    expect(paddockStore.get(tokenAtom)?.String).toBe(TOKEN);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    act(() => unmount());
    expect(element.shadowRoot!.childNodes).toHaveLength(0);
    expect(element.shadowRoot!.adoptedStyleSheets).toEqual([]);
    expect(installStyleHub().attached).toBe(0);
    expect(paddockStore.get(tokenAtom)).toBeNull();
    expect(paddockStore.get(userAtom)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    act(() => unmount()); // a second call does nothing
  });

  it('two embeds share one session look-up; the session goes with the last one', async () => {
    const first = await mountIn(host(), { apiBase: 'https://paddock.example.com/api', token: TOKEN });
    const second = await mountIn(host(), { apiBase: 'https://paddock.example.com/api', token: TOKEN, variant: 'partner' });
    expect(getSpy).toHaveBeenCalledTimes(1);
    expect(installStyleHub().attached).toBe(2);
    act(() => first());
    expect(paddockStore.get(userAtom)?.Id).toBe(sampleUser.Id);
    act(() => second());
    expect(paddockStore.get(userAtom)).toBeNull();
  });

  it('without a token shows Paddock’s sign-in from the account remote inside the element', async () => {
    const element = host();
    const loadAccount = jest.fn(async () => ({ default: () => <h1>Paddock sign-in</h1> }));
    const unmount = await mountIn(element, { apiBase: 'https://paddock.example.com/api' }, { loadAccount });
    await act(async () => undefined);
    expect(element.shadowRoot!.textContent).toContain('Paddock sign-in');
    expect(element.shadowRoot!.textContent).not.toContain('the dashboard');
    expect(getSpy).not.toHaveBeenCalled();
    act(() => unmount());
  });

  it('with a token the server refuses, shows the sign-in too', async () => {
    getSpy.mockRejectedValueOnce(new Error('401'));
    const element = host();
    const unmount = await mountIn(element, { apiBase: 'https://paddock.example.com/api', token: 'expired' });
    await act(async () => undefined);
    const link = element.shadowRoot!.querySelector('a[target="_blank"]');
    expect(link?.getAttribute('href')).toBe('https://paddock.example.com/sign-in');
    act(() => unmount());
  });

  it('refuses what is not an element', async () => {
    await expect(mount({} as Element, { apiBase: '/api' })).rejects.toThrow(/element/);
  });
});

describe('links that leave the embed', () => {
  const click = (href: string, target = '') => {
    const anchor = document.createElement('a');
    anchor.setAttribute('href', href);
    if (target) anchor.target = target;
    document.body.appendChild(anchor);
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, button: 0 });
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    anchor.addEventListener('click', (e) => leaveByLink(e as MouseEvent, 'https://paddock.example.com/'));
    anchor.dispatchEvent(event);
    const opened = open.mock.calls.map((c) => c[0]);
    open.mockRestore();
    return { prevented: event.defaultPrevented, opened };
  };

  it('open Paddock in a new tab for pages the embed does not show', () => {
    expect(click('/billing/subscriptions')).toEqual({ prevented: true, opened: ['https://paddock.example.com/billing/subscriptions'] });
    expect(click('/account')).toEqual({ prevented: true, opened: ['https://paddock.example.com/account'] });
  });

  it('stay inside for the device pages, and leave other links alone', () => {
    expect(click('/smartplug/350000300000014')).toEqual({ prevented: false, opened: [] });
    expect(click('/devices/register')).toEqual({ prevented: false, opened: [] });
    expect(click('https://support.example.com/')).toEqual({ prevented: false, opened: [] });
    expect(click('/billing', '_blank')).toEqual({ prevented: false, opened: [] });
  });
});
