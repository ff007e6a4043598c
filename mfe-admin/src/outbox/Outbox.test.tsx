// /admin/mailbox and /admin/sms-outbox: the built-in transports' messages, by recipient.
import { screen, waitFor, within } from '@testing-library/react';
import { usersApi } from '@paddock/shared/api';
import { apiError, resetSession, sampleAdmin, signInAs } from '@paddock/shared/testing/fixtures';
import { currentLocation, renderRemote } from '@paddock/shared/testing/renderRemote';
import App from '../App';

beforeEach(() => {
  resetSession();
  signInAs(sampleAdmin);
});
afterEach(() => jest.restoreAllMocks());

test('the mailbox lists messages newest first and searches by recipient', async () => {
  const mailbox = jest
    .spyOn(usersApi, 'mailbox')
    .mockResolvedValueOnce([
      { To: 'a@example.com', Subject: 'Older', Text: 'one', SentAt: '2026-11-01T10:00:00.000Z' },
      { To: 'b@example.com', Subject: 'Newer', Text: 'Your code is 123456', SentAt: '2026-11-02T10:00:00.000Z' },
    ])
    .mockResolvedValue([]);
  const { user } = renderRemote(App, '/admin/mailbox');
  const list = await screen.findByRole('region', { name: 'Messages' });
  const items = within(list).getAllByRole('article');
  expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual(['Newer', 'Older']);
  expect(items[0]).toHaveTextContent('To b@example.com');
  expect(items[0]).toHaveTextContent('Your code is 123456');
  expect(mailbox).toHaveBeenCalledWith(undefined, { silent: true });
  await user.type(screen.getByLabelText('Recipient'), 'greta@example.com');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  expect(await screen.findByText('Nothing found.')).toBeInTheDocument();
  expect(mailbox).toHaveBeenLastCalledWith('greta@example.com', { silent: true });
  await waitFor(() => expect(currentLocation()).toBe('/admin/mailbox?to=greta%40example.com'));
});

test('the SMS outbox; a failure says why with Try again', async () => {
  const outbox = jest
    .spyOn(usersApi, 'smsOutbox')
    .mockRejectedValueOnce(apiError(403, 'forbidden', 'Admins only'))
    .mockResolvedValue([{ To: '+46701234567', Text: 'Fence alarm: North fence', SentAt: '2026-11-02T10:00:00.000Z' }]);
  const { user } = renderRemote(App, '/admin/sms-outbox?to=%2B4670');
  expect(screen.getByRole('heading', { level: 1, name: 'SMS outbox' })).toBeInTheDocument();
  expect(await screen.findByRole('alert')).toHaveTextContent('This could not be loaded: Admins only');
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('Fence alarm: North fence')).toBeInTheDocument();
  expect(outbox).toHaveBeenLastCalledWith('+4670', { silent: true });
});

test('a server with the mailbox off (404) says so instead of failing', async () => {
  jest.spyOn(usersApi, 'mailbox').mockRejectedValue(apiError(404, 'not_found', 'Not found'));
  renderRemote(App, '/admin/mailbox');
  expect(await screen.findByText('The mailbox is off on this server (ADMIN_MAILBOX).')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.queryByRole('search')).not.toBeInTheDocument();
});
