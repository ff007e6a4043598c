// The iOS app's pages and bundled remotes are on capacitor://localhost (docs/product/native-app.md): its remotes.json
// must resolve there, as a browser's does on https.
import { parseRemotesConfig } from '../federation/remotes';

test('remotes bundled in the app resolve against capacitor://localhost', () => {
  expect(parseRemotesConfig({ devices: '/remotes/devices/mf-manifest.json' }, 'capacitor://localhost/')).toEqual({
    devices: 'capacitor://localhost/remotes/devices/mf-manifest.json',
  });
  expect(parseRemotesConfig({ devices: 'javascript:alert(1)' }, 'capacitor://localhost/')).toEqual({});
});
