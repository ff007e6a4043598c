import { HISTORY_MAX_DAYS, historyRangeProblem } from './historyRange';

const at = (iso: string) => new Date(iso);

describe('historyRangeProblem', () => {
  it('accepts a window from before to, up to the maximum length', () => {
    expect(historyRangeProblem(at('2024-01-01T00:00:00Z'), at('2024-01-01T00:00:01Z'))).toBeNull();
    expect(historyRangeProblem(at('2024-01-01T00:00:00Z'), at('2025-01-01T00:00:00Z'))).toBeNull(); // 366 days
  });

  it('rejects an empty or reversed window, naming to', () => {
    expect(historyRangeProblem(at('2024-01-02T00:00:00Z'), at('2024-01-02T00:00:00Z'))).toEqual({ field: 'to', code: 'history_range_reversed' });
    expect(historyRangeProblem(at('2024-01-02T00:00:00Z'), at('2024-01-01T00:00:00Z'))).toEqual({ field: 'to', code: 'history_range_reversed' });
  });

  it('rejects a window longer than the maximum', () => {
    expect(historyRangeProblem(at('2024-01-01T00:00:00Z'), at('2025-01-01T00:00:01Z'))).toEqual({
      field: 'to',
      code: 'history_range_too_long',
      maxDays: HISTORY_MAX_DAYS,
    });
  });
});
