import { untilProblem } from './until';

const now = new Date(2026, 10, 24, 23, 59);

test.each([
  ['', 'required'],
  ['   ', 'required'],
  ['2026-02-31', 'invalid'],
  ['24.11.2026', 'invalid'],
  ['2026-11-25', 'future'],
  ['2027-01-01', 'future'],
  ['2026-11-24', null],
  ['2026-11-23', null],
  ['2020-02-29', null],
])('Until %p: %p', (value, problem) => {
  expect(untilProblem(value, now)).toBe(problem);
});

test('today is allowed from its first minute', () => {
  expect(untilProblem('2026-11-24', new Date(2026, 10, 24, 0, 0))).toBeNull();
  expect(untilProblem('2026-11-25', new Date(2026, 10, 24, 0, 0))).toBe('future');
});
