// The farm's position on the account (docs/product/sun-timers.md, docs/product/api.md "Account"): set by typing it or
// from the phone, null removes it, out-of-range values are refused naming the field.
import { call, createMember, setUpTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
let admin: string;
setUpTestApp((app, token) => ([t, admin] = [app, token]));

const UPPSALA = { Latitude: 59.8586, Longitude: 17.6389 };

describe('Location on PATCH /api/users/{id}', () => {
  it('is null until set, stays through other changes, and null removes it', async () => {
    const me = await createMember(t);
    expect((await call(t.app, 'GET', `/api/users/${me.id}`, { token: me.token })).json()).toMatchObject({ Location: null });
    const set = await call(t.app, 'PATCH', `/api/users/${me.id}`, { token: me.token, body: { Location: UPPSALA } });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ Location: UPPSALA });
    await call(t.app, 'PATCH', `/api/users/${me.id}`, { token: me.token, body: { Locale: 'sv-SE' } });
    expect((await call(t.app, 'GET', `/api/users/${me.id}`, { token: me.token })).json()).toMatchObject({ Locale: 'sv-SE', Location: UPPSALA });
    // The ends of the ranges are places too (the poles, the date line).
    const edge = await call(t.app, 'PATCH', `/api/users/${me.id}`, { token: me.token, body: { Location: { Latitude: -90, Longitude: 180 } } });
    expect(edge.json()).toMatchObject({ Location: { Latitude: -90, Longitude: 180 } });
    const removed = await call(t.app, 'PATCH', `/api/users/${me.id}`, { token: me.token, body: { Location: null } });
    expect(removed.json()).toMatchObject({ Location: null });
  });

  it('refuses a position out of range or incomplete, naming the field', async () => {
    const me = await createMember(t);
    for (const [Location, field] of [
      [{ Latitude: 90.5, Longitude: 0 }, 'Location.Latitude'],
      [{ Latitude: 0, Longitude: -181 }, 'Location.Longitude'],
      [{ Latitude: 0 }, 'Location.Longitude'],
      [{ Latitude: 'north', Longitude: 0 }, 'Location.Latitude'],
      [{ Latitude: 0, Longitude: 0, Altitude: 3 }, 'Location.Altitude'],
    ] as const) {
      const response = await call(t.app, 'PATCH', `/api/users/${me.id}`, { token: me.token, body: { Location } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ Field: field });
    }
    expect((await call(t.app, 'GET', `/api/users/${me.id}`, { token: me.token })).json()).toMatchObject({ Location: null });
  });

  it('is the user\'s own: another member may not set it, an admin may', async () => {
    const me = await createMember(t);
    const other = await createMember(t);
    const refused = await call(t.app, 'PATCH', `/api/users/${me.id}`, { token: other.token, body: { Location: UPPSALA } });
    expect(refused.statusCode).toBe(403);
    const byAdmin = await call(t.app, 'PATCH', `/api/users/${me.id}`, { token: admin, body: { Location: UPPSALA } });
    expect(byAdmin.json()).toMatchObject({ Location: UPPSALA });
  });
});
