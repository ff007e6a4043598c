// What SmartPlug and SmartPlug2 share (docs/product/devices.md, docs/protocol.md): the live values a plug reports,
// its timer, and the parts of its representation that come with them.
import { Type } from '@sinclair/typebox';
import { Nullable, type Timer } from '../contract/devices';
import { Amount, MeasuredAt } from '../contract/deviceProtocol';

/** The first fields of a plug's representation, both generations (each goes on with its own, in wire order). */
export const plugFields = {
  Imei: Type.String(),
  /** W and Wh; null before the first uplink. */
  Load: Nullable(Type.Number()),
  Consumption: Nullable(Type.Number()),
};

/** The `up/reading` of a plug (SmartPlug adds its temperature). */
export const plugReadingFields = {
  At: MeasuredAt,
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

interface PlugReading {
  Load: number;
  Consumption: number;
  SignalStrength: number;
  PowerEnabled: boolean;
}

/** The live values every plug reading sets. */
export function plugLiveValues(reading: PlugReading) {
  return { Load: reading.Load, Consumption: reading.Consumption, SignalStrength: reading.SignalStrength, PowerEnabled: reading.PowerEnabled };
}

/** The timer as the device's configuration carries it: a copy of the saved one, with its zone (docs/protocol.md; none: UTC). */
export function timerConfig(timer: Timer): Timer {
  return { Enabled: timer.Enabled, On: [...timer.On], Off: [...timer.Off], ...(timer.TimeZone ? { TimeZone: timer.TimeZone } : {}) };
}
