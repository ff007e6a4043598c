// What SmartPlug and SmartPlug2 share in their rules (docs/product/devices.md, docs/protocol.md): the live values a
// plug reports and its timer as the configuration carries it. No schema (plugContract.ts has the shared fields).
import type { Timer } from '../contract/devices';

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

/** The timer as the device's configuration carries it: a copy of the saved one, with its zone (docs/protocol.md; none: UTC) and location. */
export function timerConfig(timer: Timer): Timer {
  return {
    Enabled: timer.Enabled,
    On: [...timer.On],
    Off: [...timer.Off],
    ...(timer.TimeZone ? { TimeZone: timer.TimeZone } : {}),
    // docs/protocol.md "Sun entries": the plug computes sunrise and sunset itself, from here.
    ...(timer.Location ? { Location: { Latitude: timer.Location.Latitude, Longitude: timer.Location.Longitude } } : {}),
  };
}
