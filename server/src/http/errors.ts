// Failures the routes raise on purpose. The error handler turns them into ErrorReply in the caller's language.
import type { ErrorCode } from '@paddock/shared/contract';
import type { MessageValues } from '../i18n/messages';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly field?: string,
    readonly values: MessageValues = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const badRequest = (code: ErrorCode, field?: string, values?: MessageValues) => new AppError(400, code, field, values);
export const unauthorized = () => new AppError(401, 'unauthorized');
export const forbidden = () => new AppError(403, 'forbidden');
export const notFound = () => new AppError(404, 'not_found');
export const conflict = (code: ErrorCode, field?: string, values?: MessageValues) => new AppError(409, code, field, values);
export const rateLimited = (retryAfterSeconds: number) => new RateLimitError(retryAfterSeconds);

export class RateLimitError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'rate_limited');
  }
}
