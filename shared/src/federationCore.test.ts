// The federated core stays versioned and additive (docs/architecture/README.md#composition-contract): what its
// modules export is recorded in federation-core.json with the contract version that brought each name, and the
// contract version covers them all.
import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import { contractCompatible, FEDERATION_CONTRACT, parseContract } from './federation';

interface Core {
  modules: Record<string, { file: string; exports: Record<string, string> }>;
  stylesheets: Record<string, string>;
}
const SHARED_DIR = join(__dirname, '..');
const core = JSON.parse(readFileSync(join(__dirname, 'federation-core.json'), 'utf8')) as Core;

describe('the federated core', () => {
  test.each(Object.entries(core.modules))('%s exports exactly what is recorded', async (shareKey, { file, exports }) => {
    const module = (await import(join(SHARED_DIR, file))) as Record<string, unknown>;
    const actual = Object.keys(module).filter((name) => name !== '__esModule' && name !== 'default');
    const added = actual.filter((name) => !(name in exports));
    const removed = Object.keys(exports).filter((name) => !actual.includes(name));
    // New: record it in federation-core.json with the next minor version, and raise FEDERATION_CONTRACT to it.
    expect({ shareKey, added }).toEqual({ shareKey, added: [] });
    // Gone: remotes built earlier use it; that is a new major version (and the whole list recorded with it).
    expect({ shareKey, removed }).toEqual({ shareKey, removed: [] });
  });

  test('every recorded version is of the current major and none is newer than the contract', () => {
    const contract = parseContract(FEDERATION_CONTRACT)!;
    expect(contract).not.toBeNull();
    for (const { exports } of Object.values(core.modules)) {
      for (const [name, since] of Object.entries(exports)) {
        const version = parseContract(since);
        expect({ name, since, ok: Boolean(version && version.major === contract.major && version.minor <= contract.minor) }).toEqual({
          name,
          since,
          ok: true,
        });
      }
    }
  });

  test('the files exist, the stylesheets too', () => {
    for (const file of [...Object.values(core.modules).map((m) => m.file), ...Object.values(core.stylesheets)]) {
      expect(existsSync(join(SHARED_DIR, file))).toBe(true);
    }
  });
});

describe('contractCompatible', () => {
  test('a shell hosts a remote of its major built for its minor or an older one', () => {
    expect(contractCompatible('1.0', '1.0')).toBe(true);
    expect(contractCompatible('1.3', '1.0')).toBe(true);
    expect(contractCompatible('1.3', '1.3')).toBe(true);
    expect(contractCompatible('10.2', '10.1')).toBe(true);
  });

  test('not a remote built for a newer minor, nor another major, nor one that declares none or garbage', () => {
    expect(contractCompatible('1.0', '1.1')).toBe(false);
    expect(contractCompatible('1.3', '2.0')).toBe(false);
    expect(contractCompatible('2.0', '1.0')).toBe(false);
    expect(contractCompatible('1.0', undefined)).toBe(false);
    expect(contractCompatible('1.0', '1')).toBe(false);
    expect(contractCompatible('1.0', '1.0.0')).toBe(false);
    expect(contractCompatible('bad', '1.0')).toBe(false);
  });

  test('parseContract reads major.minor only', () => {
    expect(parseContract('3.14')).toEqual({ major: 3, minor: 14 });
    expect(parseContract('v1.0')).toBeNull();
    expect(parseContract(1)).toBeNull();
  });
});
