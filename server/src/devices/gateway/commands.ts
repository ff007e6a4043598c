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
  private readonly waiters = new Map<string, Waiter>();

  constructor(private readonly timers: Timers = realTimers) {}

  /** Waits for the ack with this Id from this device; rejects with CommandTimeoutError after `timeoutMs`. */
  wait(key: string, id: string, timeoutMs: number): Promise<DeviceAck> {
    return new Promise((resolve, reject) => {
      const timer = this.timers.setTimeout(() => {
        this.waiters.delete(id);
        reject(new CommandTimeoutError(key, id));
      }, timeoutMs);
      this.waiters.set(id, { key, resolve, reject, timer });
    });
  }

  /** Hands an ack to its waiter; false when none waits here (another instance's, too late, or not this device's). */
  settle(key: string, ack: DeviceAck): boolean {
    const waiter = this.waiters.get(ack.Id);
    if (!waiter || waiter.key !== key) return false;
    this.waiters.delete(ack.Id);
    this.timers.clearTimeout(waiter.timer);
    waiter.resolve(ack);
    return true;
  }

  /** Stops waiting for anything (shutdown): each waiter times out now instead of later. */
  cancelAll(): void {
    for (const [id, waiter] of this.waiters) {
      this.timers.clearTimeout(waiter.timer);
      this.waiters.delete(id);
      waiter.reject(new CommandTimeoutError(waiter.key, id));
    }
  }

  get size(): number {
    return this.waiters.size;
  }
}
