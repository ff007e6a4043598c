// The user's energy price (docs/product/api.md "Energy price", docs/product/limits.md "Energy price").
import { ENERGY_PRICE_MAX } from '@paddock/shared/domain';
import { call, createMember, setUpTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
let admin: string;
setUpTestApp((app, token) => ([t, admin] = [app, token]));

describe('EnergyPrice on PATCH /api/users/{id}', () => {
  it('is null until set, is stored in ten-thousandths of the currency, stays through other changes, and null removes it', async () => {
    const me = await createMember(t);
    const fresh = await call(t.app, 'GET', `/api/users/${me.id}`, { token: me.token });
    expect(fresh.json()).toMatchObject({ EnergyPrice: null });

    const set = await call(t.app, 'PATCH', `/api/users/${me.id}`, {
      token: me.token,
      body: { EnergyPrice: { PerKwh: 12345, Currency: 'SEK' } },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ EnergyPrice: { PerKwh: 12345, Currency: 'SEK' } });

    const other = await call(t.app, 'PUT', `/api/users/${me.id}`, { token: me.token, body: { Locale: 'sv-SE' } });
    expect(other.json()).toMatchObject({ Locale: 'sv-SE', EnergyPrice: { PerKwh: 12345, Currency: 'SEK' } });
    const read = await call(t.app, 'GET', `/api/users/${me.id}`, { token: me.token });
    expect(read.json()).toMatchObject({ EnergyPrice: { PerKwh: 12345, Currency: 'SEK' } });

    const removed = await call(t.app, 'PATCH', `/api/users/${me.id}`, { token: me.token, body: { EnergyPrice: null } });
    expect(removed.json()).toMatchObject({ EnergyPrice: null });
  });

  it('takes the bounds: 0.0001 and 100.00 per kWh', async () => {
    const me = await createMember(t);
    for (const PerKwh of [1, ENERGY_PRICE_MAX]) {
      const response = await call(t.app, 'PATCH', `/api/users/${me.id}`, {
        token: me.token,
        body: { EnergyPrice: { PerKwh, Currency: 'EUR' } },
      });
      expect(response.json()).toMatchObject({ EnergyPrice: { PerKwh, Currency: 'EUR' } });
    }
  });

  it.each([
    [{ PerKwh: 0, Currency: 'SEK' }, 'invalid_field', 'EnergyPrice.PerKwh'],
    [{ PerKwh: -5, Currency: 'SEK' }, 'invalid_field', 'EnergyPrice.PerKwh'],
    [{ PerKwh: ENERGY_PRICE_MAX + 1, Currency: 'SEK' }, 'invalid_field', 'EnergyPrice.PerKwh'],
    [{ PerKwh: 2.5, Currency: 'SEK' }, 'invalid_field', 'EnergyPrice.PerKwh'],
    [{ PerKwh: '250', Currency: 'SEK' }, 'invalid_field', 'EnergyPrice.PerKwh'],
    [{ Currency: 'SEK' }, 'missing_field', 'EnergyPrice.PerKwh'],
    [{ PerKwh: 250, Currency: 'USD' }, 'invalid_field', 'EnergyPrice.Currency'],
    [{ PerKwh: 250, Currency: 'SEK', Vat: 25 }, 'unknown_field', 'EnergyPrice.Vat'],
  ])('answers 400 naming the field for %o, and keeps the stored price', async (price, code, field) => {
    const me = await createMember(t);
    await call(t.app, 'PATCH', `/api/users/${me.id}`, { token: me.token, body: { EnergyPrice: { PerKwh: 25000, Currency: 'SEK' } } });
    const response = await call(t.app, 'PATCH', `/api/users/${me.id}`, { token: me.token, body: { EnergyPrice: price } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Error: code, Field: field, Message: expect.stringContaining(field) });
    const read = await call(t.app, 'GET', `/api/users/${me.id}`, { token: me.token });
    expect(read.json()).toMatchObject({ EnergyPrice: { PerKwh: 25000, Currency: 'SEK' } });
  });

  it("is the account's own: another user gets 403, an admin may set it", async () => {
    const me = await createMember(t);
    const other = await createMember(t);
    const body = { EnergyPrice: { PerKwh: 2785, Currency: 'EUR' } };
    expect((await call(t.app, 'PATCH', `/api/users/${other.id}`, { token: me.token, body })).statusCode).toBe(403);
    const byAdmin = await call(t.app, 'PATCH', `/api/users/${other.id}`, { token: admin, body });
    expect(byAdmin.json()).toMatchObject(body);
  });
});
