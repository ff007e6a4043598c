// Password hashing with argon2id at OWASP's minimum cost (19 MiB memory, 2 passes, 1 lane).
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { badRequest } from '../http/errors';

// @node-rs/argon2 defaults to argon2id; the algorithm is an ambient const enum we cannot name here.
const COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, COST);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

// zxcvbn-ts's list of the most common passwords (about 50,000, lowercase), loaded on the server only.
let commonPasswords: Set<string> | undefined;

/** Whether `value` (case and surrounding spaces ignored) is among the most used passwords. */
export function isCommonPassword(value: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  return commonPasswords.has(value.toLowerCase()) || commonPasswords.has(value.trim().toLowerCase());
}

/** Throws 400 naming Password for a password made of spaces only or among the most common passwords. */
export function assertAcceptablePassword(password: string): void {
  if (!password.trim()) throw badRequest('password_blank', 'Password');
  if (isCommonPassword(password)) throw badRequest('password_common', 'Password');
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so an unknown e-mail cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('paddock-dummy-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
