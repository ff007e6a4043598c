// File inputs in the page's language (issue 30): the native input's "Choose file / No file chosen" comes in the
// browser's language, so FileField and FileButton hide it (still focusable) and show their own texts.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../testing/renderRemote';
import { FileButton, FileField } from './FileField';

const pdf = () => new File(['%PDF-1.4'], 'kvitto.pdf', { type: 'application/pdf' });

test('a labelled field: “Choose a file” and “No file chosen” in the page’s language, then the chosen file’s name', async () => {
  const user = userEvent.setup();
  const onChange = jest.fn();
  renderWithProviders(<FileField label="Kaufnachweis" name="ProofOfPurchase" accept=".pdf" hint="Höchstens 10 MB." onChange={onChange} />, {
    locale: 'de-DE',
  });
  const input = screen.getByLabelText('Kaufnachweis');
  expect(input).toHaveAttribute('type', 'file');
  expect(input).toHaveAttribute('name', 'ProofOfPurchase');
  expect(input).toHaveAttribute('accept', '.pdf');
  // Named by the field's label alone, described by the hint.
  expect(input).toHaveAccessibleName('Kaufnachweis');
  expect(input).toHaveAccessibleDescription('Höchstens 10 MB.');
  expect(input).toHaveClass('pd-visually-hidden');
  expect(screen.getByText('Datei auswählen')).toBeInTheDocument();
  expect(screen.getByText('Keine Datei ausgewählt')).toBeInTheDocument();

  // The input is the one tab stop, and the visible button opens it.
  await user.tab();
  expect(input).toHaveFocus();
  await user.upload(input, pdf());
  expect(onChange).toHaveBeenCalledTimes(1);
  expect(screen.getByText('kvitto.pdf')).toBeInTheDocument();
  expect(screen.queryByText('Keine Datei ausgewählt')).not.toBeInTheDocument();
});

test('the visible “Choose a file” button is a label of the input (a click opens the picker)', () => {
  renderWithProviders(<FileField label="Proof of purchase" />);
  const button = screen.getByText('Choose a file').closest('label');
  expect(button).toHaveAttribute('for', screen.getByLabelText('Proof of purchase').id);
});

test('the name shown can come from the form (null: none), and an error replaces the hint', () => {
  const { unmount } = renderWithProviders(<FileField label="Proof" fileName="receipt.png" hint="Hint" error="Not a PDF, JPEG or PNG." />, {
    locale: 'sv-SE',
  });
  expect(screen.getByText('receipt.png')).toBeInTheDocument();
  expect(screen.getByLabelText('Proof')).toHaveAccessibleDescription('Not a PDF, JPEG or PNG.');
  expect(screen.getByLabelText('Proof')).toHaveAttribute('aria-invalid', 'true');
  unmount();
  renderWithProviders(<FileField label="Proof" fileName={null} />, { locale: 'sv-SE' });
  expect(screen.getByText('Ingen fil vald')).toBeInTheDocument();
});

test('FileButton: a button-like label in the page’s language around the focusable hidden input', async () => {
  const user = userEvent.setup();
  const onChange = jest.fn();
  renderWithProviders(<FileButton label="Ta ett foto" accept="image/*" capture="environment" variant="ghost" onChange={onChange} />, {
    locale: 'sv-SE',
  });
  const input = screen.getByLabelText('Ta ett foto');
  expect(input).toHaveAttribute('type', 'file');
  expect(input).toHaveAttribute('capture', 'environment');
  expect(input.closest('label')).toHaveClass('pd-btn', 'pd-btn--ghost');
  await user.tab();
  expect(input).toHaveFocus();
  await user.upload(input, new File(['x'], 'photo.jpg', { type: 'image/jpeg' }));
  expect(onChange).toHaveBeenCalledTimes(1);
});
