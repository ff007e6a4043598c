import { ApiError, failureText } from '@paddock/shared/api';
import type { useT } from '@paddock/shared/i18n';
import { commonTexts } from './messages';

export interface Failure {
  /** The text to show, in the user's language (the server localizes its messages). */
  text: string;
  /** The wire name of the field at fault, when the server named one (Email, Password…). */
  field?: string;
  /** The server's machine code (email_taken, account_not_verified…). */
  code?: string;
  status?: number;
}

/** What a failed call means for a form: the server's own message, else docs/product/errors.md's text for the status. */
export function describeFailure(error: unknown, t: ReturnType<typeof useT>): Failure {
  if (error instanceof ApiError) {
    const fallback = failureText(error.status, error.statusText, error.body);
    const text = error.serverMessage.trim() || t(fallback.message, fallback.values);
    return { text, field: error.field, code: error.code, status: error.status };
  }
  return { text: t(commonTexts.messages.unexpected) };
}
