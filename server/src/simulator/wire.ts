// The device side of docs/protocol.md, on the shared wire schemas (contract/deviceProtocol.ts):
// topics, the payloads a simulated device sends, and checks of the downlinks it receives. A downlink that is not
// JSON or has a field of the wrong type is dropped (never applied).
import {
  configReportSchema,
  downTopic,
  FotaRequest,
  ResetConsumptionCommand,
  SetPowerCommand,
  SimulateFault,
  upTopic,
  type ConfigReport,
  type DeviceAck,
  type DeviceReading,
  type DeviceStatus,
  type SimulatedFault,
} from '@paddock/shared/contract';
import { isConfiguredProduct, type ProductId } from '@paddock/shared/domain';
import { FormatRegistry, Type, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

export type Fault = SimulatedFault;
export type Reading = DeviceReading;
export type Status = DeviceStatus;
export type Ack = DeviceAck;
/** A configuration as the device runs it: Version and the product's fields, reported back as received. */
export type DeviceConfig = ConfigReport;

export const topics = (key: string) => ({
  status: upTopic(key, 'status'),
  reading: upTopic(key, 'reading'),
  config: upTopic(key, 'config'),
  ack: upTopic(key, 'ack'),
  fota: upTopic(key, 'fota'),
  /** Everything the device may read (the broker's rule: devices/{key}/down/#). */
  down: `devices/${key}/down/#`,
  downConfig: downTopic(key, 'config'),
  downCommand: downTopic(key, 'command'),
  downSimulate: downTopic(key, 'simulate'),
  downFota: downTopic(key, 'fota'),
});

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

function check<T>(schema: TSchema, payload: Buffer | string): Parsed<T> {
  let value: unknown;
  try {
    value = JSON.parse(payload.toString());
  } catch {
    return { ok: false, error: 'not JSON' };
  }
  const first = Value.Errors(schema, value).First();
  if (first) return { ok: false, error: `${first.path || '/'}: ${first.message}` };
  return { ok: true, value: value as T };
}

/**
 * A `down/config` for the product. Checked like the report the server takes back (Version required, each field
 * of the right type when present), so a configuration the device runs is always one it can report.
 */
export function parseConfig(product: ProductId, payload: Buffer | string): Parsed<DeviceConfig> {
  if (!isConfiguredProduct(product)) return { ok: false, error: `${product} has no configuration` };
  return check<DeviceConfig>(configReportSchema(product), payload);
}

/** Enough of a command to answer it: its Id (the ack carries it) and what it asks. */
const AnyCommand = Type.Object({ Id: Type.String({ minLength: 1, maxLength: 64 }), Command: Type.String() });

/** The commands a device carries out (docs/protocol.md), by name. */
const COMMANDS: Record<string, TSchema> = { 'set-power': SetPowerCommand, 'reset-consumption': ResetConsumptionCommand };

/**
 * A `down/command`: `unanswerable` (no usable Id: dropped), or the Id with either a valid command (set-power,
 * reset-consumption) or the reason it cannot be carried out (answered with Ok false, so the server need not wait
 * for its time-out).
 */
export function parseCommand(
  payload: Buffer | string,
): { unanswerable: string } | { Id: string; command: SetPowerCommand | ResetConsumptionCommand } | { Id: string; error: string } {
  const command = check<{ Id: string; Command: string }>(AnyCommand, payload);
  if (!command.ok) return { unanswerable: command.error };
  const { Id, Command } = command.value;
  const schema = Object.hasOwn(COMMANDS, Command) ? COMMANDS[Command] : undefined;
  if (!schema) return { Id, error: `unknown command ${Command.slice(0, 100)}` };
  const valid = check<SetPowerCommand | ResetConsumptionCommand>(schema, payload);
  return valid.ok ? { Id, command: valid.value } : { Id, error: `bad ${Command} command: ${valid.error}` };
}

// The simulator checks messages with TypeBox's Value, which knows no formats of its own (the server's ajv does):
// `Clock` of down/simulate is ISO 8601 with a zone.
if (!FormatRegistry.Has('date-time')) {
  FormatRegistry.Set('date-time', (value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value)));
}

export const parseSimulate = (payload: Buffer | string) => check<SimulateFault>(SimulateFault, payload);

/** A `down/fota` (FenceAlarm2 firmware update). An empty payload is the server clearing it: not a request. */
export const parseFota = (payload: Buffer | string) => check<FotaRequest>(FotaRequest, payload);

/**
 * The version a simulated update installs: the last x.y.z in the image URL (…/fencealarm2-1.5.0.bin), else the
 * running version with its last number one higher.
 */
export function firmwareVersionAfter(url: string, running: string): string {
  const named = url.match(/\d+\.\d+\.\d+/g);
  if (named) return named[named.length - 1];
  const parts = running.split('.').map((part) => Number(part) || 0);
  parts[parts.length - 1] += 1;
  return parts.join('.');
}

/** The simulator's way to play a failed update: a checksum of only zeros never matches the image. */
export const isBadChecksum = (checksum: string) => /^0+$/.test(checksum);
