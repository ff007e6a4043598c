// The server's cryptographic helpers in one place: random tokens and codes, sha256, constant-time comparison.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: the opaque session token handed to the client. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Six random digits, uniformly drawn. */
export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** The hex sha256 of a text: what the database keeps of tokens, codes and device secrets. */
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Equal strings, compared in time that does not depend on where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  // Compare against itself when lengths differ, so the time taken does not tell the length either.
  return timingSafeEqual(left, left.length === right.length ? right : left) && left.length === right.length;
}
