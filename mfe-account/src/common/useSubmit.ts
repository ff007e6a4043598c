import { useState } from 'react';
import { useT } from '@paddock/shared/i18n';
import { describeFailure, type Failure } from './failure';
import { useFormErrors, type FieldErrors, type FormErrorsOptions } from '@paddock/shared/ui';

/**
 * The submit plumbing of an account form: its field errors (see `useFormErrors`), which call is running (`busy`,
 * one of the form's `K` actions, e.g. 'send' | 'confirm'), and the failure to show above the form.
 *
 * `if (!check(errors)) return; await run('save', call);`: `check` refuses while a call runs, forgets the last
 * failure and shows `errors` (when given); `run` marks `kind` busy until `call` settles. A failed call naming one
 * of the form's fields (a 400 reply's `Field`) puts its message under that field, any other above the form, so the
 * calls go `silent`: the form, not the shared failed-reply toast, says what went wrong.
 */
export function useSubmit<F extends string, K extends string>(fields: readonly F[], options: FormErrorsOptions<F> = {}) {
  const t = useT();
  const formErrors = useFormErrors(fields, options);
  const [busy, setBusy] = useState<K | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  function check(errors?: FieldErrors<F>): boolean {
    if (busy) return false;
    setFailure(null);
    return errors ? formErrors.show(errors) : true;
  }

  async function run(kind: K, call: () => Promise<void>): Promise<void> {
    setBusy(kind);
    try {
      await call();
    } catch (error) {
      const failed = describeFailure(error, t);
      const field = fields.find((name) => name === failed.field);
      if (field) {
        const errors: FieldErrors<F> = {};
        errors[field] = failed.text;
        formErrors.show(errors);
      } else {
        setFailure(failed);
      }
    } finally {
      setBusy(null);
    }
  }

  return { ...formErrors, busy, failure, check, run };
}
