import { FEDERATION_CONTRACT } from '@paddock/shared/federation';
import { checkRemoteContract, contractPlugin, declaredContract } from './contract';
import { IncompatibleRemoteError, RemoteLoadError } from './errors';
import { remoteFailurePlugin } from './remoteFailurePlugin';

const manifest = (contract?: unknown) => ({ id: 'paddock_devices', metaData: { name: 'paddock_devices', ...(contract === undefined ? {} : { paddock: { contract } }) } });

test('declaredContract reads metaData.paddock.contract of a manifest', () => {
  expect(declaredContract(manifest('1.4'))).toBe('1.4');
  expect(declaredContract(manifest())).toBeUndefined();
  expect(declaredContract(manifest(2))).toBeUndefined();
  expect(declaredContract(null)).toBeUndefined();
});

describe('checkRemoteContract', () => {
  test('a remote built for the same major and an older or equal minor is hosted', () => {
    expect(() => checkRemoteContract('paddock_devices', manifest('1.0'), '1.2')).not.toThrow();
    expect(() => checkRemoteContract('paddock_devices', manifest('1.2'), '1.2')).not.toThrow();
  });

  test('a newer minor, another major or no declaration is refused with the versions named', () => {
    for (const [needs, offers] of [['1.3', '1.2'], ['2.0', '1.2'], ['1.0', '2.0'], [undefined, '1.0'], ['one', '1.0']] as const) {
      let error: unknown;
      try {
        checkRemoteContract('paddock_billing', manifest(needs), offers);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(IncompatibleRemoteError);
      expect(error).toBeInstanceOf(RemoteLoadError);
      expect((error as IncompatibleRemoteError).remote).toBe('billing');
      expect((error as IncompatibleRemoteError).needs).toBe(needs);
      expect((error as IncompatibleRemoteError).offers).toBe(offers);
    }
  });

  test('something that is not a Paddock remote is left alone', () => {
    expect(() => checkRemoteContract('someone_else', manifest('9.0'), '1.0')).not.toThrow();
  });

  test('by default the shell offers its own contract', () => {
    expect(() => checkRemoteContract('paddock_admin', manifest(FEDERATION_CONTRACT))).not.toThrow();
  });
});

describe('the runtime plugin', () => {
  type SnapshotHook = (args: Record<string, unknown>) => Promise<unknown>;
  const hook = contractPlugin('1.1').loadRemoteSnapshot as unknown as SnapshotHook;

  test('passes a compatible manifest on unchanged', async () => {
    const args = { from: 'manifest', moduleInfo: { name: 'paddock_devices' }, manifestJson: manifest('1.1'), remoteSnapshot: {} };
    expect(await hook(args)).toBe(args);
  });

  test('refuses an incompatible one before the remote entry is loaded', async () => {
    const args = { from: 'manifest', moduleInfo: { name: 'paddock_devices' }, manifestJson: manifest('2.0'), remoteSnapshot: {} };
    await expect(hook(args)).rejects.toBeInstanceOf(IncompatibleRemoteError);
  });

  test('the failure plugin keeps the refusal as it is, so the section can tell it from a failed load', async () => {
    const onFailure = jest.fn();
    const errorLoadRemote = remoteFailurePlugin(onFailure).errorLoadRemote as unknown as SnapshotHook;
    const refusal = new IncompatibleRemoteError('devices', '2.0', '1.1');
    const module = (await errorLoadRemote({ id: 'devices/App', error: refusal, lifecycle: 'onLoad', from: 'runtime' })) as {
      default: () => never;
    };
    expect(onFailure.mock.calls[0][0].error).toBe(refusal);
    expect(() => module.default()).toThrow(refusal);
  });
});
