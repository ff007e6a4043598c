// The MQTT wire format between devices and the server (docs/protocol.md): topics and the TypeBox
// schema of every payload, so the server gateway and the device simulator read and write the same shapes.
// Uplinks are open objects (a newer firmware may add fields; unknown ones are ignored), but a field of the wrong
// type makes the whole message invalid, and it is dropped. Each product's reading and configuration are in
// products/<id>/contract.ts; the registry (products/index.ts) maps them by product.
import { Type, type Static } from '@sinclair/typebox';
import { IMEI_PATTERN } from '../domain/deviceKeys';
import { IsoTime } from './common';

// ---- Topics ---------------------------------------------------------------------------------------------------

export const DEVICE_UP_TOPICS = ['status', 'reading', 'config', 'ack', 'fota'] as const;
export type DeviceUpTopic = (typeof DEVICE_UP_TOPICS)[number];
export const DEVICE_DOWN_TOPICS = ['config', 'command', 'simulate', 'fota'] as const;
export type DeviceDownTopic = (typeof DEVICE_DOWN_TOPICS)[number];

/** What the server subscribes to: everything every device sends. */
export const DEVICE_UPLINK_SUBSCRIPTION = 'devices/+/up/#';

export const upTopic = (key: string, topic: DeviceUpTopic) => `devices/${key}/up/${topic}`;
export const downTopic = (key: string, topic: DeviceDownTopic) => `devices/${key}/down/${topic}`;

export interface ParsedDeviceTopic {
  key: string;
  direction: 'up' | 'down';
  /** The last level: status, reading, config, ack, command, simulate… */
  name: string;
}

/** `devices/{key}/up/reading` → {key, direction, name}; null for any other shape. */
export function parseDeviceTopic(topic: string): ParsedDeviceTopic | null {
  const match = /^devices\/([^/+#]+)\/(up|down)\/([^/+#]+)$/.exec(topic);
  return match ? { key: match[1], direction: match[2] as 'up' | 'down', name: match[3] } : null;
}

// ---- Device → server ------------------------------------------------------------------------------------------

/** Longest reporting interval a device may announce: one day. */
export const REPORTING_INTERVAL_MAX_SECONDS = 86_400;

/** `up/status`, retained; the last will is `{Online: false}`. */
export const DeviceStatus = Type.Object({
  Online: Type.Boolean(),
  Firmware: Type.Optional(Type.String({ maxLength: 64 })),
  IntervalSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: REPORTING_INTERVAL_MAX_SECONDS })),
});
export type DeviceStatus = Static<typeof DeviceStatus>;

/** A reading's time of measurement; missing or too far ahead: the time of receipt. */
export const MeasuredAt = Type.Optional(IsoTime);
/** A measured amount: never negative. */
export const Amount = Type.Number({ minimum: 0 });

/** `up/ack`: the answer to a command, with the relay's state after it. */
export const DeviceAck = Type.Object({
  Id: Type.String({ minLength: 1, maxLength: 64 }),
  Ok: Type.Boolean(),
  PowerEnabled: Type.Optional(Type.Boolean()),
  Error: Type.Optional(Type.String({ maxLength: 500 })),
});
export type DeviceAck = Static<typeof DeviceAck>;

// ---- Configuration (server → device on down/config, reported back on up/config) -------------------------------

/** Grows with every change of a device's configuration; 0: none sent yet. */
export const ConfigVersion = Type.Integer({ minimum: 0 });

// ---- Commands and simulation (server → device) ----------------------------------------------------------------

/** docs/product/limits.md power-toggle time-out: how long the server waits for a command's ack before answering 408. */
export const DEVICE_COMMAND_TIMEOUT_MS = 60_000;

/** `down/command`: switch the relay; the device answers on `up/ack` with the same Id. */
export const SetPowerCommand = Type.Object({
  Id: Type.String({ minLength: 1, maxLength: 64 }),
  Command: Type.Literal('set-power'),
  Enabled: Type.Boolean(),
});
export type SetPowerCommand = Static<typeof SetPowerCommand>;

/** `down/command`: set the plug's consumption counter (Wh since the last reset) to 0; acked on `up/ack` with the same Id. */
export const ResetConsumptionCommand = Type.Object({
  Id: Type.String({ minLength: 1, maxLength: 64 }),
  Command: Type.Literal('reset-consumption'),
});
export type ResetConsumptionCommand = Static<typeof ResetConsumptionCommand>;

/** Every `down/command` the server sends. */
export type DeviceCommand = SetPowerCommand | ResetConsumptionCommand;

/** Faults the simulator can be told to play (real devices ignore `down/simulate`). */
export const SIMULATED_FAULTS = ['offline', 'power-failure', 'low-voltage', 'none'] as const;
export type SimulatedFault = (typeof SIMULATED_FAULTS)[number];

/**
 * `down/simulate`, and the body of the admin call PUT /admin/simulator/{key}. `Clock` sets the simulated device's own
 * clock (the one its rules read) to that moment, running on from there: how a test shows a rule across a change of
 * summer time without waiting for one. `StartAppliance` starts a plug's appliance's cycle now, so it draws its rated
 * load for its share of the cycle: how a test sees energy used without waiting for the cycle (docs/protocol.md "Simulation").
 */
export const SimulateFault = Type.Object(
  {
    Fault: Type.Union(SIMULATED_FAULTS.map((fault) => Type.Literal(fault))),
    Clock: Type.Optional(IsoTime),
    StartAppliance: Type.Optional(Type.Literal(true)),
  },
  { additionalProperties: false },
);
export type SimulateFault = Static<typeof SimulateFault>;

/** PUT /admin/simulator/{key}: a device key from the inventory (IMEI or IMSI). */
export const SimulatorKeyParams = Type.Object({ key: Type.String({ pattern: IMEI_PATTERN }) }, { additionalProperties: false });
export type SimulatorKeyParams = Static<typeof SimulatorKeyParams>;

// ---- Firmware over the air (FenceAlarm2) -----------------------------------------------------------------------

/** `down/fota`, retained until the device reports the update done or failed: fetch, check and install the image. */
export const FotaRequest = Type.Object({
  Id: Type.String({ minLength: 1, maxLength: 64 }),
  Url: Type.String({ minLength: 1, maxLength: 2048 }),
  Checksum: Type.String({ minLength: 1, maxLength: 128 }),
});
export type FotaRequest = Static<typeof FotaRequest>;

export const FOTA_STATUSES = ['downloading', 'installing', 'done', 'failed'] as const;
export type FotaStatus = (typeof FOTA_STATUSES)[number];

/** `up/fota`: progress of the update with that Id; `done` carries the firmware version now running. */
export const FotaReport = Type.Object({
  Id: Type.String({ minLength: 1, maxLength: 64 }),
  Status: Type.Union(FOTA_STATUSES.map((status) => Type.Literal(status))),
  Progress: Type.Integer({ minimum: 0, maximum: 100 }),
  Version: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
  Error: Type.Optional(Type.String({ maxLength: 200 })),
});
export type FotaReport = Static<typeof FotaReport>;
