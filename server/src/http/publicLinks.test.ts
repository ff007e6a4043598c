import { appLink, deviceLink, publicOrigin, publicOriginFor } from './publicLinks';

const config = { publicUrl: 'https://paddock.example.com' };

it('builds links on PUBLIC_URL: app paths and device pages, keys encoded', () => {
  expect(publicOrigin(config)).toBe('https://paddock.example.com');
  expect(appLink(config, '/devices?id=1')).toBe('https://paddock.example.com/devices?id=1');
  expect(deviceLink(config, 'fencealarm', '350000100000001')).toBe('https://paddock.example.com/fencealarm/350000100000001');
  expect(deviceLink(config, 'smartplug', 'a/b')).toBe('https://paddock.example.com/smartplug/a%2Fb');
});

it.each(['https://evil.example/x', '//evil.example', '/\\evil.example', 'devices', ''])(
  'refuses %j, which is no path of this app',
  (path) => {
    expect(() => appLink(config, path)).toThrow(/not a path of this app/);
  },
);

it('takes a Host header only when it is a configured variant host, on PUBLIC_URL’s scheme and port', () => {
  const variants = {
    publicUrl: 'https://paddock.example.com:8443',
    variantHosts: [{ pattern: '*.partner.example', variant: 'partner' as const }],
  };
  expect(publicOriginFor(variants, 'farm.partner.example')).toBe('https://farm.partner.example:8443');
  expect(publicOriginFor(variants, 'FARM.partner.example:80')).toBe('https://farm.partner.example:8443');
  for (const host of [undefined, '', 'evil.example', 'partner.example.evil.example', 'bad host', 'farm.partner.example:99999']) {
    expect(publicOriginFor(variants, host)).toBe('https://paddock.example.com:8443');
  }
});
