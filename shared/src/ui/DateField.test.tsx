// Date fields in the page's language (issue 30): the native date input writes dates in the browser's language, so
// DateField shows the value formatted for the page and opens the native picker; the form keeps the ISO value.
import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../testing/renderRemote';
import type { Locale } from '../domain';
import { DateField, parseIsoDate } from './DateField';

function Harness({ initial = '', required = false, onValue }: { initial?: string; required?: boolean; onValue?: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <form aria-label="form">
      <DateField
        label="Until"
        name="until"
        min="2026-01-01"
        max="2026-11-29"
        required={required}
        hint="The last day shown."
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          onValue?.(e.target.value);
        }}
      />
    </form>
  );
}

const render = (locale: Locale, props: Parameters<typeof Harness>[0] = {}) => renderWithProviders(<Harness {...props} />, { locale });

afterEach(() => {
  // showPicker is not in jsdom: each test that needs it sets its own.
  delete (HTMLInputElement.prototype as { showPicker?: unknown }).showPicker;
});

test.each([
  ['de-DE', 'Until, 29.11.2026'],
  ['en-GB', 'Until, 29/11/2026'],
  ['fr-FR', 'Until, 29/11/2026'],
  ['sv-SE', 'Until, 2026-11-29'],
] as const)('%s: the button shows the date in the page’s format, named with the label', (locale, name) => {
  render(locale, { initial: '2026-11-29', required: true });
  expect(screen.getByRole('button', { name })).toHaveAccessibleDescription('The last day shown.');
});

test('the form keeps the native input: ISO value, name, label, min and max', () => {
  render('de-DE', { initial: '2026-11-29' });
  const input = screen.getByLabelText('Until');
  expect(input).toHaveAttribute('type', 'date');
  expect(input).toHaveValue('2026-11-29');
  expect(input).toHaveAttribute('name', 'until');
  expect(input).toHaveAttribute('min', '2026-01-01');
  expect(input).toHaveAttribute('max', '2026-11-29');
  // Not a second tab stop: the button is the one.
  expect(input).toHaveAttribute('tabindex', '-1');
  expect(input).toHaveAccessibleDescription('The last day shown.');
});

test('a date picked in the native picker shows formatted at once and reaches the form as ISO', () => {
  const onValue = jest.fn();
  render('de-DE', { onValue });
  expect(screen.getByRole('button', { name: 'Until, Datum wählen' })).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Until'), { target: { value: '2026-03-05' } });
  expect(onValue).toHaveBeenLastCalledWith('2026-03-05');
  expect(screen.getByRole('button', { name: 'Until, 05.03.2026' })).toHaveTextContent('05.03.2026');
});

test('Enter or Space on the button opens the browser’s picker on the native input', async () => {
  const user = userEvent.setup();
  const showPicker = jest.fn(function (this: HTMLInputElement) {
    expect(this).toBe(screen.getByLabelText('Until'));
  });
  Object.defineProperty(HTMLInputElement.prototype, 'showPicker', { value: showPicker, configurable: true, writable: true });
  render('en-GB', { initial: '2026-11-29', required: true });
  await user.tab();
  expect(screen.getByRole('button', { name: 'Until, 29/11/2026' })).toHaveFocus();
  await user.keyboard('{Enter}');
  await user.keyboard(' ');
  expect(showPicker).toHaveBeenCalledTimes(2);
});

test('where the picker cannot be opened (no showPicker, a cross-origin frame), the native input takes the button’s place', async () => {
  const user = userEvent.setup();
  Object.defineProperty(HTMLInputElement.prototype, 'showPicker', {
    value: () => {
      throw new DOMException('cross-origin', 'SecurityError');
    },
    configurable: true,
    writable: true,
  });
  render('en-GB', { initial: '2026-11-29', required: true });
  await user.click(screen.getByRole('button', { name: 'Until, 29/11/2026' }));
  expect(screen.queryByRole('button', { name: /^Until/ })).not.toBeInTheDocument();
  const input = screen.getByLabelText('Until');
  expect(input).not.toHaveAttribute('tabindex');
  await screen.findByText('The last day shown.');
  await waitFor(() => expect(input).toHaveFocus());
});

test('an optional date can be cleared, and the focus stays on the field; a required one has no clear button', async () => {
  const user = userEvent.setup();
  const onValue = jest.fn();
  const { unmount } = render('en-GB', { initial: '2026-11-29', onValue });
  await user.click(screen.getByRole('button', { name: 'Clear the date' }));
  expect(onValue).toHaveBeenLastCalledWith('');
  expect(screen.getByRole('button', { name: 'Until, Choose a date' })).toHaveFocus();
  expect(screen.queryByRole('button', { name: 'Clear the date' })).not.toBeInTheDocument();
  unmount();
  render('en-GB', { initial: '2026-11-29', required: true });
  expect(screen.queryByRole('button', { name: 'Clear the date' })).not.toBeInTheDocument();
});

test('an error marks both controls and describes them', () => {
  renderWithProviders(<DateField label="From" value="" onChange={() => undefined} error="Enter a date." />);
  expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('button', { name: 'From, Choose a date' })).toHaveAccessibleDescription('Enter a date.');
  expect(screen.getByRole('button', { name: 'From, Choose a date' })).toHaveAttribute('aria-invalid', 'true');
});

test('parseIsoDate: real calendar days only', () => {
  expect(parseIsoDate('2026-02-28')?.getDate()).toBe(28);
  expect(parseIsoDate('2026-02-30')).toBeNull();
  expect(parseIsoDate('29.11.2026')).toBeNull();
  expect(parseIsoDate('')).toBeNull();
});
