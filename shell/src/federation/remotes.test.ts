import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { RemoteLoadError } from './errors';
import { fetchRemotesConfig, loadRemoteApp, parseRemotesConfig, preloadRemoteApp, registerPaddockRemotes, resetRemote } from './remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), registerPlugins: jest.fn() }));

const mocked = <T>(fn: T) => fn as unknown as jest.Mock;

beforeEach(() => jest.clearAllMocks());

describe('parseRemotesConfig', () => {
  test('relative URLs resolve against the page origin; absolute ones stay', () => {
    expect(
      parseRemotesConfig(
        {
          account: '/remotes/account/mf-manifest.json',
          devices: 'https://cdn.example/devices/mf-manifest.json',
          billing: 'remotes/billing/mf-manifest.json',
          admin: '//other.example/admin/mf-manifest.json',
        },
        'https://app.paddock.farm/',
      ),
    ).toEqual({
      account: 'https://app.paddock.farm/remotes/account/mf-manifest.json',
      devices: 'https://cdn.example/devices/mf-manifest.json',
      billing: 'https://app.paddock.farm/remotes/billing/mf-manifest.json',
      admin: 'https://other.example/admin/mf-manifest.json',
    });
  });

  test('unknown names, empty and unusable values are left out', () => {
    expect(parseRemotesConfig({ shop: '/x.json', account: '', devices: 42, admin: 'javascript:alert(1)' }, 'https://a.b/')).toEqual({});
  });

  test('anything but an object is an error', () => {
    for (const bad of [null, [], 'x', 3]) expect(() => parseRemotesConfig(bad, 'https://a.b/')).toThrow();
  });
});

describe('fetchRemotesConfig', () => {
  test('reads /remotes.json of the page origin, uncached', async () => {
    const fetchImpl = jest.fn().mockResolvedValue(new Response(JSON.stringify({ account: '/remotes/account/mf-manifest.json' })));
    await expect(fetchRemotesConfig(fetchImpl, 'https://app.paddock.farm')).resolves.toEqual({
      account: 'https://app.paddock.farm/remotes/account/mf-manifest.json',
    });
    expect(fetchImpl).toHaveBeenCalledWith('https://app.paddock.farm/remotes.json', expect.objectContaining({ cache: 'no-store' }));
  });

  test('a failed reply or no connection is an error (→ /connection-error)', async () => {
    await expect(fetchRemotesConfig(jest.fn().mockResolvedValue(new Response('', { status: 502 })), 'https://a.b')).rejects.toThrow('502');
    await expect(fetchRemotesConfig(jest.fn().mockRejectedValue(new TypeError('Failed to fetch')), 'https://a.b')).rejects.toThrow();
  });
});

describe('registering and loading', () => {
  test('registers each listed remote under its container name with its short name as alias, and the failure plugin', () => {
    registerPaddockRemotes({ account: 'https://a.b/remotes/account/mf-manifest.json', admin: 'https://c.d/admin/mf-manifest.json' });
    expect(mocked(registerPlugins).mock.calls[0][0][0].name).toBe('paddock-remote-failure');
    expect(mocked(registerRemotes)).toHaveBeenCalledWith([
      { name: 'paddock_account', alias: 'account', entry: 'https://a.b/remotes/account/mf-manifest.json' },
      { name: 'paddock_admin', alias: 'admin', entry: 'https://c.d/admin/mf-manifest.json' },
    ]);
  });

  test('loads <name>/App', async () => {
    registerPaddockRemotes({ devices: 'https://a.b/d.json' });
    const App = () => null;
    mocked(loadRemote).mockResolvedValue({ default: App });
    await expect(loadRemoteApp('devices')).resolves.toEqual({ default: App });
    expect(loadRemote).toHaveBeenCalledWith('devices/App');
  });

  test('a remote not in remotes.json, a load failure or a module without App are RemoteLoadErrors', async () => {
    registerPaddockRemotes({ devices: 'https://a.b/d.json' });
    await expect(loadRemoteApp('billing')).rejects.toBeInstanceOf(RemoteLoadError);
    mocked(loadRemote).mockRejectedValueOnce(new Error('RUNTIME-003'));
    await expect(loadRemoteApp('devices')).rejects.toBeInstanceOf(RemoteLoadError);
    mocked(loadRemote).mockResolvedValueOnce(null);
    await expect(loadRemoteApp('devices')).rejects.toBeInstanceOf(RemoteLoadError);
  });

  test('a preloaded App is loaded once, and the next load takes it (a failure too); later loads ask again', async () => {
    registerPaddockRemotes({ devices: 'https://a.b/d.json' });
    const App = () => null;
    mocked(loadRemote).mockResolvedValue({ default: App });
    preloadRemoteApp('devices');
    preloadRemoteApp('devices');
    preloadRemoteApp('billing'); // not in remotes.json: nothing to load
    expect(loadRemote).toHaveBeenCalledTimes(1);
    await expect(loadRemoteApp('devices')).resolves.toEqual({ default: App });
    expect(loadRemote).toHaveBeenCalledTimes(1);
    await loadRemoteApp('devices');
    expect(loadRemote).toHaveBeenCalledTimes(2);

    mocked(loadRemote).mockRejectedValueOnce(new Error('RUNTIME-003'));
    preloadRemoteApp('devices');
    await Promise.resolve(); // a failed preload nobody has taken yet is no unhandled rejection
    await expect(loadRemoteApp('devices')).rejects.toBeInstanceOf(RemoteLoadError);
  });

  test('resetRemote forgets a preload that has not been taken', async () => {
    registerPaddockRemotes({ devices: 'https://a.b/d.json' });
    mocked(loadRemote).mockRejectedValueOnce(new Error('RUNTIME-003')).mockResolvedValue({ default: () => null });
    preloadRemoteApp('devices');
    resetRemote('devices');
    await expect(loadRemoteApp('devices')).resolves.toHaveProperty('default');
    expect(loadRemote).toHaveBeenCalledTimes(2);
  });

  test('resetRemote registers the remote again with force, so its caches are dropped', () => {
    registerPaddockRemotes({ billing: 'https://a.b/b.json' });
    mocked(registerRemotes).mockClear();
    resetRemote('billing');
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'paddock_billing', alias: 'billing', entry: 'https://a.b/b.json' }], { force: true });
    resetRemote('admin'); // not registered: nothing to reset
    expect(registerRemotes).toHaveBeenCalledTimes(1);
  });
});
