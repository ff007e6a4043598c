// Gathers uplinks into batches (docs/architecture/README.md#ingest): whatever arrives while one batch is being
// written becomes the next, so a burst makes batches bigger rather than a queue longer. Each submit resolves once
// its message is committed; the broker acknowledges the device only then (mqtt/broker.ts, mqtt/client.ts), so the
// in-memory queue holds only unacknowledged messages, which a crash loses harmlessly (the device or the broker
// sends them again). The queue is bounded by what the broker lets in flight, not by a count here.
import { isDatabaseUnavailable, type Db } from '../../db/client';
import type { NoticeSettings } from '../../notify/alarmNotices';
import { ingestBatch, ingestUplink, type IngestResult, type Uplink } from './ingest';

/** Uplinks per transaction at most: keeps a transaction (and the devices' row locks) short. */
export const MAX_BATCH = 1000;

interface Entry {
  uplink: Uplink;
  resolve(result: IngestResult): void;
  reject(error: unknown): void;
}

export class IngestBatcher {
  private queue: Entry[] = [];
  private running: Promise<void> | null = null;
  /** Per device with messages under way: how many were submitted and settled (in order), and who waits for which. */
  private readonly inFlight = new Map<string, { submitted: number; settled: number; waiters: { upTo: number; resolve(): void }[] }>();

  constructor(
    private readonly db: Db,
    private readonly notices: NoticeSettings | undefined,
    private readonly maxBatch = MAX_BATCH,
  ) {}

  /** Resolves with the message's result once it is committed; rejects when the database failed (nothing stored). */
  submit(uplink: Uplink): Promise<IngestResult> {
    const device = this.inFlight.get(uplink.key) ?? { submitted: 0, settled: 0, waiters: [] };
    device.submitted += 1;
    this.inFlight.set(uplink.key, device);
    const done = new Promise<IngestResult>((resolve, reject) => this.queue.push({ uplink, resolve, reject }));
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

  /** Resolves once every message submitted so far is settled. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
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

  private async write(batch: Entry[]): Promise<void> {
    try {
      const results = await ingestBatch(this.db, batch.map((entry) => entry.uplink), this.notices);
      batch.forEach((entry, i) => entry.resolve(results[i]));
      return;
    } catch (error) {
      // A database that is down fails every message alike: none is acknowledged, all come again.
      if (batch.length === 1 || isDatabaseUnavailable(error)) return batch.forEach((entry) => entry.reject(error));
    }
    // One message that makes the whole batch fail must not take the others with it: each again on its own.
    for (const entry of batch) {
      await ingestUplink(this.db, entry.uplink, this.notices).then(entry.resolve, entry.reject);
    }
  }
}
