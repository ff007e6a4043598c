// Managing webhooks (docs/product/webhooks.md "Addresses", "Who may do what") on a real database, with the
// production rule for targets (WEBHOOK_PRIVATE_TARGETS off): https at a public address only, checked by the name's
// look-up too; at most 10 an account; the account's own, staff may help, others refused.
import type { Webhook, WebhookList } from '@paddock/shared/contract';
import { WEBHOOKS_PER_USER } from '@paddock/shared/domain';
import { adminToken, APP_START_TIMEOUT_MS, call, createMember, createTestApp, type TestApp } from '../testing/testApp';
import { postTo, targetProblem } from './targets';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, APP_START_TIMEOUT_MS);
afterAll(() => t.close());

/** A public address: no look-up, and nothing is ever sent to it here. */
const PUBLIC_URL = 'https://93.184.215.14/paddock';

describe('webhook addresses', () => {
  it.each([
    ['loopback', 'https://127.0.0.1/hook'],
    ['loopback by name', 'https://localhost:8443/hook'],
    ['IPv6 loopback', 'https://[::1]/hook'],
    ['private network', 'https://192.168.1.20/hook'],
    ['link-local (cloud metadata)', 'https://169.254.169.254/latest/meta-data'],
    ['carrier NAT', 'https://100.64.0.1/hook'],
    ['plain http', 'http://93.184.215.14/hook'],
    ['credentials in it', 'https://user:pass@93.184.215.14/hook'],
  ])('refuses %s with 400 naming Url', async (_name, url) => {
    const member = await createMember(t);
    const response = await call(t.app, 'POST', `/api/users/${member.id}/webhooks`, {
      token: member.token,
      body: { Url: url, Events: ['alarm.raised'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Error: 'webhook_target_not_public', Field: 'Url' });
  });

  it('refuses a name without an address, one too long and unknown events, naming the field', async () => {
    const member = await createMember(t);
    const post = (body: unknown) => call(t.app, 'POST', `/api/users/${member.id}/webhooks`, { token: member.token, body });
    expect((await post({ Url: 'https://no-such-host.invalid/hook', Events: ['alarm.raised'] })).json()).toMatchObject({
      Error: 'invalid_field',
      Field: 'Url',
    });
    const long = await post({ Url: `https://93.184.215.14/${'a'.repeat(2048)}`, Events: ['alarm.raised'] });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ Field: 'Url' });
    const events = await post({ Url: PUBLIC_URL, Events: ['alarm.exploded'] });
    expect(events.statusCode).toBe(400);
    expect(events.json().Field).toMatch(/^Events/);
    expect((await post({ Url: PUBLIC_URL, Events: [] })).statusCode).toBe(400);
  });

  it('checks a name where it resolves, when saved and again when sent (DNS rebinding reaches nothing inside)', async () => {
    const inside = {
      allowPrivateTargets: false,
      resolver: (_host: string, done: (e: null, a: { address: string; family: number }[]) => void) =>
        done(null, [{ address: '10.0.0.5', family: 4 }]),
    };
    const outside = {
      ...inside,
      resolver: (_host: string, done: (e: null, a: { address: string; family: number }[]) => void) =>
        done(null, [{ address: '93.184.215.14', family: 4 }]),
    };
    expect(await targetProblem('https://hooks.example.com/in', inside)).toBe('private');
    expect(await targetProblem('https://hooks.example.com/in', outside)).toBeNull();
    // Sent after the name turned to an inside address: refused before connecting, never retried.
    expect(await postTo('https://hooks.example.com/in', '{}', {}, inside)).toEqual({ error: 'the address is not public', refused: true });
  });

  it('keeps at most 10 webhooks an account', async () => {
    const member = await createMember(t);
    for (let i = 0; i < WEBHOOKS_PER_USER; i += 1) {
      const added = await call(t.app, 'POST', `/api/users/${member.id}/webhooks`, {
        token: member.token,
        body: { Url: `${PUBLIC_URL}/${i}`, Events: ['device.offline'] },
      });
      expect(added.statusCode).toBe(201);
    }
    const over = await call(t.app, 'POST', `/api/users/${member.id}/webhooks`, {
      token: member.token,
      body: { Url: PUBLIC_URL, Events: ['device.offline'] },
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ Error: 'webhook_limit_reached', Field: 'Url' });
  });
});

describe('who may manage webhooks', () => {
  it('the account holder and staff; another account 403, another account’s webhook 404', async () => {
    const owner = await createMember(t);
    const stranger = await createMember(t);
    const admin = await adminToken(t);
    const created = await call(t.app, 'POST', `/api/users/${owner.id}/webhooks`, {
      token: owner.token,
      body: { Url: PUBLIC_URL, Events: ['alarm.raised'] },
    });
    const hook = created.json<Webhook>();
    const hookPath = `/api/users/${owner.id}/webhooks/${hook.Id}`;

    expect((await call(t.app, 'GET', `/api/users/${owner.id}/webhooks`, { token: stranger.token })).statusCode).toBe(403);
    expect((await call(t.app, 'PATCH', hookPath, { token: stranger.token, body: { Enabled: false } })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/users/${owner.id}/webhooks`)).statusCode).toBe(401);
    // Under the stranger's own id, the owner's webhook does not exist.
    const theirs = `/api/users/${stranger.id}/webhooks/${hook.Id}`;
    expect((await call(t.app, 'PATCH', theirs, { token: stranger.token, body: { Enabled: false } })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', `${theirs}/test`, { token: stranger.token })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `${theirs}/deliveries`, { token: stranger.token })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', theirs, { token: stranger.token })).statusCode).toBe(404);

    const listed = await call(t.app, 'GET', `/api/users/${owner.id}/webhooks`, { token: admin });
    expect(listed.json<WebhookList>().Webhooks).toEqual([hook]);
    const changed = await call(t.app, 'PATCH', hookPath, {
      token: admin,
      body: { Events: ['device.offline', 'device.online'], Enabled: false },
    });
    expect(changed.json<Webhook>()).toMatchObject({
      Id: hook.Id,
      Events: ['device.offline', 'device.online'],
      Enabled: false,
      Secret: hook.Secret,
    });
    expect((await call(t.app, 'PATCH', hookPath, { token: owner.token, body: { Url: 'https://10.1.1.1/x' } })).json()).toMatchObject({
      Field: 'Url',
    });

    expect((await call(t.app, 'DELETE', hookPath, { token: owner.token })).statusCode).toBe(204);
    expect((await call(t.app, 'DELETE', hookPath, { token: owner.token })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/users/${owner.id}/webhooks`, { token: owner.token })).json<WebhookList>().Webhooks).toEqual([]);
  });
});
