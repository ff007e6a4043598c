import { mayPublish, mayRetain, maySubscribe, type BrokerIdentity } from './acl';

const a: BrokerIdentity = { kind: 'device', key: '350000300000001' };
const server: BrokerIdentity = { kind: 'server' };

describe('broker ACL (docs/protocol.md)', () => {
  it.each([
    ['devices/350000300000001/up/reading', true],
    ['devices/350000300000001/up/status', true],
    ['devices/350000300000001/up/a/b', true],
    ['devices/350000300000001/up', false],
    ['devices/350000300000001/down/config', false],
    ['devices/350000300000002/up/reading', false],
    ['devices/350000300000001x/up/reading', false],
    ['devices/+/up/reading', false],
    ['$SYS/broker', false],
    ['other', false],
  ])('a device publishes to %s: %s', (topic, allowed) => {
    expect(mayPublish(a, topic)).toBe(allowed);
  });

  it.each([
    ['devices/350000300000001/down/#', true],
    ['devices/350000300000001/down/config', true],
    ['devices/350000300000001/down/+', true],
    ['devices/350000300000001/down', true],
    ['devices/350000300000001/up/#', false],
    ['devices/350000300000002/down/#', false],
    ['devices/+/down/#', false],
    ['devices/#', false],
    ['#', false],
    ['$SYS/#', false],
  ])('a device subscribes to %s: %s', (topic, allowed) => {
    expect(maySubscribe(a, topic)).toBe(allowed);
  });

  it('never lets a key with topic syntax in it widen the rules', () => {
    for (const key of ['+', '#', 'a/b', '$SYS', '']) {
      expect(mayPublish({ kind: 'device', key }, `devices/${key}/up/x`)).toBe(false);
      expect(maySubscribe({ kind: 'device', key }, `devices/${key}/down/#`)).toBe(false);
    }
  });

  it('lets the server do anything but publish on $SYS', () => {
    expect(mayPublish(server, 'devices/350000300000001/down/config')).toBe(true);
    expect(maySubscribe(server, 'devices/+/up/#')).toBe(true);
    expect(mayPublish(server, '$SYS/x')).toBe(false);
  });

  it('keeps retained only the server\'s configuration and firmware request of a device (docs/architecture/README.md#fleet-scale)', () => {
    expect(mayRetain(server, 'devices/350000300000001/down/config')).toBe(true);
    expect(mayRetain(server, 'devices/350000300000001/down/fota')).toBe(true);
    for (const topic of ['devices/350000300000001/down/command', 'devices/350000300000001/down/config/x', 'devices/a/b/down/config', 'other'])
      expect(mayRetain(server, topic)).toBe(false);
    for (const topic of ['devices/350000300000001/up/status', 'devices/350000300000001/down/config'])
      expect(mayRetain(a, topic)).toBe(false);
  });
});
