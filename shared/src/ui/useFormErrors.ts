import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldMessage } from './Field';

export type FieldErrors<F extends string> = Partial<Record<F, FieldMessage>>;

/** What a field's change handler reads: the new text (an input's or select's change event, or CodeField's digits). */
export interface TextChange {
  target: { value: string };
}

/** Focuses the form control with this `name` (fields are named after their wire names: Email, Password…). */
export function focusField(form: HTMLFormElement | null, name: string): void {
  const control = form?.elements.namedItem(name);
  if (control instanceof HTMLElement) control.focus();
}

export interface FormErrorsOptions<F extends string> {
  /** Brings the field into view before it takes the focus, on a form of several steps (sets the step it is on). */
  reveal?: (field: F) => void;
}

/**
 * Field errors of one form. `show(errors)` puts each message under its field and moves the focus to the first
 * invalid field in `order` (after the render, so a field that only appears with the errors, or on another step
 * of the form, can take it). Returns true when there is no error.
 */
export function useFormErrors<F extends string>(order: readonly F[], { reveal }: FormErrorsOptions<F> = {}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [focusRequest, setFocusRequest] = useState<{ name: F; serial: number } | null>(null);

  useEffect(() => {
    if (focusRequest) focusField(formRef.current, focusRequest.name);
  }, [focusRequest]);

  const focus = useCallback((name: F) => setFocusRequest((previous) => ({ name, serial: (previous?.serial ?? 0) + 1 })), []);

  const show = useCallback(
    (next: FieldErrors<F>): boolean => {
      setErrors(next);
      const first = order.find((field) => next[field]);
      if (first) {
        reveal?.(first);
        focus(first);
      }
      return first === undefined;
    },
    // `order` is a constant list per form, and `reveal` only sets state
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [focus],
  );

  /** Forgets a field's error once the user changes that field. */
  const clear = useCallback((field: F) => {
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }, []);

  /** A field's props: its wire name, value and error; a change passes the new text to `onValue` and clears the error. */
  const bind = (name: F, value: string, onValue: (value: string) => void) => ({
    name,
    value,
    error: errors[name],
    onChange: (change: TextChange) => {
      onValue(change.target.value);
      clear(name);
    },
  });

  return { formRef, errors, show, clear, focus, bind };
}
