// Shape-preserving downsampling for the history charts (docs/architecture/README.md#budgets: at most ~2,000 points a series). Min/max
// buckets: the window is cut into equal time buckets and each keeps its lowest and its highest reading, in time
// order. A spike or a dip is the extreme of its bucket, so it stays visible, and the global minimum and maximum
// of the window always survive. Fed one point at a time, so a year of readings never sits in memory at once.

export interface TimedValue {
  /** Epoch milliseconds. */
  time: number;
  value: number;
}

/** Most points a chart series gets from the server. */
export const CHART_MAX_POINTS = 2000;

interface Bucket {
  min: TimedValue;
  max: TimedValue;
}

/**
 * Collects the points of one window [from, to] (epoch ms), in any order, and keeps at most `maxPoints`: all of
 * them while they fit, else the min and max of each of maxPoints/2 time buckets. Memory stays O(maxPoints).
 */
export class MinMaxDownsampler {
  private readonly buckets: (Bucket | undefined)[];
  private readonly width: number;
  /** Every point so far, until there are more than maxPoints (then null: only the buckets count). */
  private raw: TimedValue[] | null = [];

  constructor(
    private readonly from: number,
    to: number,
    private readonly maxPoints: number = CHART_MAX_POINTS,
  ) {
    if (!Number.isFinite(from) || !Number.isFinite(to) || to < from) throw new RangeError('downsample window must have from <= to');
    if (!Number.isInteger(maxPoints) || maxPoints < 2) throw new RangeError('downsample needs maxPoints >= 2');
    this.buckets = new Array<Bucket | undefined>(Math.floor(maxPoints / 2));
    // +1 so `to` itself falls in the last bucket.
    this.width = (to - from + 1) / this.buckets.length;
  }

  add(time: number, value: number): void {
    if (!Number.isFinite(time) || !Number.isFinite(value)) return;
    const point = { time, value };
    if (this.raw) {
      this.raw.push(point);
      if (this.raw.length > this.maxPoints) this.raw = null;
    }
    const index = Math.min(this.buckets.length - 1, Math.max(0, Math.floor((time - this.from) / this.width)));
    const bucket = this.buckets[index];
    if (!bucket) this.buckets[index] = { min: point, max: point };
    else {
      // Strict comparisons: the earliest of equal extremes stays, so the result does not depend on ties' order.
      if (value < bucket.min.value || (value === bucket.min.value && time < bucket.min.time)) bucket.min = point;
      if (value > bucket.max.value || (value === bucket.max.value && time < bucket.max.time)) bucket.max = point;
    }
  }

  /** The kept points in time order. */
  result(): TimedValue[] {
    if (this.raw) return [...this.raw].sort((a, b) => a.time - b.time);
    const points: TimedValue[] = [];
    for (const bucket of this.buckets) {
      if (!bucket) continue; // a gap in the readings stays a gap
      if (bucket.min === bucket.max) points.push(bucket.min);
      else if (bucket.min.time <= bucket.max.time) points.push(bucket.min, bucket.max);
      else points.push(bucket.max, bucket.min);
    }
    return points;
  }
}

/** The array form: at most `maxPoints` of `points` (any order), in time order, global min and max kept. */
export function downsampleMinMax(points: readonly TimedValue[], maxPoints: number = CHART_MAX_POINTS): TimedValue[] {
  let from = Infinity;
  let to = -Infinity;
  for (const { time } of points) {
    if (time < from) from = time;
    if (time > to) to = time;
  }
  if (!(from <= to)) return []; // no point with a finite time
  const sampler = new MinMaxDownsampler(from, to, maxPoints);
  for (const point of points) sampler.add(point.time, point.value);
  return sampler.result();
}
