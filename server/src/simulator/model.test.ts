import {
  advanceFence,
  advancePlug,
  startCycle,
  advanceSim,
  BATTERY_EMPTY,
  BATTERY_FULL,
  createModel,
  dailyTemperature,
  fenceVoltage,
  heaterDuty,
  runningSeconds,
  seededRng,
  SIM_ACTIVATED_AT,
  simUsageAt,
  step,
  type DeviceModel,
  type FenceModel,
  type PlugModel,
  type SimModel,
} from './model';
import type { Fault, Reading } from './wire';
import { READING_SCHEMAS, type FencealarmReading, type SmartplugReading } from '@paddock/shared/contract';
import { PRODUCT_IDS, type ProductId } from '@paddock/shared/domain';
import { parsePayload } from '../devices/gateway/payloads';

const START = new Date('2026-03-02T06:00:00Z');

/** Readings of a device every `seconds`, as the simulator takes them. */
function run(product: ProductId, count: number, seconds: number, input: { relay?: boolean; fault?: Fault } = {}, seed = 'test') {
  const rng = seededRng(seed);
  let model: DeviceModel = createModel(product, seededRng(`model-${seed}`));
  const readings: Reading[] = [];
  for (let i = 1; i <= count; i++) {
    const at = new Date(START.getTime() + i * seconds * 1000);
    const result = step(model, { seconds, at, fault: input.fault ?? 'none', relay: input.relay ?? true }, rng);
    model = result.model;
    readings.push(result.reading);
  }
  return { readings, model };
}

const values = (reading: Reading) => Object.entries(reading).filter(([field]) => field !== 'At');

describe('seededRng', () => {
  it('replays the same numbers for the same seed and differs between seeds', () => {
    const a = seededRng('350000100001');
    const b = seededRng('350000100001');
    const c = seededRng('350000100002');
    const first = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(first);
    expect(Array.from({ length: 5 }, c)).not.toEqual(first);
    first.forEach((n) => expect(n >= 0 && n < 1).toBe(true));
  });
});

describe('every product', () => {
  it.each(PRODUCT_IDS)('%s: the same seeds give the same readings', (product) => {
    expect(run(product, 5, 10).readings).toEqual(run(product, 5, 10).readings);
  });

  it.each(PRODUCT_IDS)('%s: a measured value changes between every two consecutive readings', (product) => {
    for (const input of [{ relay: true }, { relay: false }]) {
      const { readings } = run(product, 200, 10, input);
      for (let i = 1; i < readings.length; i++) expect(values(readings[i])).not.toEqual(values(readings[i - 1]));
    }
  });

  it.each(PRODUCT_IDS)('%s: the reading has the fields of docs/protocol.md and At is the measuring time', (product) => {
    const [reading] = run(product, 1, 10).readings;
    const fields: Record<ProductId, string[]> = {
      'farmcam-sim': ['At', 'UsedData'],
      fencealarm: ['At', 'Voltage', 'Battery', 'Rssi'],
      fencealarm2: ['At', 'Voltage'],
      smartplug: ['At', 'Load', 'Consumption', 'Temperature', 'SignalStrength', 'PowerEnabled', 'MainsPower'],
      smartplug2: ['At', 'Load', 'Consumption', 'SignalStrength', 'PowerEnabled', 'MainsPower'],
    };
    expect(Object.keys(reading).sort()).toEqual([...fields[product]].sort());
    expect(reading.At).toBe(new Date(START.getTime() + 10_000).toISOString());
  });
});

describe('fence', () => {
  const fence = (over: Partial<FenceModel> = {}): FenceModel => ({
    ...(createModel('fencealarm', seededRng('f')) as FenceModel),
    ...over,
  });

  it('stays around 5–7 kV over two days of readings, with a mean near the clean voltage minus the sag', () => {
    for (const product of ['fencealarm', 'fencealarm2'] as const) {
      const { readings } = run(product, 2 * 24 * 60, 60);
      const volts = readings.map((r) => (r as FencealarmReading).Voltage);
      expect(Math.min(...volts)).toBeGreaterThan(4900);
      expect(Math.max(...volts)).toBeLessThan(7100);
    }
  });

  it('sags as vegetation grows and recovers when mowed', () => {
    const rng = seededRng('grow');
    const grown = advanceFence(fence({ vegetation: 0, mowAt: 0.9, growthPerHour: 0.2 }), 3 * 3600, rng);
    expect(grown.vegetation).toBeGreaterThan(0.25);
    expect(grown.vegetation).toBeLessThan(0.9);
    const quiet = () => 0.5; // noise 0
    expect(fenceVoltage(grown, 'none', quiet)).toBeLessThan(fenceVoltage(fence({ vegetation: 0 }), 'none', quiet));
    const mowed = advanceFence({ ...grown, vegetation: 0.89 }, 3600, rng);
    expect(mowed.vegetation).toBeLessThan(0.1);
    expect(mowed.mowAt).toBeGreaterThanOrEqual(0.6);
  });

  it('reads about 1500 V on a low-voltage fault, on both fence products', () => {
    for (const product of ['fencealarm', 'fencealarm2'] as const) {
      const { readings } = run(product, 20, 10, { fault: 'low-voltage' });
      for (const reading of readings) expect(Math.abs((reading as FencealarmReading).Voltage - 1500)).toBeLessThanOrEqual(61);
    }
  });

  it('drains the battery to 11.8 V, recharges it to 12.6 V, and never leaves that band', () => {
    const rng = seededRng('battery');
    let model = fence({ battery: 12.0, charging: false });
    const seen: number[] = [];
    let recharged = false;
    for (let hour = 0; hour < 24; hour++) {
      const next = advanceFence(model, 3600, rng);
      if (model.charging && next.battery > model.battery) recharged = true;
      model = next;
      seen.push(model.battery);
    }
    expect(Math.min(...seen)).toBe(BATTERY_EMPTY);
    expect(Math.max(...seen)).toBe(BATTERY_FULL);
    expect(recharged).toBe(true);
    const { readings } = run('fencealarm', 500, 600);
    for (const r of readings as FencealarmReading[]) {
      expect(r.Battery).toBeGreaterThanOrEqual(BATTERY_EMPTY - 0.02);
      expect(r.Battery).toBeLessThanOrEqual(BATTERY_FULL + 0.02);
      expect(Number.isInteger(r.Rssi)).toBe(true);
      expect(r.Rssi).toBeGreaterThanOrEqual(-93);
      expect(r.Rssi).toBeLessThanOrEqual(-52);
    }
  });
});

describe('plug', () => {
  const plug = (over: Partial<PlugModel> = {}): PlugModel => ({
    ...(createModel('smartplug', seededRng('p')) as PlugModel),
    ratedLoad: 1500,
    idleLoad: 2,
    cycleSeconds: 600,
    duty: 0.5,
    phase: 0,
    consumption: 1000,
    ...over,
  });

  it('counts the running seconds of a duty cycle across cycle boundaries', () => {
    expect(runningSeconds(0, 600, 600, 0.5)).toBe(300);
    expect(runningSeconds(250, 100, 600, 0.5)).toBe(50);
    expect(runningSeconds(550, 100, 600, 0.5)).toBe(50);
    expect(runningSeconds(0, 1800, 600, 0.25)).toBe(450);
  });

  it('integrates the load into consumption (Wh) and adds nothing with the relay off or on a power failure', () => {
    const rng = seededRng('energy');
    // One whole cycle: 300 s at 1500 W and 300 s at 2 W.
    expect(advancePlug(plug(), 600, { relay: true, mains: true }, rng).consumption).toBeCloseTo(1000 + (300 * 1500 + 300 * 2) / 3600, 6);
    expect(advancePlug(plug(), 600, { relay: false, mains: true }, rng).consumption).toBe(1000);
    expect(advancePlug(plug(), 600, { relay: true, mains: false }, rng).consumption).toBe(1000);
  });

  it('started by down/simulate StartAppliance, an idle appliance draws its rated load at once', () => {
    const rng = seededRng('start');
    const idle = plug({ phase: 400 });
    expect(advancePlug(idle, 60, { relay: true, mains: true }, rng).consumption).toBeCloseTo(1000 + (60 * 2) / 3600, 6);
    expect(advancePlug(startCycle(idle), 60, { relay: true, mains: true }, rng).consumption).toBeCloseTo(1000 + (60 * 1500) / 3600, 6);
  });

  it('cycles its load like a heater: full load, then idle, and 0 W with the relay off', () => {
    const { readings } = run('smartplug', 6 * 60, 10);
    const loads = (readings as SmartplugReading[]).map((r) => r.Load);
    expect(loads.some((w) => w >= 900)).toBe(true);
    expect(loads.some((w) => w > 0 && w < 10)).toBe(true);
    expect(run('smartplug', 30, 10, { relay: false }).readings.every((r) => (r as SmartplugReading).Load === 0)).toBe(true);
  });

  it('keeps consumption monotonic', () => {
    const { readings } = run('smartplug2', 500, 10);
    const meter = (readings as SmartplugReading[]).map((r) => r.Consumption);
    for (let i = 1; i < meter.length; i++) expect(meter[i]).toBeGreaterThanOrEqual(meter[i - 1]);
    expect(meter[meter.length - 1]).toBeGreaterThan(meter[0]);
  });

  it('reports a power failure as MainsPower false and 0 W, the relay as it is', () => {
    for (const product of ['smartplug', 'smartplug2'] as const) {
      for (const reading of run(product, 20, 10, { fault: 'power-failure', relay: true }).readings as SmartplugReading[]) {
        expect(reading).toMatchObject({ MainsPower: false, Load: 0, PowerEnabled: true });
      }
      expect(run(product, 1, 10).readings[0]).toMatchObject({ MainsPower: true });
    }
  });

  it('follows a daily temperature curve, warmest in the afternoon, and heats longer when colder', () => {
    const model = { meanTemperature: 5, temperatureSwing: 4 };
    expect(dailyTemperature(model, new Date('2026-03-02T15:00:00Z'))).toBeCloseTo(9, 6);
    expect(dailyTemperature(model, new Date('2026-03-02T03:00:00Z'))).toBeCloseTo(1, 6);
    const { readings } = run('smartplug', 24 * 60, 60);
    const temps = (readings as SmartplugReading[]).map((r) => r.Temperature);
    expect(Math.max(...temps) - Math.min(...temps)).toBeGreaterThan(5);
    expect(heaterDuty(-5)).toBeGreaterThan(heaterDuty(10));
  });

  it('keeps the signal strength a percentage that wanders', () => {
    const signals = (run('smartplug', 300, 10).readings as SmartplugReading[]).map((r) => r.SignalStrength);
    signals.forEach((s) => expect(s >= 0 && s <= 100 && Number.isInteger(s)).toBe(true));
    expect(new Set(signals).size).toBeGreaterThan(5);
  });
});

describe('FarmCam SIM', () => {
  it('reports a usage counter that only grows', () => {
    const { readings } = run('farmcam-sim', 360, 10);
    const used = readings.map((r) => (r as { UsedData: number }).UsedData);
    for (let i = 1; i < used.length; i++) expect(used[i]).toBeGreaterThan(used[i - 1]);
    // A trickle of kilobytes a second plus a picture of 0.5 to 3 MB about once a minute: an hour uses tens of MB.
    expect(used[used.length - 1] - used[0]).toBeGreaterThan(20_000_000);
    expect(used[used.length - 1] - used[0]).toBeLessThan(1_000_000_000);
  });

  it('starts its counter where its use since activation would be, so a restart goes on from about the same count', () => {
    const later = new Date(SIM_ACTIVATED_AT + 30 * 86_400_000);
    const model = createModel('farmcam-sim', seededRng('sim'), later) as SimModel;
    expect(model.used).toBe(simUsageAt(model.trickle, later));
    expect(model.used).toBeGreaterThan(30 * 86_400 * model.trickle);
    const restarted = createModel('farmcam-sim', seededRng('sim'), new Date(later.getTime() + 3_600_000)) as SimModel;
    expect(restarted.used).toBeGreaterThan(model.used);
    expect((createModel('farmcam-sim', seededRng('sim')) as SimModel).used).toBe(0);
  });

  it('adds what a step used to the counter', () => {
    const model: SimModel = { kind: 'sim', product: 'farmcam-sim', used: 10, trickle: 5000 };
    const next = advanceSim(model, 10, seededRng('step'));
    expect(next.used).toBeGreaterThanOrEqual(10 + 25_000);
  });
});

describe('what the server takes', () => {
  it.each(PRODUCT_IDS)('%s: every reading passes the gateway check of contract/deviceProtocol.ts', (product) => {
    for (const fault of ['none', 'power-failure', 'low-voltage'] as const) {
      for (const reading of run(product, 50, 10, { fault }).readings) {
        expect(parsePayload(READING_SCHEMAS[product], JSON.stringify(reading))).toEqual({ ok: true, value: reading });
      }
    }
  });
});
