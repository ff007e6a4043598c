// The secrets an installation starts with (admin and demo passwords, the demo devices' secret): generated when not
// given, and in production refused when missing, short, common or once published as a default.
import { randomBytes } from 'node:crypto';
import { isCommonPassword } from './auth';

/** Defaults earlier READMEs published: anyone may know them, so production never accepts them. */
export const PUBLISHED_SECRETS: readonly string[] = ['paddock-admin-2026', 'paddock-demo-2026', 'paddock-demo-devices'];

/** The shortest secret production accepts from the environment. */
export const PRODUCTION_SECRET_MIN_LENGTH = 12;

/** A random password or secret (144 bits), typed once from the start banner. */
export const generateSecret = (): string => randomBytes(18).toString('base64url');

/** Why `value` is too weak for production, or null when it is fine. */
export function weakSecretProblem(value: string): string | null {
  if (value.length < PRODUCTION_SECRET_MIN_LENGTH) return `is shorter than ${PRODUCTION_SECRET_MIN_LENGTH} characters`;
  if (PUBLISHED_SECRETS.includes(value)) return 'is a published default';
  if (new Set(value).size < 4 || isCommonPassword(value)) return 'is a common password';
  return null;
}

/**
 * What is wrong with the Stripe settings (PAYMENT_PROVIDER=stripe), or null. The keys must have Stripe's own
 * prefixes, so a key pasted into the wrong variable is caught at start; production never talks plain HTTP (that is
 * for the tests' local stand-in).
 */
export function stripeSettingsProblem(settings: {
  secretKey: string;
  webhookSecret: string;
  protocol: string;
  production: boolean;
}): string | null {
  if (!/^[sr]k_(test|live)_\S+$/.test(settings.secretKey))
    return 'STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_test_…, sk_live_…, rk_…)';
  if (!/^whsec_\S+$/.test(settings.webhookSecret)) return 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)';
  if (settings.production && settings.protocol !== 'https') return 'STRIPE_API_PROTOCOL must be https with NODE_ENV=production';
  return null;
}

/** Whether a Stripe key is a test-mode key (no real money moves). */
export const isStripeTestKey = (key: string): boolean => /^[sr]k_test_/.test(key);

/**
 * docs/operations/configure.md#production: production takes real money, so it refuses the built-in provider (which charges no
 * card and invoices "paid") and Stripe test keys, unless PAYMENT_TEST_MODE says this is a demo or test installation.
 */
export function productionPaymentProblem(settings: {
  provider: 'builtin' | 'stripe';
  secretKey: string | null;
  production: boolean;
  testMode: boolean;
}): string | null {
  if (!settings.production || settings.testMode) return null;
  if (settings.provider === 'builtin') {
    return 'PAYMENT_PROVIDER must be stripe with NODE_ENV=production (the built-in provider takes no real money); set PAYMENT_TEST_MODE=on for a demo or test installation';
  }
  if (settings.secretKey && isStripeTestKey(settings.secretKey)) {
    return 'STRIPE_SECRET_KEY is a Stripe test key (sk_test_…, rk_test_…) with NODE_ENV=production: set a live key (sk_live_…, rk_live_…), or PAYMENT_TEST_MODE=on for a demo or test installation';
  }
  return null;
}
