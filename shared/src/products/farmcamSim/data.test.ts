import { dataGranted, initialSimData, parseDataAlertThreshold, remainingAtReading, settledSimData, usageReported } from './data';

const alert = (ThresholdMb: number, Triggered = false, Enabled = true) => ({ Enabled, ThresholdMb, Triggered });
const apply = (fields: Record<string, unknown>, patch: Record<string, unknown>) => ({ ...fields, ...patch });

describe('a FarmCam SIM data account', () => {
  it('starts with the registration trial data, nothing used, the alert off at 100 MB', () => {
    expect(initialSimData()).toEqual({
      UsedData: null,
      DataLimit: 1_000_000_000,
      RemainingData: 1_000_000_000,
      DataAlert: { Enabled: false, ThresholdMb: 100, Triggered: false },
    });
  });

  it('takes the first counter as its baseline: what was used before registration is not counted', () => {
    const first = usageReported(initialSimData(), 70_000_000_000);
    expect(first).toMatchObject({ UsedData: 70_000_000_000, DataLimit: 71_000_000_000, RemainingData: 1_000_000_000 });
    expect(usageReported(apply(initialSimData(), first), 70_300_000_000)).toMatchObject({ RemainingData: 700_000_000 });
  });

  it('keeps the largest counter: a duplicated or older reading changes nothing', () => {
    const fields = { UsedData: 500, DataLimit: 2_000, DataAlert: alert(100) };
    const newer = apply(fields, usageReported(fields, 800));
    expect(newer).toMatchObject({ UsedData: 800, RemainingData: 1_200 });
    expect(apply(newer, usageReported(newer, 800))).toEqual(newer);
    expect(apply(newer, usageReported(newer, 600))).toEqual(newer);
  });

  it('never shows less than 0 left', () => {
    expect(usageReported({ UsedData: 0, DataLimit: 1_000 }, 5_000)).toMatchObject({ RemainingData: 0 });
  });

  it('grows by exactly what is granted, and a reading after it does not take it back', () => {
    const fields = { UsedData: 900, DataLimit: 1_000, RemainingData: 100, DataAlert: alert(1) };
    const bought = apply(fields, dataGranted(fields, 1_000_000_000));
    expect(bought).toMatchObject({ RemainingData: 1_000_000_100, DataLimit: 1_000_001_000 });
    expect(usageReported(bought, 950)).toMatchObject({ RemainingData: 1_000_000_050 });
  });

  it('grants from 0 when the network counted past the limit', () => {
    expect(dataGranted({ UsedData: 1_500, DataLimit: 1_000 }, 2_000)).toMatchObject({ DataLimit: 3_500, RemainingData: 2_000 });
  });

  it('keeps what a SIM stored before the server owned the balance: its RemainingData becomes the limit', () => {
    const legacy = { RemainingData: 2_500_000_000 };
    expect(usageReported(legacy, 9_000_000)).toMatchObject({ UsedData: 9_000_000, RemainingData: 2_500_000_000 });
    expect(dataGranted(legacy, 1_000_000_000)).toMatchObject({ RemainingData: 3_500_000_000 });
  });

  it('raises the data alert below its threshold and clears it at or above, whatever moved', () => {
    const fields = { UsedData: 0, DataLimit: 150_000_000, DataAlert: alert(100) };
    const below = apply(fields, usageReported(fields, 60_000_000));
    expect(below).toMatchObject({ RemainingData: 90_000_000, DataAlert: alert(100, true) });
    expect(dataGranted(below, 1_000_000_000)).toMatchObject({ DataAlert: alert(100, false) });
    expect(settledSimData({ ...below, DataAlert: alert(50, true) })).toMatchObject({ DataAlert: alert(50, false) });
    expect(settledSimData({ ...fields, DataAlert: alert(200, false, false) })).toMatchObject({ DataAlert: alert(200, true, false) });
  });

  it('charts a reading as the data left at its own counter', () => {
    expect(remainingAtReading({ UsedData: 900, DataLimit: 1_000 }, 700)).toBe(300);
    expect(remainingAtReading({ UsedData: 900, DataLimit: 1_000 }, 1_200)).toBe(0);
  });
});

test('the threshold typed on the settings page: whole MB from 1 to 1,000,000', () => {
  expect(parseDataAlertThreshold(' 250 ')).toBe(250);
  expect(parseDataAlertThreshold('1')).toBe(1);
  expect(parseDataAlertThreshold('1000000')).toBe(1_000_000);
  for (const input of ['', '0', '1000001', '2.5', '-3', '12 MB']) expect(parseDataAlertThreshold(input)).toBeNull();
});
