import { useId } from 'react';
import { DAYS_MONDAY_FIRST } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Checkbox } from '@paddock/shared/ui';
import { useRuleFormat } from './format';
import { rulesTexts } from './messages';

/**
 * The days of a rule: one checkbox per weekday, Monday first, named in the page's locale; the values are the
 * wire's day numbers (Sunday 0, docs/product/validation.md).
 */
export function DayPicker({ value, onChange, error }: { value: readonly number[]; onChange: (days: number[]) => void; error?: string }) {
  const t = useT();
  const format = useRuleFormat();
  const id = useId();
  const toggle = (day: number, checked: boolean) =>
    onChange(checked ? [...value.filter((d) => d !== day), day] : value.filter((d) => d !== day));
  return (
    <fieldset className={['pd-rules__days', error ? 'pd-field--error' : ''].join(' ')} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="pd-field__label">{t(rulesTexts.messages.daysLabel)}</legend>
      <div className="pd-rules__day-grid">
        {DAYS_MONDAY_FIRST.map((day) => (
          <Checkbox
            key={day}
            label={format.weekday(day, 'long')}
            checked={value.includes(day)}
            onChange={(e) => toggle(day, e.target.checked)}
          />
        ))}
      </div>
      {error ? (
        <p className="pd-field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
