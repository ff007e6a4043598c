import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { connectionFailedAtom } from '@paddock/shared/api';
import { paddockStore } from '@paddock/shared/session';
import { ShellLayout } from '../layout/ShellLayout';
import { renderInShell, resetShellState } from '../testing';
import { ConnectionFailed } from './ConnectionFailed';

beforeEach(() => resetShellState());

test('shows docs/product/errors.md’s message with the support host and a "Try again" button', async () => {
  const user = userEvent.setup();
  const tryAgain = jest.fn();
  renderInShell(<ConnectionFailed onTryAgain={tryAgain} />);
  expect(screen.getByRole('alert')).toHaveTextContent(
    'Connection to the server failed. Please verify your internet connection and try again. If you are still experiencing issues, you can contact our support at support.paddock.farm.',
  );
  expect(screen.getByRole('link', { name: 'support.paddock.farm' })).toHaveAttribute('href', 'https://support.paddock.farm/');
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(tryAgain).toHaveBeenCalled();
});

test('in Swedish', () => {
  renderInShell(<ConnectionFailed />, { locale: 'sv-SE' });
  expect(screen.getByRole('alert')).toHaveTextContent('Anslutningen till servern misslyckades.');
  expect(screen.getByRole('button', { name: 'Försök igen' })).toBeInTheDocument();
});

test('a request time-out replaces the page content with the message; the navbar stays', () => {
  renderInShell(
    <ShellLayout>
      <p>page content</p>
    </ShellLayout>,
  );
  expect(screen.getByText('page content')).toBeInTheDocument();
  act(() => paddockStore.set(connectionFailedAtom, true));
  expect(screen.queryByText('page content')).toBeNull();
  expect(screen.getByRole('main')).toHaveTextContent('Connection to the server failed.');
  expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
});
