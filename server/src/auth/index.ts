// Authentication: argon2id passwords, opaque session tokens, one-time codes and rate limits.
export { CODE_TTL_MINUTES, consumeCode, countCodes, issueCode, type CodeFailure, type UsedCode } from './codes';
export { assertAcceptablePassword, hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from './passwords';
export type { Limit, RateLimiter } from './rateLimit';
export { refuseInEmbed, type ApiKeySessions } from './session';
export { issueToken, retireToken, revokeToken, tokenExpiry, type Session } from './tokens';
