// The machine codes a failed reply may carry in `Error` (ErrorReply). Screens map them to their own texts;
// the server's `Message` is already localized for the caller.
export const ERROR_CODES = [
  'bad_request',
  'invalid_body',
  'malformed_json',
  'missing_field',
  'unknown_field',
  'invalid_field',
  'too_short',
  'too_long',
  'payload_too_large',
  'unsupported_media_type',
  'not_found',
  'unauthorized',
  'forbidden',
  'invalid_credentials',
  'account_not_verified',
  'email_taken',
  'invalid_code',
  'code_expired',
  'code_attempts_exceeded',
  'sms_balance_empty',
  'rate_limited',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
