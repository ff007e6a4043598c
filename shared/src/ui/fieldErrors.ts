import type { MessageDescriptor } from 'react-intl';
import { PASSWORD_MIN_LENGTH, type FieldError } from '../domain/account';
import { uiTexts } from './messages';

export type FieldKind = 'text' | 'email' | 'password' | 'code' | 'phone' | 'vatin' | 'choice';

/** The localized message for a domain check's result, by the kind of field. */
export function fieldErrorMessage(kind: FieldKind, error: FieldError): { message: MessageDescriptor; values?: Record<string, number> } | null {
  const m = uiTexts.messages;
  switch (error) {
    case null:
      return null;
    case 'required':
      return { message: kind === 'choice' ? m.invalidChoice : m.required };
    case 'tooShort':
      return { message: m.passwordTooShort, values: { min: PASSWORD_MIN_LENGTH } };
    case 'tooLong':
      return { message: m.tooLong };
    case 'invalid': {
      const byKind: Record<FieldKind, MessageDescriptor> = {
        text: m.required,
        email: m.invalidEmail,
        password: m.required,
        code: m.invalidCode,
        phone: m.invalidPhone,
        vatin: m.invalidVatin,
        choice: m.invalidChoice,
      };
      return { message: byKind[kind] };
    }
  }
}
