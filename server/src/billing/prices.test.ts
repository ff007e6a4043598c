// GET /prices (docs/product/api.md): the payment provider's catalogue, every key, for anyone.
import { PRICE_KEYS, planSize, PLAN_PRICE_KEYS } from '@paddock/shared/domain';
import { APP_START_TIMEOUT_MS, call, createMember, createTestApp, setUpTestApp, type TestApp } from '../testing/testApp';
import { BUILTIN_CATALOGUE } from './catalogue';
import { localPaymentProvider, type PaymentProvider } from './payments';

let t: TestApp;
setUpTestApp((app) => (t = app));

describe('GET /api/prices', () => {
  it('answers the built-in catalogue with all 13 keys, signed in or not', async () => {
    const anonymous = await call(t.app, 'GET', '/api/prices');
    expect(anonymous.statusCode).toBe(200);
    expect(Object.keys(anonymous.json()).sort()).toEqual([...PRICE_KEYS].sort());
    expect(anonymous.json()).toEqual(BUILTIN_CATALOGUE);
    const me = await createMember(t);
    expect((await call(t.app, 'GET', '/api/prices', { token: me.token })).json()).toEqual(BUILTIN_CATALOGUE);
  });

  it('names each FarmCam SIM plan with its size, which the display reads', async () => {
    const prices = (await call(t.app, 'GET', '/api/prices')).json();
    expect(PLAN_PRICE_KEYS['farmcam-sim'].map((key) => planSize(prices[key]))).toEqual(['1 GB', '5 GB', '20 GB']);
  });

  it('comes from the payment provider', async () => {
    const local = localPaymentProvider(() => new Date());
    const raised = Object.fromEntries(Object.entries(BUILTIN_CATALOGUE).map(([key, price]) => [key, { ...price, Sek: price.Sek + 100 }]));
    const provider: PaymentProvider = { ...local, prices: async () => raised as typeof BUILTIN_CATALOGUE };
    const other = await createTestApp({}, { payments: provider });
    try {
      const response = await call(other.app, 'GET', '/api/prices');
      expect(response.statusCode).toBe(200);
      expect(response.json().Sms).toEqual({ ...BUILTIN_CATALOGUE.Sms, Sek: BUILTIN_CATALOGUE.Sms.Sek + 100 });
    } finally {
      await other.close();
    }
  }, APP_START_TIMEOUT_MS);
});
