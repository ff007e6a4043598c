// Timers that only move when a test says so, for the gateway's command waits (a 60 s time-out in no time).
import type { Timers } from '../devices/gateway/commands';

export class FakeTimers implements Timers {
  private nowMs = 0;
  private nextId = 1;
  private readonly due = new Map<number, { callback: () => void; at: number }>();

  setTimeout = (callback: () => void, ms: number): number => {
    const id = this.nextId++;
    this.due.set(id, { callback, at: this.nowMs + ms });
    return id;
  };

  clearTimeout = (handle: unknown): void => {
    this.due.delete(handle as number);
  };

  /** The delays (ms from now) of the timers still waiting. */
  get waiting(): number[] {
    return [...this.due.values()].map((timer) => timer.at - this.nowMs);
  }

  /** Moves time forward and runs every timer that falls due, in order. */
  advance(ms: number): void {
    this.nowMs += ms;
    const ready = [...this.due.entries()].filter(([, timer]) => timer.at <= this.nowMs).sort((a, b) => a[1].at - b[1].at);
    for (const [id, timer] of ready) {
      this.due.delete(id);
      timer.callback();
    }
  }
}
