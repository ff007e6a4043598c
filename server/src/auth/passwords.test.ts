import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { bearerToken } from './tokens';
import { newCode, newToken } from '../crypto';

describe('passwords', () => {
  it('hashes with argon2id at OWASP minimum cost and verifies', async () => {
    const hash = await hashPassword('correct-horse-battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await expect(verifyPassword(hash, 'correct-horse-battery')).resolves.toBe(true);
    await expect(verifyPassword(hash, 'wrong-horse-battery')).resolves.toBe(false);
    await expect(verifyPassword('not a hash', 'x')).resolves.toBe(false);
    await expect(verifyAgainstDummy('anything')).resolves.toBe(false);
  });
});

describe('secrets', () => {
  it('makes 32-byte base64url tokens and 6-digit codes', () => {
    expect(newToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (let i = 0; i < 50; i++) expect(newCode()).toMatch(/^\d{6}$/);
  });

  it.each([
    ['Bearer abc', 'abc'],
    ['bearer abc ', 'abc'],
    ['Basic abc', null],
    ['Bearer', null],
    [undefined, null],
  ])('reads the bearer token of %s', (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });
});
