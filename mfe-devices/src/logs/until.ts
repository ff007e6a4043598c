// The Until date of a log page (docs/product/screens.md, docs/product/limits.md): required, a real day, not in the future.
import { parseDateInputValue, toDateInputValue } from '@paddock/shared/domain';

export type UntilProblem = 'required' | 'invalid' | 'future';

/**
 * What is wrong with the Until input's value, or null. A date input gives '' for nothing and for a half-typed or impossible
 * day; a typed value (a browser without a date picker) may also be malformed. A day after today has no readings yet.
 */
export function untilProblem(value: string, now: Date = new Date()): UntilProblem | null {
  if (!value.trim()) return 'required';
  const day = parseDateInputValue(value);
  if (!day) return 'invalid';
  return toDateInputValue(day) > toDateInputValue(now) ? 'future' : null;
}
