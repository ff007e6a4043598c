import { FakeTimers } from '../../testing/fakeTimers';
import { CommandTimeoutError, PendingCommands } from './commands';

describe('PendingCommands', () => {
  it('hands the ack with the same Id from the same device to its waiter', async () => {
    const timers = new FakeTimers();
    const pending = new PendingCommands(timers);
    const waiting = pending.wait('350000300000001', 'id-1', 60_000);
    expect(pending.settle('350000300000002', { Id: 'id-1', Ok: true })).toBe(false); // another device's
    expect(pending.settle('350000300000001', { Id: 'id-2', Ok: true })).toBe(false); // no one waits for it here
    expect(pending.settle('350000300000001', { Id: 'id-1', Ok: true, PowerEnabled: false })).toBe(true);
    await expect(waiting).resolves.toEqual({ Id: 'id-1', Ok: true, PowerEnabled: false });
    expect(timers.waiting).toEqual([]);
    expect(pending.settle('350000300000001', { Id: 'id-1', Ok: true })).toBe(false); // a duplicate
  });

  it('times out after exactly the time given, and forgets the command', async () => {
    const timers = new FakeTimers();
    const pending = new PendingCommands(timers);
    const waiting = pending.wait('350000300000001', 'id-1', 60_000);
    timers.advance(59_999);
    expect(pending.size).toBe(1);
    timers.advance(1);
    await expect(waiting).rejects.toBeInstanceOf(CommandTimeoutError);
    expect(pending.size).toBe(0);
    expect(pending.settle('350000300000001', { Id: 'id-1', Ok: true })).toBe(false);
  });

  it('fails every waiter at once on shutdown', async () => {
    const timers = new FakeTimers();
    const pending = new PendingCommands(timers);
    const waits = [pending.wait('a', '1', 60_000), pending.wait('b', '2', 60_000)];
    pending.cancelAll();
    await Promise.all(waits.map((wait) => expect(wait).rejects.toBeInstanceOf(CommandTimeoutError)));
    expect(timers.waiting).toEqual([]);
  });
});
