// What the server knows of one product beyond the shared registry (@paddock/shared/domain PRODUCTS): its request
// bodies, a new device's fields, how an update body splits into changes, and what its uplinks carry.
import type { ConfigReport } from '@paddock/shared/contract';
import { isKnownTimeZone, isValidSunSchedule, type FieldsPatch, type ProductId } from '@paddock/shared/domain';
import { badRequest } from '../../http/errors';
import type { TSchema } from '@sinclair/typebox';
import type { DeviceChanges, UpdateBody } from '../changes';

export interface ServerProduct<P extends ProductId> {
  id: P;
  /** The registration body (docs/product/api.md). */
  registerBody: TSchema;
  /** The update body (docs/product/api.md). */
  updateBody: TSchema;
  /** A newly registered device's product fields: nothing reported yet, alarms off, relays on. */
  initialFields(): Record<string, unknown>;
  /** Splits the product's update body into metadata, plan and field changes; 400 for bounds out of order. */
  changesOf(body: UpdateBody): DeviceChanges;
  /**
   * The alarm settings (docs/product/roles.md Alarms and sharing): only the owner (or an admin) may change them, anyone
   * else gets 403 naming the body field. Body field → the dotted path of the stored field it changes.
   */
  ownerOnlyFields?: Readonly<Record<string, string>>;
  /** The fields the server derives from the others, recomputed after an update changed them (FarmCam SIM: data left, alert state). */
  settledFields?(fields: Record<string, unknown>): FieldsPatch;
  /**
   * What the server stores with a reading in the history besides the reading itself, from the fields after it was
   * applied (FarmCam SIM: the data left, which the network does not report).
   */
  readingHistory?(fields: Record<string, unknown>, reading: Record<string, unknown>): Record<string, unknown>;
  /** The body field that carries the next plan: named in the 403 when someone other than the owner changes it. */
  planField: 'PriceId' | 'Subscription';
  /**
   * The relay state an update asks for when the product switches by a command the device must acknowledge before
   * anything is saved (SmartPlug2's DeviceConfig.OutputPower); undefined: no switch asked.
   */
  powerCommand?(fields: Record<string, unknown>): boolean | undefined;
  /** Switched by its own call, PUT /<collection>/{imei}/power-enabled, answered once the device acknowledges. */
  powerEnabledCall: boolean;
  /**
   * For a product whose info says `consumptionReset` (staff's POST /<collection>/{imei}/consumption/reset, a
   * `reset-consumption` command the device must acknowledge, docs/protocol.md): the fields the ack sets.
   */
  consumptionResetFields?(): FieldsPatch;
  /** The fields a configuration report the device confirmed sets besides ConfigSync. */
  confirmedConfig?(report: ConfigReport): FieldsPatch;
  /** The demo inventory (devices/inventory.ts): its keys start with `keyPrefix`; the demo user's device is `name`. */
  demo: { keyPrefix: string; name: string };
  /** How the device simulator (server/src/simulator) plays the product. */
  simulation: Simulation;
}

export type Simulation = {
  /** The firmware version a simulated device reports in its status. */
  firmware: string;
} & (
  | { model: 'sim' }
  /** reportsBattery: the reading carries the battery voltage and RSSI besides the fence voltage. */
  | { model: 'fence'; reportsBattery: boolean }
  /** A heater has a temperature sensor and runs longer when colder; a pump runs a fixed share of its cycle. */
  | { model: 'plug'; appliance: 'heater' | 'pump' }
);

/** An alarm switched off and not triggered. */
export const ALARM_OFF = { Enabled: false, Triggered: false } as const;
/** A timer with no switching times. */
export const EMPTY_TIMER = { Enabled: false, On: [], Off: [] } as const;

/**
 * A timer or thermostat as an update saves it (docs/product/validation.md): its TimeZone must be a zone the server
 * knows (400 naming `<field>.TimeZone`). One sent without a zone is the old UTC form, so a zone saved before is
 * dropped rather than merged in (it would move every time).
 */
export function zonedRules<T extends { TimeZone?: string }>(field: string, rules: T): T {
  if (rules.TimeZone !== undefined && !isKnownTimeZone(rules.TimeZone)) {
    throw badRequest('invalid_field', `${field}.TimeZone`, { field: `${field}.TimeZone` });
  }
  return { ...rules, TimeZone: rules.TimeZone };
}

/**
 * A timer as an update saves it: zoned (zonedRules), and with a Location whenever it has a sun entry, since the plug
 * computes sunrise and sunset from it (docs/product/sun-timers.md; 400 naming `<field>.Location`). A timer without
 * sun entries keeps no location.
 */
export function savedTimer<T extends { On: string[]; Off: string[]; TimeZone?: string; Location?: unknown }>(field: string, timer: T): T {
  const zoned = zonedRules(field, timer);
  const hasSun = [...timer.On, ...timer.Off].some(isValidSunSchedule);
  if (hasSun && !timer.Location) throw badRequest('missing_field', `${field}.Location`, { field: `${field}.Location` });
  return { ...zoned, Location: hasSun ? timer.Location : undefined };
}
