// Issue 30, docs/protocol.md "Commands are idempotent": a power request retried with the same Idempotency-Key sends
// no second set-power; it waits for, or returns, the first command's ack. Counted on a real MQTT client signed in as
// the plug and subscribed to its command topic: QoS 1 from one publisher keeps its order, so a command sent between
// two others would show between them.
import type { Smartplug, Smartplug2 } from '@paddock/shared/contract';
import type { MqttClient } from 'mqtt';
import { plugTakingCommands, waitFor } from '../testing/devices';
import { FakeTimers } from '../testing/fakeTimers';
import { APP_START_TIMEOUT_MS, call, createMember, createTestApp, type Member, type TestApp } from '../testing/testApp';

let t: TestApp;
let timers: FakeTimers;
const clients: MqttClient[] = [];
let used = 1;

beforeAll(async () => {
  timers = new FakeTimers();
  t = await createTestApp({ host: '127.0.0.1', mqttPort: 0, mqttUrl: null }, { devices: true, timers });
}, APP_START_TIMEOUT_MS);
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
});
afterAll(() => t.close());

/** A registered plug taking commands over a real MQTT client (closed after each test). */
async function plugOnline(product: 'smartplug' | 'smartplug2', owner?: Member) {
  const plug = await plugTakingCommands(t, product, ++used);
  clients.push(plug.client);
  return { ...plug, owner: owner ?? plug.owner };
}

const power = (who: Member, path: string, enabled: boolean, key?: string) =>
  call(t.app, 'PUT', `${path}/power-enabled`, {
    token: who.token,
    body: { Enabled: enabled },
    headers: key ? { 'idempotency-key': key } : {},
  });

/** Waits until `count` commands wait for their acks (the fake timers hold their 60 s). */
const waiting = (count: number) =>
  waitFor(
    async () => timers.waiting.length,
    (length) => length === count,
  );

describe('a power request retried with the same Idempotency-Key', () => {
  it('sends one set-power: the retry after a 408 waits for that command ack, a later one returns it', async () => {
    const plug = await plugOnline('smartplug');
    const first = power(plug.owner, plug.path, false, 'tap-1');
    const [command] = await plug.sent(1);
    expect(command).toMatchObject({ Command: 'set-power', Enabled: false });
    await waiting(1);
    timers.advance(60_000);
    expect((await first).statusCode).toBe(408);

    // The browser sends the request again: nothing is sent, the request waits for the first command's ack.
    const retry = power(plug.owner, plug.path, false, 'tap-1');
    await waiting(1);
    await plug.ack(command);
    const answered = await retry;
    expect(answered.statusCode).toBe(200);
    expect(answered.json<Smartplug>().PowerEnabled).toBe(false);
    // Once more: the stored ack, at once.
    const again = await power(plug.owner, plug.path, false, 'tap-1');
    expect(again.statusCode).toBe(200);
    expect(timers.waiting).toEqual([]);

    // A new tap (another key) is a new command, and the only one after the first.
    const next = power(plug.owner, plug.path, true, 'tap-2');
    const commands = await plug.sent(2);
    await plug.ack(commands[1]);
    expect((await next).statusCode).toBe(200);
    expect(plug.commands()).toEqual([command, { Id: expect.not.stringMatching(command.Id), Command: 'set-power', Enabled: true }]);
  });

  it('sends one set-power for two requests with one key at the same time, and two for two keys', async () => {
    const plug = await plugOnline('smartplug');
    const twice = [power(plug.owner, plug.path, false, 'double'), power(plug.owner, plug.path, false, 'double')];
    const [command] = await plug.sent(1);
    await waiting(2);
    await plug.ack(command);
    for (const response of await Promise.all(twice)) expect(response.json<Smartplug>().PowerEnabled).toBe(false);

    const two = [power(plug.owner, plug.path, true, 'one'), power(plug.owner, plug.path, true, 'other')];
    const commands = await plug.sent(3);
    await Promise.all(commands.slice(1).map((c) => plug.ack(c)));
    expect((await Promise.all(two)).map((r) => r.statusCode)).toEqual([200, 200]);
    expect(plug.commands()).toHaveLength(3);
    expect(new Set(plug.commands().map((c) => c.Id)).size).toBe(3);
  });

  it('never hands one caller or one plug the result of another: the same key elsewhere is another command', async () => {
    const plug = await plugOnline('smartplug');
    const friend = await createMember(t);
    await call(t.app, 'PATCH', plug.path, { token: plug.owner.token, body: { Access: [plug.owner.email, friend.email] } });
    const mine = power(plug.owner, plug.path, false, 'shared-key');
    const [command] = await plug.sent(1);
    await plug.ack(command);
    expect((await mine).statusCode).toBe(200);

    // The friend's tap with the same key is sent, and waits for its own ack (the owner's stored one is not theirs).
    const theirs = power(friend, plug.path, true, 'shared-key');
    const [, friendsCommand] = await plug.sent(2);
    expect(friendsCommand).toMatchObject({ Enabled: true });
    expect(friendsCommand.Id).not.toBe(command.Id);
    await waiting(1);
    await plug.ack(friendsCommand);
    expect((await theirs).json<Smartplug>().PowerEnabled).toBe(true);

    // The owner's other plug with the same key: its own command, on its own topic.
    const other = await plugOnline('smartplug');
    const elsewhere = power(other.owner, other.path, false, 'shared-key');
    const [otherCommand] = await other.sent(1);
    await other.ack(otherCommand);
    expect((await elsewhere).statusCode).toBe(200);
    expect(plug.commands()).toHaveLength(2);
  });

  it('refuses the same key with the other Enabled (400 naming the header) and sends nothing for it', async () => {
    const plug = await plugOnline('smartplug');
    const first = power(plug.owner, plug.path, false, 'flip');
    const [command] = await plug.sent(1);
    await plug.ack(command);
    expect((await first).statusCode).toBe(200);
    const refused = await power(plug.owner, plug.path, true, 'flip');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ Error: 'invalid_field', Field: 'idempotency-key' });
    const bad = await power(plug.owner, plug.path, true, 'no spaces');
    expect(bad.statusCode).toBe(400);
    expect(plug.commands()).toHaveLength(1);
  });

  it('is documented in the OpenAPI description: the optional header on both power calls', async () => {
    type Operation = { parameters: { in: string; name: string; required?: boolean }[] };
    const spec = (await call(t.app, 'GET', '/api/docs/json')).json<{ paths: Record<string, Record<string, Operation>> }>();
    const header = expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false });
    expect(spec.paths['/api/smartplugs/{imei}/power-enabled'].put.parameters).toContainEqual(header);
    expect(spec.paths['/api/smartplug2s/{imei}'].patch.parameters).toContainEqual(header);
  });

  it('works the same for SmartPlug2 switched through DeviceConfig.OutputPower', async () => {
    const plug = await plugOnline('smartplug2');
    const patch = () =>
      call(t.app, 'PATCH', plug.path, {
        token: plug.owner.token,
        body: { DeviceConfig: { OutputPower: false } },
        headers: { 'idempotency-key': 'sp2-tap' },
      });
    const first = patch();
    const [command] = await plug.sent(1);
    await waiting(1);
    timers.advance(60_000);
    expect((await first).statusCode).toBe(408);
    const retry = patch();
    await waiting(1);
    await plug.ack(command);
    const answered = await retry;
    expect(answered.statusCode).toBe(200);
    expect(answered.json<Smartplug2>()).toMatchObject({ PowerEnabled: false, DeviceConfig: { OutputPower: false } });
    // Without a key every request is a new command, as before.
    const unkeyed = call(t.app, 'PUT', plug.path, { token: plug.owner.token, body: { DeviceConfig: { OutputPower: true } } });
    const commands = await plug.sent(2);
    await plug.ack(commands[1]);
    expect((await unkeyed).statusCode).toBe(200);
    expect(plug.commands()).toHaveLength(2);
  });
});
