// Password hashing with argon2id at OWASP's minimum cost (19 MiB memory, 2 passes, 1 lane).
import { hash, verify } from '@node-rs/argon2';

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

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so an unknown e-mail cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('paddock-dummy-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
