// The secrets an installation starts with (admin and demo passwords, the demo devices' secret): generated when not
// given, and in production refused when missing, short, common or once published as a default.
import { randomBytes } from 'node:crypto';
import { isCommonPassword } from './auth/passwords';

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
