// Notices (docs/product/admin.md "Notices"): admins create, change and delete them; signed-in users read the public ones.
import { NOTICE_TEXT_MAX_LENGTH, type Notice } from '@paddock/shared/contract';
import { call, createMember, setUpTestApp, type Member, type TestApp } from '../testing/testApp';

let t: TestApp;
let admin: string;
setUpTestApp((app, token) => {
  t = app;
  admin = token;
});
let user: Member;
beforeAll(async () => {
  user = await createMember(t);
});

const save = (body: unknown, token = admin) => call(t.app, 'POST', '/api/notices', { token, body });
const list = async (url: string, token: string) => {
  const response = await call(t.app, 'GET', url, { token });
  expect(response.statusCode).toBe(200);
  return response.json<Notice[]>();
};

it('creates a notice (201), trims its texts and lists it newest first', async () => {
  const first = await save({ Public: true, English: '  Maintenance tonight  ', Swedish: ' Underhåll i kväll ' });
  expect(first.statusCode).toBe(201);
  expect(first.json()).toMatchObject({
    Public: true,
    English: 'Maintenance tonight',
    Swedish: 'Underhåll i kväll',
    French: '',
    German: '',
  });
  t.clock.advance(1000);
  const second = (await save({ Public: false, English: 'Staff only' })).json<Notice>();
  const all = await list('/api/notices', admin);
  expect(all.findIndex((n) => n.Id === second.Id)).toBeLessThan(all.findIndex((n) => n.Id === first.json<Notice>().Id));
});

it('changes a notice with its Id (200) and answers 404 for an unknown one', async () => {
  const created = (await save({ Public: false, English: 'Draft' })).json<Notice>();
  t.clock.advance(1000);
  const changed = await save({ Id: created.Id, Public: true, English: 'Final', French: 'Définitif' });
  expect(changed.statusCode).toBe(200);
  expect(changed.json()).toMatchObject({
    Id: created.Id,
    Public: true,
    English: 'Final',
    French: 'Définitif',
    CreatedAt: created.CreatedAt,
  });
  expect(changed.json<Notice>().UpdatedAt > created.UpdatedAt).toBe(true);
  expect((await save({ Id: 'no-such-notice', Public: true, English: 'x' })).statusCode).toBe(404);
});

it('shows only public notices to users asking with ?public (whatever its value), and refuses them the rest', async () => {
  const shown = (await save({ Public: true, English: 'For everyone' })).json<Notice>();
  const hidden = (await save({ Public: false, English: 'Not yet' })).json<Notice>();
  for (const url of ['/api/notices?public', '/api/notices?public=', '/api/notices?public=false']) {
    const ids = (await list(url, user.token)).map((n) => n.Id);
    expect(ids).toContain(shown.Id);
    expect(ids).not.toContain(hidden.Id);
  }
  expect((await call(t.app, 'GET', '/api/notices', { token: user.token })).statusCode).toBe(403);
  expect((await call(t.app, 'GET', '/api/notices?public')).statusCode).toBe(401);
  expect((await save({ Public: true, English: 'x' }, user.token)).statusCode).toBe(403);
  expect((await call(t.app, 'DELETE', `/api/notices/${shown.Id}`, { token: user.token })).statusCode).toBe(403);
});

it('deletes a notice (204), then answers 404', async () => {
  const created = (await save({ Public: true, English: 'Short-lived' })).json<Notice>();
  expect((await call(t.app, 'DELETE', `/api/notices/${created.Id}`, { token: admin })).statusCode).toBe(204);
  expect((await call(t.app, 'DELETE', `/api/notices/${created.Id}`, { token: admin })).statusCode).toBe(404);
  expect((await list('/api/notices?public', user.token)).map((n) => n.Id)).not.toContain(created.Id);
});

it.each([
  ['English', { Public: true }],
  ['English', { Public: true, English: '' }],
  ['English', { Public: true, English: '   ' }],
  ['English', { Public: true, English: 'x'.repeat(NOTICE_TEXT_MAX_LENGTH + 1) }],
  ['German', { Public: true, English: 'ok', German: 'x'.repeat(NOTICE_TEXT_MAX_LENGTH + 1) }],
  ['Public', { English: 'ok' }],
  ['Html', { Public: true, English: 'ok', Html: '<b>' }],
  ['Id', { Public: true, English: 'ok', Id: '' }],
])('refuses a bad %s with 400 naming it (case %#)', async (field, body) => {
  const response = await save(body);
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ Field: field });
});
