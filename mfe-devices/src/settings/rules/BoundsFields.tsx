import { useState } from 'react';
import { useIntl } from 'react-intl';
import {
  LOAD_ALARM_RANGE,
  TEMPERATURE_ALARM_RANGE,
  boundsOrDefaults,
  checkLoadAlarm,
  checkTemperatureAlarm,
  isRangeValid,
  keepDigitsAndLeadingMinus,
  parseBoundInput,
  type AlarmRange,
  type BoundError,
  type RangeErrors,
} from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { TextField, type FieldMessage } from '@paddock/shared/ui';
import { rulesTexts } from './messages';
import './rules.css';

const m = rulesTexts.messages;

/** Load bounds in W (SmartPlug, SmartPlug2: 0 to 3700) or temperature bounds in °C (SmartPlug: -20 to 70). */
export type BoundsKind = 'load' | 'temperature';

const KINDS: Record<BoundsKind, { range: AlarmRange; check: (lower: number | null, upper: number | null) => RangeErrors; symbol: string }> =
  {
    load: { range: LOAD_ALARM_RANGE, check: checkLoadAlarm, symbol: 'W' },
    temperature: { range: TEMPERATURE_ALARM_RANGE, check: checkTemperatureAlarm, symbol: '°C' },
  };

/** The two inputs' texts as typed (after filtering). */
export interface BoundsInput {
  lower: string;
  upper: string;
}

/** The inputs a page starts from: the device's bounds, or the range's defaults where unset (docs/product/validation.md). */
export function boundsInputOf(kind: BoundsKind, bounds?: { Lower?: number | null; Upper?: number | null } | null): BoundsInput {
  const { Lower, Upper } = boundsOrDefaults(KINDS[kind].range, bounds);
  return { lower: String(Lower), upper: String(Upper) };
}

/** docs/product/validation.md: the bounds' errors (lower at least the minimum and below upper; upper at most the maximum and above lower). */
export function checkBoundsInput(kind: BoundsKind, input: BoundsInput): RangeErrors {
  return KINDS[kind].check(parseBoundInput(input.lower), parseBoundInput(input.upper));
}

/** The bounds to send, or null while they are invalid. */
export function boundsOfInput(kind: BoundsKind, input: BoundsInput): { Lower: number; Upper: number } | null {
  const lower = parseBoundInput(input.lower);
  const upper = parseBoundInput(input.upper);
  return lower !== null && upper !== null && isRangeValid(KINDS[kind].check(lower, upper)) ? { Lower: lower, Upper: upper } : null;
}

/** The name of one of the inputs, e.g. boundsInputName('load', 'lower') → 'loadLower'. */
export function boundsInputName(name: string, which: 'lower' | 'upper'): string {
  return `${name}${which === 'lower' ? 'Lower' : 'Upper'}`;
}

/** The name of the first invalid input of the bounds, or null when both are valid. */
export function firstInvalidBound(name: string, errors: RangeErrors): string | null {
  return errors.lower ? boundsInputName(name, 'lower') : errors.upper ? boundsInputName(name, 'upper') : null;
}

/**
 * A settings page's bounds: the inputs start from the device's bounds once. Spread `fields` on BoundsFields;
 * `saved()` is the bounds for the PATCH body (null while invalid), `firstInvalid()` the input to focus.
 */
export function useBoundsDraft(kind: BoundsKind, name: string, bounds?: { Lower?: number | null; Upper?: number | null } | null) {
  const [value, onChange] = useState<BoundsInput>(() => boundsInputOf(kind, bounds));
  return {
    fields: { kind, name, value, onChange },
    saved: () => boundsOfInput(kind, value),
    firstInvalid: () => firstInvalidBound(name, checkBoundsInput(kind, value)),
  };
}

export interface BoundsFieldsProps {
  kind: BoundsKind;
  /** The inputs' names are `${name}Lower` and `${name}Upper` (the page focuses the first invalid one by name). */
  name: string;
  value: BoundsInput;
  onChange: (value: BoundsInput) => void;
  /** Show every error (after a save attempt); otherwise a field shows its error once the user has left it. */
  showErrors?: boolean;
  disabled?: boolean;
}

/**
 * The lower and upper inputs of an alarm range. Typing keeps only digits and a leading minus (docs/product/validation.md); each
 * error names the limit it breaks, with its unit, in the page's locale.
 */
export function BoundsFields({ kind, name, value, onChange, showErrors = false, disabled }: BoundsFieldsProps) {
  const t = useT();
  const intl = useIntl();
  const { range, symbol } = KINDS[kind];
  const [touched, setTouched] = useState({ lower: false, upper: false });
  const errors = checkBoundsInput(kind, value);
  const withUnit = (n: number) =>
    kind === 'load' ? t(m.watts, { value: intl.formatNumber(n) }) : intl.formatNumber(n, { style: 'unit', unit: 'celsius' });

  const message = (error: BoundError): FieldMessage => {
    switch (error) {
      case null:
        return null;
      case 'required':
        return { message: m.boundRequired };
      case 'belowMinimum':
        return { message: m.boundBelowMinimum, values: { limit: withUnit(range.min) } };
      case 'aboveMaximum':
        return { message: m.boundAboveMaximum, values: { limit: withUnit(range.max) } };
      case 'notBelowUpper':
        return { message: m.boundNotBelowUpper, values: { limit: withUnit(parseBoundInput(value.upper) ?? range.max) } };
      case 'notAboveLower':
        return { message: m.boundNotAboveLower, values: { limit: withUnit(parseBoundInput(value.lower) ?? range.min) } };
    }
  };

  const hint = t(m.rangeHint, { min: withUnit(range.min), max: withUnit(range.max) });
  const field = (which: 'lower' | 'upper') => (
    <TextField
      label={t(which === 'lower' ? m.lowerLabel : m.upperLabel, { unit: symbol })}
      name={boundsInputName(name, which)}
      // A phone's number pad often lacks a minus: temperatures, which may be negative, get the full keyboard.
      inputMode={range.min < 0 ? 'text' : 'numeric'}
      autoComplete="off"
      maxLength={6}
      hint={hint}
      disabled={disabled}
      value={value[which]}
      error={showErrors || touched[which] ? message(errors[which]) : null}
      onChange={(e) => onChange({ ...value, [which]: keepDigitsAndLeadingMinus(e.target.value) })}
      onBlur={() => setTouched((x) => ({ ...x, [which]: true }))}
    />
  );
  return (
    <div className="pd-rules__bounds">
      {field('lower')}
      {field('upper')}
    </div>
  );
}
