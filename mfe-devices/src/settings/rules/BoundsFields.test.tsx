import { useState } from 'react';
import { screen } from '@testing-library/react';
import { BoundsFields, boundsInputOf, boundsOfInput, checkBoundsInput, type BoundsInput, type BoundsKind } from './BoundsFields';
import { renderInLocale } from './testing';

function Harness({ kind, initial, showErrors }: { kind: BoundsKind; initial: BoundsInput; showErrors?: boolean }) {
  const [value, setValue] = useState(initial);
  return <BoundsFields kind={kind} name={kind} value={value} onChange={setValue} showErrors={showErrors} />;
}

describe('bound inputs (docs/product/validation.md)', () => {
  test('start from the device’s bounds, or the defaults', () => {
    expect(boundsInputOf('load', { Lower: 100, Upper: 2000 })).toEqual({ lower: '100', upper: '2000' });
    expect(boundsInputOf('load', null)).toEqual({ lower: '0', upper: '3700' });
    expect(boundsInputOf('temperature', undefined)).toEqual({ lower: '-20', upper: '70' });
  });

  test('the bounds to send only when valid', () => {
    expect(boundsOfInput('load', { lower: '10', upper: '3700' })).toEqual({ Lower: 10, Upper: 3700 });
    expect(boundsOfInput('load', { lower: '10', upper: '3701' })).toBeNull();
    expect(boundsOfInput('temperature', { lower: '-', upper: '20' })).toBeNull();
    expect(checkBoundsInput('temperature', { lower: '-21', upper: '70' })).toEqual({ lower: 'belowMinimum', upper: null });
  });

  test('typing keeps only digits and a leading minus', async () => {
    const { user } = renderInLocale(<Harness kind="temperature" initial={{ lower: '', upper: '' }} />);
    const lower = screen.getByLabelText('Lower limit (°C)');
    await user.type(lower, '1a-2,5');
    expect(lower).toHaveValue('125');
    await user.clear(lower);
    await user.type(lower, '-5°');
    expect(lower).toHaveValue('-5');
  });

  test('a field shows its error once left, naming the limit with its unit', async () => {
    const { user } = renderInLocale(<Harness kind="load" initial={{ lower: '0', upper: '3700' }} />);
    const lower = screen.getByLabelText('Lower limit (W)');
    const upper = screen.getByLabelText('Upper limit (W)');
    expect(lower).toHaveAccessibleDescription('From 0 W to 3,700 W');
    await user.clear(upper);
    await user.type(upper, '3800');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.tab();
    expect(upper).toHaveAccessibleDescription('Enter at most 3,700 W.');
    expect(upper).toBeInvalid();
    await user.clear(upper);
    await user.type(upper, '400');
    await user.clear(lower);
    await user.type(lower, '500');
    await user.tab();
    expect(lower).toHaveAccessibleDescription('Must be below the upper limit (400 W).');
    expect(upper).toHaveAccessibleDescription('Must be above the lower limit (500 W).');
    await user.clear(lower);
    await user.type(lower, '-');
    expect(lower).toHaveAccessibleDescription('Enter a whole number.');
  });

  test('after a save attempt every error shows; temperatures from -20 °C, in the user’s language', () => {
    renderInLocale(<Harness kind="temperature" initial={{ lower: '-25', upper: '71' }} showErrors />, 'de-DE');
    expect(screen.getByLabelText('Untergrenze (°C)')).toHaveAccessibleDescription('Geben Sie mindestens -20 °C ein.');
    expect(screen.getByLabelText('Obergrenze (°C)')).toHaveAccessibleDescription('Geben Sie höchstens 70 °C ein.');
  });

  test('load limits in German use its digit grouping', () => {
    renderInLocale(<Harness kind="load" initial={{ lower: '0', upper: '5000' }} showErrors />, 'de-DE');
    expect(screen.getByLabelText('Obergrenze (W)')).toHaveAccessibleDescription('Geben Sie höchstens 3.700 W ein.');
  });
});
