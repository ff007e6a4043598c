import { PRODUCT_IDS } from '../products/ids';
import { PRODUCT_RULES } from '../products/registry';
import { TREND_FIELDS, TREND_MAX_POINTS, TREND_WINDOW_MS, sparklinePoints } from './trends';

const END = Date.parse('2026-06-01T12:00:00Z');
const at = (msBeforeEnd: number) => new Date(END - msBeforeEnd).toISOString();

test('36 points over 6 hours, and a measure for every product', () => {
  expect(TREND_MAX_POINTS).toBe(36);
  for (const product of PRODUCT_IDS) expect(TREND_FIELDS[product]).toMatch(/^(Voltage|Load|RemainingData)$/);
});

test("a card's trend is one of its product's charts", () => {
  for (const product of PRODUCT_IDS) expect(PRODUCT_RULES[product].histories).toContain(PRODUCT_RULES[product].trend);
});

test('time runs left to right over the window; the lowest value is at the bottom, the highest at the top', () => {
  const line = sparklinePoints(
    [
      { At: at(TREND_WINDOW_MS), Value: 10 },
      { At: at(TREND_WINDOW_MS / 2), Value: 30 },
      { At: at(0), Value: 20 },
    ],
    END,
    100,
    20,
    0,
  );
  expect(line).toBe('0.0,20.0 50.0,0.0 100.0,10.0');
});

test('a flat line sits in the middle; nothing gives nothing; points outside the window stay on its edge', () => {
  expect(
    sparklinePoints(
      [
        { At: at(60_000), Value: 5 },
        { At: at(0), Value: 5 },
      ],
      END,
      100,
      20,
      0,
    )
      .split(' ')
      .map((p) => p.split(',')[1]),
  ).toEqual(['10.0', '10.0']);
  expect(sparklinePoints([], END, 100, 20)).toBe('');
  expect(
    sparklinePoints(
      [
        { At: at(2 * TREND_WINDOW_MS), Value: 1 },
        { At: at(-60_000), Value: 2 },
      ],
      END,
      100,
      20,
      0,
    ),
  ).toBe('0.0,20.0 100.0,0.0');
});
