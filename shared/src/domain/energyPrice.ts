// The user's electricity price and the cost of a plug's consumption at it (docs/product/limits.md "Energy price").
// Electricity is priced to fractions of an öre or cent (e.g. 1.2345 SEK or 0.2785 EUR per kWh), so the price is
// stored in ten-thousandths of the currency (hundredths of a minor unit), an integer like every other amount.
// The wire form is `EnergyPrice {PerKwh, Currency}` (contract/user.ts).

/** Decimals a price per kWh may have: four (hundredths of an öre or cent). */
export const ENERGY_PRICE_DIGITS = 4;
/** Stored units in one currency unit (SEK or EUR). */
export const ENERGY_PRICE_SCALE = 10 ** ENERGY_PRICE_DIGITS;
/** The smallest price: more than nothing (0.0001 per kWh). */
export const ENERGY_PRICE_MIN = 1;
/** The largest price: 100.00 per kWh, far above any tariff, so a misplaced decimal point is caught. */
export const ENERGY_PRICE_MAX = 100 * ENERGY_PRICE_SCALE;

export type EnergyPriceError = 'required' | 'invalid' | 'outOfRange';

/**
 * A typed price per kWh (`1.25`, `1,2345`, ` 0.3 `) in stored units; either decimal mark, no thousands separators,
 * at most four decimals. `invalid` for anything else, `outOfRange` outside (0, 100] per kWh.
 */
export function parseEnergyPrice(text: string): { perKwh: number } | { error: EnergyPriceError } {
  const value = text.trim();
  if (!value) return { error: 'required' };
  const match = /^(\d{1,6})(?:[.,](\d{1,4}))?$/.exec(value);
  if (!match) return { error: 'invalid' };
  const [, whole, fraction = ''] = match;
  const perKwh = Number(whole) * ENERGY_PRICE_SCALE + Number(fraction.padEnd(ENERGY_PRICE_DIGITS, '0'));
  return isEnergyPriceInRange(perKwh) ? { perKwh } : { error: 'outOfRange' };
}

export function isEnergyPriceInRange(perKwh: number): boolean {
  return Number.isInteger(perKwh) && perKwh >= ENERGY_PRICE_MIN && perKwh <= ENERGY_PRICE_MAX;
}

/** The price per kWh as a currency number for Intl (12345 → 1.2345). */
export function energyPriceAmount(perKwh: number): number {
  return perKwh / ENERGY_PRICE_SCALE;
}

/** The price as the form shows it, with the locale's decimal mark and no trailing zeros beyond two (2500 → '0.25'). */
export function energyPriceInput(perKwh: number, decimalMark = '.'): string {
  let text = energyPriceAmount(perKwh).toFixed(ENERGY_PRICE_DIGITS);
  while (text.endsWith('0') && text.length - text.indexOf('.') > 3) text = text.slice(0, -1);
  return text.replace('.', decimalMark);
}

/** The cost of an energy in Wh at a price, as a currency number for Intl (1500 Wh at 2.50 per kWh → 3.75). */
export function energyCost(wattHours: number, perKwh: number): number {
  return ((wattHours / 1000) * perKwh) / ENERGY_PRICE_SCALE;
}

/**
 * The energy used over a window from a plug's meter readings in time order (docs/product/products/smartplug.md: Consumption is
 * the meter since its last reset, in Wh). Every rise counts; a drop is a reset, after which the meter counted up from 0
 * to the new reading. Gaps (null) are skipped. Null with fewer than two readings: nothing can be said about the window.
 */
export function consumptionInWindow(readings: readonly (readonly [number, number | null])[]): number | null {
  let previous: number | null = null;
  let used = 0;
  let seen = 0;
  for (const [, reading] of readings) {
    if (reading === null) continue;
    seen += 1;
    if (previous !== null) used += reading >= previous ? reading - previous : reading;
    previous = reading;
  }
  return seen < 2 ? null : used;
}
