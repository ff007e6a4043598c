// Gathers uplinks into batches (docs/architecture/README.md#ingest): whatever arrives while one batch is being
// written becomes the next, so a burst makes batches bigger rather than a queue longer. Each submit resolves once
// its message is committed; the broker acknowledges the device only then (mqtt/broker.ts, mqtt/client.ts), so the
// in-memory queue holds only unacknowledged messages, which a crash loses harmlessly (the device or the broker
// sends them again). The queue is bounded by what the broker lets in flight, not by a count here.
import { SpanStatusCode, trace } from '@opentelemetry/api';
import { isDatabaseUnavailable, type Db } from '../../db/client';
import type { NoticeSettings } from '../../notify';
import { ingestBatch, type IngestResult, type Uplink } from './ingest';

/** Uplinks per transaction at most: keeps a transaction (and the devices' row locks) short. */
export const MAX_BATCH = 1000;
/** A device whose row another transaction holds is tried again after this, doubling up to PARKED_MAX_MS. */
export const PARKED_FIRST_MS = 20;
export const PARKED_MAX_MS = 500;

/** Told of every batch written: its uplinks and the seconds its transaction took (metrics, observability/metrics.ts). */
export type BatchObserver = (size: number, seconds: number) => void;

/** A no-op unless tracing is on (observability/tracing.ts): a batch's span holds its database spans. */
const tracer = trace.getTracer('paddock');

interface Entry {
  uplink: Uplink;
  resolve(result: IngestResult): void;
  reject(error: unknown): void;
}

export class IngestBatcher {
  private queue: Entry[] = [];
  private running: Promise<void> | null = null;
  /**
   * Devices whose row was held by another transaction (ingestBatch skipLocked): their uplinks in order, out of the
   * queue until their retry, so the other devices' batches go on meanwhile and the device's order is kept.
   */
  private readonly parked = new Map<string, Entry[]>();
  /** The next wait of a device found held again and again; forgotten once one of its uplinks is applied. */
  private readonly backoff = new Map<string, number>();
  /** Per device with messages under way: how many were submitted and settled (in order), and who waits for which. */
  private readonly inFlight = new Map<string, { submitted: number; settled: number; waiters: { upTo: number; resolve(): void }[] }>();

  constructor(
    private readonly db: Db,
    private readonly notices: NoticeSettings | undefined,
    private readonly maxBatch = MAX_BATCH,
    private readonly observe?: BatchObserver,
  ) {}

  /** Resolves with the message's result once it is committed; rejects when the database failed (nothing stored). */
  submit(uplink: Uplink): Promise<IngestResult> {
    const device = this.inFlight.get(uplink.key) ?? { submitted: 0, settled: 0, waiters: [] };
    device.submitted += 1;
    this.inFlight.set(uplink.key, device);
    // Behind the device's parked uplinks, if it has any.
    const done = new Promise<IngestResult>((resolve, reject) => (this.parked.get(uplink.key) ?? this.queue).push({ uplink, resolve, reject }));
    // A device's messages settle in the order submitted (batches run one after another, each in order).
    const release = () => {
      device.settled += 1;
      device.waiters = device.waiters.filter((waiter) => (waiter.upTo <= device.settled ? void waiter.resolve() : true));
      if (device.settled === device.submitted) this.inFlight.delete(uplink.key);
    };
    void done.then(release, release);
    this.running ??= this.drain();
    return done;
  }

  /** Resolves once every message of the device submitted so far is settled (not those submitted later). */
  settled(key: string): Promise<void> {
    const device = this.inFlight.get(key);
    if (!device) return Promise.resolve();
    return new Promise((resolve) => device.waiters.push({ upTo: device.submitted, resolve }));
  }

  /** Resolves once every message submitted so far is settled (a parked device's once its row is free). */
  async idle(): Promise<void> {
    while (this.running || this.parked.size) {
      await (this.running ?? new Promise((resolve) => setTimeout(resolve, PARKED_FIRST_MS)));
    }
  }

  private async drain(): Promise<void> {
    // Let the messages that arrived in the same tick join the first batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.queue.length) {
      const batch = this.queue.splice(0, this.maxBatch);
      await this.write(batch);
    }
    this.running = null;
  }

  private write(batch: Entry[]): Promise<void> {
    return tracer.startActiveSpan('ingest batch', { attributes: { 'paddock.batch.uplinks': batch.length } }, async (span) => {
      const started = performance.now();
      try {
        await this.writeBatch(batch);
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: String(error) });
        throw error;
      } finally {
        this.observe?.(batch.length, (performance.now() - started) / 1000);
        span.end();
      }
    });
  }

  private async writeBatch(batch: Entry[]): Promise<void> {
    const uplinks = batch.map((entry) => entry.uplink);
    let results: (IngestResult | null)[];
    try {
      results = await ingestBatch(this.db, uplinks, this.notices, { skipLocked: true });
    } catch (error) {
      // A database that is down fails every message alike: none is acknowledged, all come again.
      if (batch.length === 1 || isDatabaseUnavailable(error)) return batch.forEach((entry) => entry.reject(error));
      // One message that makes the whole batch fail must not take the others with it: each again on its own (a
      // device found held stays held for the rest of its messages here, so they keep their order).
      results = [];
      const held = new Set<string>();
      for (const entry of batch) {
        const result = held.has(entry.uplink.key)
          ? ({ outcome: 'locked' } as const)
          : await ingestBatch(this.db, [entry.uplink], this.notices, { skipLocked: true }).then(
              ([one]) => one,
              (failure: unknown) => (entry.reject(failure), null),
            );
        if (result?.outcome === 'locked') held.add(entry.uplink.key);
        results.push(result);
      }
    }
    const held = new Map<string, Entry[]>();
    batch.forEach((entry, i) => {
      const result = results[i];
      const { key } = entry.uplink;
      if (result?.outcome === 'locked') return void held.set(key, [...(held.get(key) ?? []), entry]);
      this.backoff.delete(key);
      if (result) entry.resolve(result);
    });
    for (const [key, entries] of held) this.park(key, entries);
  }

  /** Puts a held device's uplinks back, in order, and its later ones already queued behind them; retried after a while. */
  private park(key: string, held: Entry[]): void {
    const parked = this.parked.get(key);
    if (parked) return void parked.unshift(...held);
    const queued = this.queue.filter((other) => other.uplink.key === key);
    if (queued.length) this.queue = this.queue.filter((other) => other.uplink.key !== key);
    const entries = [...held, ...queued];
    this.parked.set(key, entries);
    const delayMs = this.backoff.get(key) ?? PARKED_FIRST_MS;
    this.backoff.set(key, Math.min(delayMs * 2, PARKED_MAX_MS));
    setTimeout(() => {
      this.parked.delete(key);
      // First in the next batch; parked again, for longer, if the row is still held.
      this.queue.unshift(...entries);
      this.running ??= this.drain();
    }, delayMs);
  }
}
