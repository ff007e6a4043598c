// Commands are idempotent (docs/protocol.md "Commands are idempotent", docs/product/api.md Idempotency-Key): a power
// call with an Idempotency-Key records the command it sends under (plug, caller, key) in the database, so a retried
// request — on this instance or another, e.g. the browser re-sending after a lost connection — finds it and waits
// for, or returns, that command's ack instead of switching the plug a second time. Another caller's or another
// plug's key is another command: a result is only ever handed to the request that could have made it.
import { randomUUID } from 'node:crypto';
import type { DeviceAck } from '@paddock/shared/contract';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deviceCommands } from '../db/schema';
import { badRequest } from '../http/errors';
import type { DeviceGateway } from './gateway/gateway';

/** How long a key is kept for its plug: far longer than any client retries a tap. */
export const COMMAND_KEY_TTL_MS = 24 * 60 * 60_000;

interface SetPower {
  deviceKey: string;
  userId: string;
  idempotencyKey: string;
  enabled: boolean;
  now: Date;
}

/** The body a key names; a request that reuses the key with another body is refused (400 naming the header). */
const bodyOf = (enabled: boolean) => ({ Command: 'set-power', Enabled: enabled });

/**
 * Switches the plug once per key: the first request sends `set-power` under a new command id and waits for its ack;
 * a retry sends nothing, and answers with the stored ack or waits for it (CommandTimeoutError when none comes in time).
 */
export async function setPowerOnce(
  db: Db,
  gateway: DeviceGateway,
  { deviceKey, userId, idempotencyKey, enabled, now }: SetPower,
): Promise<DeviceAck> {
  await db
    .delete(deviceCommands)
    .where(and(eq(deviceCommands.deviceKey, deviceKey), lt(deviceCommands.createdAt, new Date(now.getTime() - COMMAND_KEY_TTL_MS))));
  const commandId = randomUUID();
  const inserted = await db
    .insert(deviceCommands)
    .values({ commandId, deviceKey, userId, idempotencyKey, body: bodyOf(enabled), createdAt: now })
    .onConflictDoNothing()
    .returning({ commandId: deviceCommands.commandId });
  if (inserted.length > 0) return gateway.setPower(deviceKey, enabled, commandId);

  const sameKey = and(
    eq(deviceCommands.deviceKey, deviceKey),
    eq(deviceCommands.userId, userId),
    eq(deviceCommands.idempotencyKey, idempotencyKey),
  );
  const [first] = await db.select().from(deviceCommands).where(sameKey);
  if (!first) return setPowerOnce(db, gateway, { deviceKey, userId, idempotencyKey, enabled, now }); // pruned meanwhile
  if ((first.body as { Enabled?: unknown }).Enabled !== enabled)
    throw badRequest('invalid_field', 'idempotency-key', { field: 'idempotency-key' });
  if (first.ack) return first.ack as DeviceAck;
  // Wait first, read again after: the gateway stores an ack before it hands it to waiters, so one arriving between
  // the two reads is either stored (read here) or heard by this wait.
  const waiting = gateway.awaitAck(deviceKey, first.commandId);
  const [again] = await db.select({ ack: deviceCommands.ack }).from(deviceCommands).where(eq(deviceCommands.commandId, first.commandId));
  if (again?.ack) {
    waiting.catch(() => undefined); // times out unheard
    return again.ack as DeviceAck;
  }
  return waiting;
}
