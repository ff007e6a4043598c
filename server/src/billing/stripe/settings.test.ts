// PAYMENT_PROVIDER and the STRIPE_* variables (server/src/config.ts, server/src/secrets.ts).
import { loadConfig } from '../../config';

const stripe = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_51abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };

describe('payment provider settings', () => {
  it('is the built-in provider by default', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'builtin' });
  });

  it('reads Stripe’s keys, API address and Dashboard base; a test key links to the test Dashboard', () => {
    expect(loadConfig(stripe).payments).toEqual({
      provider: 'stripe',
      stripe: {
        secretKey: 'sk_test_51abc',
        webhookSecret: 'whsec_abc',
        api: { host: 'api.stripe.com', port: 443, protocol: 'https' },
        dashboardUrl: 'https://dashboard.stripe.com/test',
      },
    });
    expect(loadConfig({ ...stripe, STRIPE_SECRET_KEY: 'rk_live_51abc' }).payments).toMatchObject({
      stripe: { dashboardUrl: 'https://dashboard.stripe.com' },
    });
    expect(
      loadConfig({
        ...stripe,
        STRIPE_API_HOST: '127.0.0.1',
        STRIPE_API_PORT: '12111',
        STRIPE_API_PROTOCOL: 'http',
        STRIPE_DASHBOARD_URL: 'https://dash.example/',
      }).payments,
    ).toMatchObject({ stripe: { api: { host: '127.0.0.1', port: 12111, protocol: 'http' }, dashboardUrl: 'https://dash.example' } });
  });

  it.each([
    [{ PAYMENT_PROVIDER: 'paypal' }, /^PAYMENT_PROVIDER must be one of builtin, stripe/],
    [{ PAYMENT_PROVIDER: 'stripe' }, /needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/],
    [{ ...stripe, STRIPE_WEBHOOK_SECRET: '' }, /needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/],
    [{ ...stripe, STRIPE_SECRET_KEY: 'pk_test_publishable' }, /^STRIPE_SECRET_KEY must be a Stripe secret or restricted key/],
    [{ ...stripe, STRIPE_WEBHOOK_SECRET: 'sk_test_swapped' }, /^STRIPE_WEBHOOK_SECRET must be a webhook signing secret/],
    [{ ...stripe, STRIPE_API_PROTOCOL: 'ftp' }, /^STRIPE_API_PROTOCOL must be one of https, http/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never talks plain HTTP to Stripe in production (that is the tests’ stand-in)', () => {
    const production = {
      ...stripe,
      NODE_ENV: 'production',
      SEED_DEMO: 'off',
      PUBLIC_URL: 'https://paddock.example.com',
      PAYMENT_TEST_MODE: 'on',
      PADDOCK_EMBEDDED: 'database,broker,mailbox',
    };
    expect(() => loadConfig({ ...production, STRIPE_API_PROTOCOL: 'http' })).toThrow(
      /^STRIPE_API_PROTOCOL must be https with NODE_ENV=production/,
    );
    expect(loadConfig(production).payments).toMatchObject({ provider: 'stripe' });
    expect(loadConfig({ ...stripe, STRIPE_API_PROTOCOL: 'http' }).payments).toMatchObject({ stripe: { api: { protocol: 'http' } } });
  });
});
