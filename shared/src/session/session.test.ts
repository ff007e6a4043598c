import { createStore } from 'jotai';
import type { SignInReply, User } from '../contract';
import { clearSession, signIn } from './actions';
import { isAdminAtom, isTokenValid, localeAtom, signedInAtom, tokenAtom, userAtom } from './store';

const user: User = {
  Id: 'u1',
  CustomerId: 'c1',
  AccountType: 'user',
  Email: 'farmer@farm.se',
  Phone: '',
  Locale: 'sv-SE',
  Country: 'SE',
  Verified: true,
  Name: '',
  Addr1: '',
  Addr2: '',
  PostalCode: '',
  Town: '',
  Vatin: '',
  EmailNotifications: { Billing: true, Device: true, Marketing: false },
  PushNotifications: { Enabled: false, Tokens: [] },
  SmsNotifications: { Enabled: false, Balance: 0 },
  EnergyPrice: null,
  Location: null,
};
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('session', () => {
  beforeEach(() => localStorage.clear());

  test('a token is valid only while its expiry is more than 10 s ahead', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(isTokenValid({ String: 't', ExpiresAt: '2026-01-01T00:00:11Z' }, now)).toBe(true);
    expect(isTokenValid({ String: 't', ExpiresAt: '2026-01-01T00:00:10Z' }, now)).toBe(false);
    expect(isTokenValid({ String: 't', ExpiresAt: 'garbage' }, now)).toBe(false);
    expect(isTokenValid(null, now)).toBe(false);
  });

  test('sign-in stores user, token and the user language; sign-out forgets them', () => {
    const store = createStore();
    const reply: SignInReply = { User: user, Token: { String: 'secret', ExpiresAt: inMs(3600_000) } };
    signIn(reply, store);
    expect(store.get(signedInAtom)).toBe(true);
    expect(store.get(isAdminAtom)).toBe(false);
    expect(store.get(localeAtom)).toBe('sv-SE');
    expect(JSON.parse(localStorage.getItem('paddock.token')!).String).toBe('secret');
    clearSession(store);
    expect(store.get(signedInAtom)).toBe(false);
    expect(store.get(userAtom)).toBeNull();
    expect(localStorage.getItem('paddock.token')).toBe('null');
  });

  test('admins are recognised; a nearly expired token is not signed in', () => {
    const store = createStore();
    store.set(userAtom, { ...user, AccountType: 'admin' });
    store.set(tokenAtom, { String: 't', ExpiresAt: inMs(5_000) });
    expect(store.get(signedInAtom)).toBe(false);
    store.set(tokenAtom, { String: 't', ExpiresAt: inMs(60_000) });
    expect(store.get(isAdminAtom)).toBe(true);
  });
});
