// The MQTT wire format between devices and the server (server/src/devices/PROTOCOL.md): topics and the TypeBox
// schema of every payload, so the server gateway and the device simulator read and write the same shapes.
// Uplinks are open objects (a newer firmware may add fields; unknown ones are ignored), but a field of the wrong
// type makes the whole message invalid, and it is dropped.
import { Type, type Static, type TObject } from '@sinclair/typebox';
import { IMEI_PATTERN, type ProductId } from '../domain/products';
import { IsoTime } from './common';
import { Thermostat, Timer } from './devices';

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

/** When it was measured; missing or too far ahead: the time of receipt. */
const At = Type.Optional(IsoTime);
const Amount = Type.Number({ minimum: 0 });

export const FarmcamSimReading = Type.Object({ At, RemainingData: Amount });
export type FarmcamSimReading = Static<typeof FarmcamSimReading>;

/** Voltage and Battery in V, Rssi in dBm. */
export const FencealarmReading = Type.Object({ At, Voltage: Amount, Battery: Amount, Rssi: Type.Number() });
export type FencealarmReading = Static<typeof FencealarmReading>;

export const Fencealarm2Reading = Type.Object({ At, Voltage: Amount });
export type Fencealarm2Reading = Static<typeof Fencealarm2Reading>;

const plugReading = {
  At,
  /** W. */
  Load: Amount,
  /** Wh since the last reset. */
  Consumption: Amount,
  /** %. */
  SignalStrength: Type.Number({ minimum: 0, maximum: 100 }),
  PowerEnabled: Type.Boolean(),
  /** false: the plug has lost its supply (power failure). */
  MainsPower: Type.Boolean(),
};
/** Temperature in °C. */
export const SmartplugReading = Type.Object({ ...plugReading, Temperature: Type.Number() });
export type SmartplugReading = Static<typeof SmartplugReading>;
export const Smartplug2Reading = Type.Object(plugReading);
export type Smartplug2Reading = Static<typeof Smartplug2Reading>;

export const READING_SCHEMAS = {
  'farmcam-sim': FarmcamSimReading,
  fencealarm: FencealarmReading,
  fencealarm2: Fencealarm2Reading,
  smartplug: SmartplugReading,
  smartplug2: Smartplug2Reading,
} as const satisfies Record<ProductId, TObject>;

export interface ReadingOf {
  'farmcam-sim': FarmcamSimReading;
  fencealarm: FencealarmReading;
  fencealarm2: Fencealarm2Reading;
  smartplug: SmartplugReading;
  smartplug2: Smartplug2Reading;
}
export type DeviceReading = ReadingOf[ProductId];

/** `up/ack`: the answer to a command, with the relay's state after it. */
export const DeviceAck = Type.Object({
  Id: Type.String({ minLength: 1, maxLength: 64 }),
  Ok: Type.Boolean(),
  PowerEnabled: Type.Optional(Type.Boolean()),
  Error: Type.Optional(Type.String({ maxLength: 500 })),
});
export type DeviceAck = Static<typeof DeviceAck>;

// ---- Configuration (server → device on down/config, reported back on up/config) -------------------------------

export const FencealarmDeviceConfig = Type.Object({
  AlarmEnabled: Type.Boolean(),
  /** V. */
  AlarmLevel: Type.Number(),
  Calibration: Type.Object({ Enabled: Type.Boolean(), ScalingFactor: Type.Number(), ExpectedVoltage: Type.Number() }),
});
export type FencealarmDeviceConfig = Static<typeof FencealarmDeviceConfig>;

export const Fencealarm2DeviceConfig = Type.Object({ AlarmEnabled: Type.Boolean(), Threshold: Type.Number() });
export type Fencealarm2DeviceConfig = Static<typeof Fencealarm2DeviceConfig>;

const DeviceBounds = Type.Object({ Enabled: Type.Boolean(), Lower: Type.Number(), Upper: Type.Number() });
export const SmartplugDeviceConfig = Type.Object({
  BeepEnabled: Type.Boolean(),
  PowerFailureAlarmEnabled: Type.Boolean(),
  LoadAlarm: DeviceBounds,
  TemperatureRangeAlarm: DeviceBounds,
  Timer,
  Thermostat,
});
export type SmartplugDeviceConfig = Static<typeof SmartplugDeviceConfig>;

export const Smartplug2DeviceConfig = Type.Object({
  AuditoryFeedback: Type.Boolean(),
  PowerLoadAlarm: Type.Object({ Lower: Type.Number(), Upper: Type.Number() }),
  Timer,
});
export type Smartplug2DeviceConfig = Static<typeof Smartplug2DeviceConfig>;

/** The products that take a configuration (a FarmCam SIM has none). */
export type ConfiguredProductId = Exclude<ProductId, 'farmcam-sim'>;

export const DEVICE_CONFIG_SCHEMAS = {
  fencealarm: FencealarmDeviceConfig,
  fencealarm2: Fencealarm2DeviceConfig,
  smartplug: SmartplugDeviceConfig,
  smartplug2: Smartplug2DeviceConfig,
} as const satisfies Record<ConfiguredProductId, TObject>;

export interface DeviceConfigOf {
  fencealarm: FencealarmDeviceConfig;
  fencealarm2: Fencealarm2DeviceConfig;
  smartplug: SmartplugDeviceConfig;
  smartplug2: Smartplug2DeviceConfig;
}
export type DeviceConfig = DeviceConfigOf[ConfiguredProductId];

/** Grows with every change of a device's configuration; 0: none sent yet. */
export const ConfigVersion = Type.Integer({ minimum: 0 });

/** `down/config`, retained: the whole configuration and its Version. */
export type DeviceConfigMessage = DeviceConfig & { Version: number };

/**
 * `up/config`: the configuration the device now runs. Version is required; the config fields are checked when
 * present (a device may report only the ones it knows).
 */
export function configReportSchema(product: ConfiguredProductId): TObject {
  return Type.Composite([Type.Object({ Version: ConfigVersion }), Type.Partial(DEVICE_CONFIG_SCHEMAS[product])]);
}
/** Any product's report: every config field optional (the schema above says which ones a product may send). */
export type ConfigReport = { Version: number } & Partial<
  FencealarmDeviceConfig & Fencealarm2DeviceConfig & SmartplugDeviceConfig & Smartplug2DeviceConfig
>;

// ---- Commands and simulation (server → device) ----------------------------------------------------------------

/** SPEC §9 power-toggle time-out: how long the server waits for a command's ack before answering 408. */
export const DEVICE_COMMAND_TIMEOUT_MS = 60_000;

/** `down/command`: switch the relay; the device answers on `up/ack` with the same Id. */
export const SetPowerCommand = Type.Object({
  Id: Type.String({ minLength: 1, maxLength: 64 }),
  Command: Type.Literal('set-power'),
  Enabled: Type.Boolean(),
});
export type SetPowerCommand = Static<typeof SetPowerCommand>;

/** Faults the simulator can be told to play (real devices ignore `down/simulate`). */
export const SIMULATED_FAULTS = ['offline', 'power-failure', 'low-voltage', 'none'] as const;
export type SimulatedFault = (typeof SIMULATED_FAULTS)[number];

/** `down/simulate`, and the body of the admin call PUT /admin/simulator/{key}. */
export const SimulateFault = Type.Object(
  { Fault: Type.Union(SIMULATED_FAULTS.map((fault) => Type.Literal(fault))) },
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
