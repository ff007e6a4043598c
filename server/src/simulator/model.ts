// Believable values for simulated devices. Pure: every function takes the model and a random source and returns a
// new model, so a seeded source (seededRng) replays the same run. Time only moves through `seconds` and `at`.
//
// - Fence: the energiser's clean-fence voltage (6.3–7 kV) sags as vegetation grows onto the wire, and recovers
//   when the farmer mows; FenceAlarm's battery drains 12.6 → 11.8 V and recharges (solar), its RSSI wanders.
// - Plug: the appliance cycles like a heater (SmartPlug, longer when colder) or a pump (SmartPlug2); 0 W when the
//   relay is off or the mains are gone; consumption integrates the load; the SmartPlug's temperature follows a
//   daily curve (warmest 15:00 UTC).
// - FarmCam SIM: the camera uses data as a trickle plus picture uploads; the network reports its usage counter (bytes
//   since activation, never going down). The balance is the server's (docs/product/products/farmcam-sim.md Data
//   account), so the counter starts where the SIM's usage since a fixed activation date would be: a restarted
//   simulator goes on from about the same count instead of reporting a smaller one.
import type { ProductId } from '@paddock/shared/domain';
import { SERVER_PRODUCTS } from '../devices';
import type { Fault, Reading } from './wire';

/** A random number in [0, 1). */
export type Rng = () => number;

/** A deterministic random source seeded from a string (FNV-1a hash into mulberry32). */
export function seededRng(seed: string): Rng {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) hash = Math.imul(hash ^ seed.charCodeAt(i), 0x01000193);
  let state = hash >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const between = (rng: Rng, min: number, max: number) => min + (max - min) * rng();
const noise = (rng: Rng, amplitude: number) => (rng() * 2 - 1) * amplitude;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const roundTo = (value: number, decimals: number) => Number(value.toFixed(decimals));

/** Sensors resolve below their last digit, so a repeat of the last reported value moves by one step (up or down). */
function moved(value: number, last: number | null, step: number, rng: Rng): number {
  if (last === null || value !== last) return value;
  return roundTo(value + (rng() < 0.5 ? -step : step), Math.max(0, -Math.floor(Math.log10(step))));
}

/** A mean-reverting random walk in whole steps that never stands still (signal strength, RSSI). */
function wander(current: number, base: number, spread: number, rng: Rng, maxStep: number): number {
  const size = 1 + Math.floor(rng() * maxStep);
  // Pulled towards the base: the further away, the likelier the step goes back.
  const towardsBase = Math.sign(base - current) || (rng() < 0.5 ? 1 : -1);
  const direction = rng() < 0.5 + Math.min(0.4, Math.abs(base - current) / (2 * spread)) ? towardsBase : -towardsBase;
  const next = current + direction * size;
  return next > base + spread || next < base - spread ? current - direction * size : next;
}

// ---- Fence ------------------------------------------------------------------------------------------------------

export const FENCE_SAG_AT_FULL_GROWTH = 0.2;
export const LOW_VOLTAGE = 1500;
export const BATTERY_FULL = 12.6;
export const BATTERY_EMPTY = 11.8;
const BATTERY_DRAIN_PER_HOUR = 0.1;
const BATTERY_CHARGE_PER_HOUR = 0.4;

export interface FenceModel {
  kind: 'fence';
  product: ProductId;
  /** The reading carries battery and RSSI too (FenceAlarm). */
  reportsBattery: boolean;
  /** V on a clean fence. */
  cleanVoltage: number;
  /** Vegetation on the wire: 0 just mowed, 1 fully grown. */
  vegetation: number;
  growthPerHour: number;
  /** The vegetation at which the farmer mows next. */
  mowAt: number;
  battery: number;
  charging: boolean;
  rssiBase: number;
  rssi: number;
  lastVoltage: number | null;
}

/** Vegetation grows and is mowed; the battery drains or charges. */
export function advanceFence(model: FenceModel, seconds: number, rng: Rng): FenceModel {
  const hours = seconds / 3600;
  let { vegetation, mowAt, battery, charging } = model;
  vegetation += model.growthPerHour * hours * between(rng, 0.5, 1.5);
  if (vegetation >= mowAt) {
    vegetation = between(rng, 0, 0.05);
    mowAt = between(rng, 0.6, 1);
  }
  battery += (charging ? BATTERY_CHARGE_PER_HOUR : -BATTERY_DRAIN_PER_HOUR) * hours;
  if (battery <= BATTERY_EMPTY) [battery, charging] = [BATTERY_EMPTY, true];
  if (battery >= BATTERY_FULL) [battery, charging] = [BATTERY_FULL, false];
  return { ...model, vegetation, mowAt, battery, charging };
}

/** The fence voltage a sensor measures now: sagged by vegetation, about 1500 V under a low-voltage fault. */
export function fenceVoltage(model: FenceModel, fault: Fault, rng: Rng): number {
  const level =
    fault === 'low-voltage'
      ? LOW_VOLTAGE + noise(rng, 60)
      : model.cleanVoltage * (1 - FENCE_SAG_AT_FULL_GROWTH * model.vegetation) + noise(rng, 50);
  return moved(Math.round(level), model.lastVoltage, 1, rng);
}

// ---- Plug -------------------------------------------------------------------------------------------------------

export interface PlugModel {
  kind: 'plug';
  product: ProductId;
  /** A heater (SmartPlug: a temperature sensor, a duty that grows as it gets colder), else a pump. */
  heater: boolean;
  /** W while the appliance runs. */
  ratedLoad: number;
  /** W while it idles with the relay on. */
  idleLoad: number;
  cycleSeconds: number;
  /** Share of a cycle the appliance runs (a heater's grows as it gets colder). */
  duty: number;
  /** Seconds into the current cycle. */
  phase: number;
  /** Wh, monotonic. */
  consumption: number;
  /** °C: the daily mean and half the day's swing. */
  meanTemperature: number;
  temperatureSwing: number;
  signalBase: number;
  signal: number;
  lastTemperature: number | null;
}

export interface PlugInputs {
  relay: boolean;
  mains: boolean;
}

/** Seconds the appliance runs within [start, start + length) of its cycle. */
export function runningSeconds(start: number, length: number, cycle: number, duty: number): number {
  const on = cycle * duty;
  const runningUntil = (t: number) => Math.floor(t / cycle) * on + Math.min(t - Math.floor(t / cycle) * cycle, on);
  return runningUntil(start + length) - runningUntil(start);
}

const isRunning = (model: PlugModel) => model.phase < model.cycleSeconds * model.duty;

/** The load now (W): 0 with the relay off or no mains, else the running or idle draw with noise. */
export function plugLoad(model: PlugModel, inputs: PlugInputs, rng: Rng): number {
  if (!inputs.relay || !inputs.mains) return 0;
  return isRunning(model) ? Math.round(model.ratedLoad * (1 + noise(rng, 0.03))) : Math.max(1, Math.round(model.idleLoad + noise(rng, 1)));
}

/** The heater's share of a cycle at a temperature: a quarter at 12 °C, more when colder. */
export function heaterDuty(temperature: number): number {
  return clamp(0.3 + (12 - temperature) * 0.03, 0.15, 0.85);
}

/** The appliance's cycle started now: it runs for the cycle's duty share from here (down/simulate StartAppliance). */
export const startCycle = (model: PlugModel): PlugModel => ({ ...model, phase: 0 });

/** The appliance cycles on and consumption grows by what it drew (nothing with the relay off or no mains). */
export function advancePlug(model: PlugModel, seconds: number, inputs: PlugInputs, rng: Rng): PlugModel {
  const powered = inputs.relay && inputs.mains;
  const running = runningSeconds(model.phase, seconds, model.cycleSeconds, model.duty);
  const wattSeconds = powered ? running * model.ratedLoad + (seconds - running) * model.idleLoad : 0;
  const phase = (model.phase + seconds) % model.cycleSeconds;
  // A new cycle is a little longer or shorter than the last.
  const cycleSeconds = phase < model.phase ? clamp(model.cycleSeconds * between(rng, 0.9, 1.1), 120, 1800) : model.cycleSeconds;
  return { ...model, phase: Math.min(phase, cycleSeconds - 1), cycleSeconds, consumption: model.consumption + wattSeconds / 3600 };
}

/** The daily temperature curve at a moment, warmest at 15:00 UTC, without noise. */
export function dailyTemperature(model: Pick<PlugModel, 'meanTemperature' | 'temperatureSwing'>, at: Date): number {
  const hour = at.getUTCHours() + at.getUTCMinutes() / 60;
  return model.meanTemperature + model.temperatureSwing * Math.cos(((hour - 15) / 24) * 2 * Math.PI);
}

/** What the plug's sensor measures now (°C, one decimal). */
export function plugTemperature(model: PlugModel, at: Date, rng: Rng): number {
  return moved(roundTo(dailyTemperature(model, at) + noise(rng, 0.2), 1), model.lastTemperature, 0.1, rng);
}

// ---- FarmCam SIM ------------------------------------------------------------------------------------------------

export interface SimModel {
  kind: 'sim';
  product: ProductId;
  /** Bytes used since the SIM was activated (the network's counter). */
  used: number;
  /** Average background traffic, bytes per second. */
  trickle: number;
}

const MB = 1_000_000;
/** When the simulated SIMs were activated: their counters count from here. */
export const SIM_ACTIVATED_AT = Date.parse('2026-01-01T00:00:00Z');
/** About one picture a minute of 0.5 to 3 MB (advanceSim). */
const PICTURE_BYTES_PER_SECOND = (1.75 * MB) / 60;

/** A SIM's counter as of `at`: its average use since SIM_ACTIVATED_AT. */
export function simUsageAt(trickle: number, at: Date): number {
  return Math.round((Math.max(0, at.getTime() - SIM_ACTIVATED_AT) / 1000) * (trickle + PICTURE_BYTES_PER_SECOND));
}

/** Data is used: background traffic every second, and now and then a picture upload (about one a minute). */
export function advanceSim(model: SimModel, seconds: number, rng: Rng): SimModel {
  let used = Math.max(1, Math.round(model.trickle * seconds * between(rng, 0.5, 1.5)));
  if (rng() < 1 - Math.exp(-seconds / 60)) used += Math.round(between(rng, 0.5, 3) * MB);
  return { ...model, used: model.used + used };
}

// ---- Any product ------------------------------------------------------------------------------------------------

export type DeviceModel = FenceModel | PlugModel | SimModel;

/**
 * A device's starting point, drawn from `rng` (seed it with the key for the same device every run); a SIM's usage
 * counter is where it would be `at` (default: at activation, 0).
 */
export function createModel(product: ProductId, rng: Rng, at = new Date(SIM_ACTIVATED_AT)): DeviceModel {
  const simulation = SERVER_PRODUCTS[product].simulation;
  switch (simulation.model) {
    case 'fence': {
      const rssiBase = Math.round(between(rng, -85, -60));
      return {
        kind: 'fence',
        product,
        reportsBattery: simulation.reportsBattery,
        cleanVoltage: Math.round(between(rng, 6300, 7000)),
        vegetation: between(rng, 0, 0.6),
        growthPerHour: between(rng, 0.15, 0.3),
        mowAt: between(rng, 0.6, 1),
        battery: between(rng, 11.9, BATTERY_FULL),
        charging: rng() < 0.3,
        rssiBase,
        rssi: rssiBase,
        lastVoltage: null,
      };
    }
    case 'plug': {
      const heater = simulation.appliance === 'heater';
      const signalBase = Math.round(between(rng, 55, 90));
      const cycleSeconds = Math.round(heater ? between(rng, 600, 1200) : between(rng, 240, 480));
      return {
        kind: 'plug',
        product,
        heater,
        ratedLoad: heater ? Math.round(between(rng, 20, 40)) * 50 : Math.round(between(rng, 25, 75)) * 10,
        idleLoad: Math.round(between(rng, 1, 4)),
        cycleSeconds,
        duty: heater ? 0.4 : between(rng, 0.25, 0.4),
        phase: between(rng, 0, cycleSeconds),
        consumption: Math.round(between(rng, 5_000, 60_000)),
        meanTemperature: between(rng, 2, 10),
        temperatureSwing: between(rng, 3, 6),
        signalBase,
        signal: signalBase,
        lastTemperature: null,
      };
    }
    case 'sim': {
      const trickle = between(rng, 2_000, 8_000);
      return { kind: 'sim', product, used: simUsageAt(trickle, at), trickle };
    }
  }
}

export interface StepInput {
  /** Seconds since the last step. */
  seconds: number;
  /** When the reading is measured. */
  at: Date;
  fault: Fault;
  /** Plugs: the relay (PowerEnabled). */
  relay: boolean;
  /** SmartPlug: the temperature measured for this step (plugTemperature), so the thermostat and the reading agree. */
  temperature?: number;
}

/** Moves a device's model on by `seconds` and measures a reading at `at`. */
export function step(model: DeviceModel, input: StepInput, rng: Rng): { model: DeviceModel; reading: Reading } {
  const At = input.at.toISOString();
  const seconds = Math.max(0, input.seconds);
  switch (model.kind) {
    case 'fence': {
      const next = advanceFence(model, seconds, rng);
      const Voltage = fenceVoltage(next, input.fault, rng);
      const fence = { ...next, lastVoltage: Voltage };
      if (!model.reportsBattery) return { model: fence, reading: { At, Voltage } };
      const rssi = wander(fence.rssi, fence.rssiBase, 8, rng, 2);
      const Battery = roundTo(fence.battery + noise(rng, 0.02), 2);
      return { model: { ...fence, rssi }, reading: { At, Voltage, Battery, Rssi: rssi } };
    }
    case 'plug': {
      const inputs = { relay: input.relay, mains: input.fault !== 'power-failure' };
      const { heater } = model;
      const Temperature = input.temperature ?? plugTemperature(model, input.at, rng);
      const duty = heater ? heaterDuty(Temperature) : model.duty;
      const next = { ...advancePlug(model, seconds, inputs, rng), duty, lastTemperature: Temperature };
      const signal = wander(next.signal, next.signalBase, 10, rng, 3);
      const reading = {
        At,
        Load: plugLoad(next, inputs, rng),
        Consumption: Math.floor(next.consumption),
        ...(heater ? { Temperature } : {}),
        SignalStrength: clamp(signal, 0, 100),
        PowerEnabled: input.relay,
        MainsPower: inputs.mains,
      };
      return { model: { ...next, signal }, reading };
    }
    case 'sim': {
      const next = advanceSim(model, seconds, rng);
      return { model: next, reading: { At, UsedData: next.used } };
    }
  }
}
