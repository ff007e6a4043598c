import { RemoteLoadError } from './errors';
import { failedRemoteModule, remoteFailurePlugin, remoteOfRequest } from './remoteFailurePlugin';

type Hook = (args: Record<string, unknown>) => Promise<unknown>;

test('remoteOfRequest finds the remote of a request', () => {
  expect(remoteOfRequest('account/App')).toBe('account');
  expect(remoteOfRequest('paddock_devices/App')).toBe('devices');
  expect(remoteOfRequest('somebody/App')).toBeUndefined();
});

describe('errorLoadRemote', () => {
  const onFailure = jest.fn();
  const errorLoadRemote = remoteFailurePlugin(onFailure).errorLoadRemote as unknown as Hook;
  beforeEach(() => onFailure.mockReset());

  test('earlier stages return nothing, so the runtime goes on to its last stage', async () => {
    for (const lifecycle of ['beforeRequest', 'afterResolve', 'beforeLoadShare']) {
      expect(await errorLoadRemote({ id: 'billing/App', error: new Error('x'), lifecycle, from: 'runtime' })).toBeUndefined();
    }
    expect(onFailure).not.toHaveBeenCalled();
  });

  test('at onLoad it reports the failure once and hands out a module whose App throws a RemoteLoadError', async () => {
    const cause = new Error('Failed to get manifest');
    const module = (await errorLoadRemote({ id: 'billing/App', error: cause, lifecycle: 'onLoad', from: 'runtime' })) as ReturnType<
      typeof failedRemoteModule
    >;
    expect(onFailure).toHaveBeenCalledTimes(1);
    const { remote, error } = onFailure.mock.calls[0][0];
    expect(remote).toBe('billing');
    expect(error).toBeInstanceOf(RemoteLoadError);
    expect(error.cause).toBe(cause);
    expect(module.failure).toBe(error);
    expect(() => module.default()).toThrow(error);
  });

  test('a build-time import gets a factory', async () => {
    const factory = (await errorLoadRemote({ id: 'admin/App', error: new Error('x'), lifecycle: 'onLoad', from: 'build' })) as () => unknown;
    expect(typeof factory).toBe('function');
    expect(factory()).toHaveProperty('default');
  });

  test('requests for something that is not a Paddock remote are left alone', async () => {
    expect(await errorLoadRemote({ id: 'other/App', error: new Error('x'), lifecycle: 'onLoad', from: 'runtime' })).toBeUndefined();
  });
});

describe('fetch (manifests)', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });
  const pluginFetch = remoteFailurePlugin(jest.fn()).fetch as unknown as (url: string, init?: RequestInit) => Promise<Response>;

  test('a 404 is a failure, not a manifest', async () => {
    global.fetch = jest.fn().mockResolvedValue(new Response('{"Error":"not_found"}', { status: 404, statusText: 'Not Found' }));
    await expect(pluginFetch('https://x/remotes/billing/mf-manifest.json')).rejects.toThrow('404 Not Found');
  });

  test('a 200 is passed on, with a time-out signal', async () => {
    const reply = new Response('{}', { status: 200 });
    global.fetch = jest.fn().mockResolvedValue(reply);
    await expect(pluginFetch('https://x/m.json', {})).resolves.toBe(reply);
    expect((global.fetch as jest.Mock).mock.calls[0][1].signal).toBeInstanceOf(AbortSignal);
  });
});
