// Commands waiting for their ack. Only the instance that holds the HTTP request waits; every instance sees every
// ack (they all subscribe to devices/+/up/#), and the others find no waiter for its Id and ignore it.
import type { DeviceAck } from '@paddock/shared/contract';

/** The timer functions the waits use; tests pass fake ones so a 60 s time-out takes no time. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** No ack in time: the command may or may not have reached the device. */
export class CommandTimeoutError extends Error {
  constructor(
    readonly key: string,
    readonly id: string,
  ) {
    super(`device ${key} did not answer command ${id} in time`);
    this.name = 'CommandTimeoutError';
  }
}

interface Waiter {
  key: string;
  resolve(ack: DeviceAck): void;
  reject(error: Error): void;
  timer: unknown;
}

export class PendingCommands {
  /** By command Id; a retried request (docs/protocol.md "Commands are idempotent") waits beside the first. */
  private readonly waiters = new Map<string, Set<Waiter>>();

  constructor(private readonly timers: Timers = realTimers) {}

  /** Waits for the ack with this Id from this device; rejects with CommandTimeoutError after `timeoutMs`. */
  wait(key: string, id: string, timeoutMs: number): Promise<DeviceAck> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        key,
        resolve,
        reject,
        timer: this.timers.setTimeout(() => {
          this.remove(id, waiter);
          reject(new CommandTimeoutError(key, id));
        }, timeoutMs),
      };
      const set = this.waiters.get(id) ?? new Set<Waiter>();
      set.add(waiter);
      this.waiters.set(id, set);
    });
  }

  /** Hands an ack to its waiters; false when none waits here (another instance's, too late, or not this device's). */
  settle(key: string, ack: DeviceAck): boolean {
    const set = this.waiters.get(ack.Id);
    if (!set) return false;
    let settled = false;
    for (const waiter of set) {
      if (waiter.key !== key) continue;
      this.remove(ack.Id, waiter);
      this.timers.clearTimeout(waiter.timer);
      waiter.resolve(ack);
      settled = true;
    }
    return settled;
  }

  /** Stops waiting for anything (shutdown): each waiter times out now instead of later. */
  cancelAll(): void {
    for (const [id, set] of this.waiters) {
      this.waiters.delete(id);
      for (const waiter of set) {
        this.timers.clearTimeout(waiter.timer);
        waiter.reject(new CommandTimeoutError(waiter.key, id));
      }
    }
  }

  get size(): number {
    let size = 0;
    for (const set of this.waiters.values()) size += set.size;
    return size;
  }

  private remove(id: string, waiter: Waiter): void {
    const set = this.waiters.get(id);
    if (!set) return;
    set.delete(waiter);
    if (set.size === 0) this.waiters.delete(id);
  }
}
