import {
  ENERGY_PRICE_MAX,
  consumptionInWindow,
  energyCost,
  energyPriceAmount,
  energyPriceInput,
  isEnergyPriceInRange,
  parseEnergyPrice,
} from './energyPrice';

describe('parseEnergyPrice', () => {
  test('reads either decimal mark, up to four decimals, in ten-thousandths of the currency', () => {
    expect(parseEnergyPrice('2.5')).toEqual({ perKwh: 25000 });
    expect(parseEnergyPrice(' 1,2345 ')).toEqual({ perKwh: 12345 });
    expect(parseEnergyPrice('0.0001')).toEqual({ perKwh: 1 });
    expect(parseEnergyPrice('100')).toEqual({ perKwh: ENERGY_PRICE_MAX });
  });

  test('refuses empty, malformed, too precise, zero and above 100 per kWh', () => {
    expect(parseEnergyPrice('  ')).toEqual({ error: 'required' });
    for (const text of ['abc', '1.2.3', '-1', '1,000.5', '0.12345', '1e3', '.5'])
      expect(parseEnergyPrice(text)).toEqual({ error: 'invalid' });
    expect(parseEnergyPrice('0')).toEqual({ error: 'outOfRange' });
    expect(parseEnergyPrice('0,0000')).toEqual({ error: 'outOfRange' });
    expect(parseEnergyPrice('100.0001')).toEqual({ error: 'outOfRange' });
  });
});

test('the range is (0, 100] per kWh in whole units', () => {
  expect(isEnergyPriceInRange(1)).toBe(true);
  expect(isEnergyPriceInRange(ENERGY_PRICE_MAX)).toBe(true);
  expect(isEnergyPriceInRange(0)).toBe(false);
  expect(isEnergyPriceInRange(ENERGY_PRICE_MAX + 1)).toBe(false);
  expect(isEnergyPriceInRange(1.5)).toBe(false);
});

test('the form shows at least two and at most four decimals, with the locale’s mark', () => {
  expect(energyPriceInput(25000)).toBe('2.50');
  expect(energyPriceInput(12345, ',')).toBe('1,2345');
  expect(energyPriceInput(12340)).toBe('1.234');
  expect(energyPriceAmount(12345)).toBe(1.2345);
});

test('the cost of Wh at a price per kWh, in currency units', () => {
  expect(energyCost(1500, 25000)).toBeCloseTo(3.75);
  expect(energyCost(35012, 2785)).toBeCloseTo(9.750842, 6);
  expect(energyCost(0, 25000)).toBe(0);
});

describe('consumptionInWindow', () => {
  test('the rise of the meter over the window', () => {
    expect(
      consumptionInWindow([
        [1, 1000],
        [2, 1200],
        [3, 1500],
      ]),
    ).toBe(500);
  });

  test('a drop is a reset: the meter counted from 0 to the reading after it; gaps are skipped', () => {
    expect(
      consumptionInWindow([
        [1, 1000],
        [2, 1200],
        [3, null],
        [4, 50],
        [5, 80],
      ]),
    ).toBe(200 + 50 + 30);
  });

  test('fewer than two readings say nothing about the window', () => {
    expect(consumptionInWindow([])).toBeNull();
    expect(
      consumptionInWindow([
        [1, 1000],
        [2, null],
      ]),
    ).toBeNull();
  });
});
