import { CHART_MAX_POINTS, downsampleMinMax, MinMaxDownsampler, type TimedValue } from './downsample';

const MINUTE = 60_000;
const series = (count: number, value: (i: number) => number, start = 0): TimedValue[] =>
  Array.from({ length: count }, (_, i) => ({ time: start + i * MINUTE, value: value(i) }));
const extremes = (points: readonly TimedValue[]) => ({
  min: Math.min(...points.map((p) => p.value)),
  max: Math.max(...points.map((p) => p.value)),
});
const isSorted = (points: readonly TimedValue[]) => points.every((p, i) => i === 0 || points[i - 1].time <= p.time);

describe('downsampleMinMax', () => {
  it('returns every point, sorted, while they fit', () => {
    const points = series(CHART_MAX_POINTS, (i) => i % 7);
    expect(downsampleMinMax([...points].reverse())).toEqual(points);
    expect(downsampleMinMax([])).toEqual([]);
  });

  it('keeps at most maxPoints of a long series, in time order, and the spike and the dip of the window', () => {
    // A week of 1-minute readings around 5000 V with one short spike and one short dip.
    const points = series(7 * 24 * 60, (i) => 5000 + 10 * Math.sin(i / 30));
    points[1234].value = 9000;
    points[8765].value = 12;
    const kept = downsampleMinMax(points);
    expect(kept.length).toBeLessThanOrEqual(CHART_MAX_POINTS);
    expect(kept.length).toBeGreaterThan(CHART_MAX_POINTS / 2);
    expect(isSorted(kept)).toBe(true);
    expect(kept).toContainEqual({ time: 1234 * MINUTE, value: 9000 });
    expect(kept).toContainEqual({ time: 8765 * MINUTE, value: 12 });
    expect(extremes(kept)).toEqual(extremes(points));
    // Only real readings come back, none invented.
    const original = new Set(points.map((p) => `${p.time}:${p.value}`));
    expect(kept.every((p) => original.has(`${p.time}:${p.value}`))).toBe(true);
  });

  it('keeps global min and max for random data and small limits', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 100 - 50;
    for (const maxPoints of [2, 3, 10, 101]) {
      const points = series(5000, () => random());
      const kept = downsampleMinMax(points, maxPoints);
      expect(kept.length).toBeLessThanOrEqual(maxPoints);
      expect(extremes(kept)).toEqual(extremes(points));
      expect(isSorted(kept)).toBe(true);
    }
  });

  it('leaves a gap in the readings a gap and ignores non-finite values', () => {
    const points = [...series(3000, () => 1), ...series(3000, () => 2, 10_000 * MINUTE)];
    points.push({ time: 5000 * MINUTE, value: Number.NaN }, { time: Number.NaN, value: 3 });
    const kept = downsampleMinMax(points, 100);
    expect(kept.some((p) => p.time > 3000 * MINUTE && p.time < 10_000 * MINUTE)).toBe(false);
    expect(kept.every((p) => Number.isFinite(p.value) && Number.isFinite(p.time))).toBe(true);
  });
});

describe('MinMaxDownsampler', () => {
  it('buckets by the requested window, points at both ends included', () => {
    const sampler = new MinMaxDownsampler(0, 1000, 4);
    for (let t = 0; t <= 1000; t += 1) sampler.add(t, t === 1000 ? -5 : t);
    const kept = sampler.result();
    expect(kept.length).toBeLessThanOrEqual(4);
    expect(kept).toContainEqual({ time: 1000, value: -5 });
    expect(kept).toContainEqual({ time: 999, value: 999 });
  });

  it('rejects a reversed window or a limit below two', () => {
    expect(() => new MinMaxDownsampler(10, 0)).toThrow(RangeError);
    expect(() => new MinMaxDownsampler(0, 10, 1)).toThrow(RangeError);
  });
});
