// /admin/notices (docs/product/admin.md Notices): table, copy into the form, Save (new or change), Clear, delete after a confirmation.
import { screen, waitFor, within } from '@testing-library/react';
import { adminApi } from '@paddock/shared/api';
import type { Notice } from '@paddock/shared/contract';
import { apiError, resetSession, sampleAdmin, signInAs, toastTexts } from '@paddock/shared/testing/fixtures';
import { renderRemote } from '@paddock/shared/testing/renderRemote';
import App from '../App';

const notice: Notice = {
  Id: 'n1',
  Public: true,
  English: 'Maintenance on Sunday',
  French: 'Maintenance dimanche',
  German: 'Wartung am Sonntag',
  Swedish: 'Underhåll på söndag',
  CreatedAt: '2026-11-01T08:00:00.000Z',
  UpdatedAt: '2026-11-02T08:00:00.000Z',
};

beforeEach(() => {
  resetSession();
  signInAs(sampleAdmin);
});
afterEach(() => jest.restoreAllMocks());

const table = () => screen.getByRole('table', { name: 'All notices' });
const form = () => screen.getByRole('region', { name: /New notice|Changing the notice/ });

test('lists the notices with their texts, Public and when they changed', async () => {
  jest.spyOn(adminApi, 'notices').mockResolvedValue([notice]);
  renderRemote(App, '/admin/notices');
  await screen.findByRole('table', { name: 'All notices' });
  const row = within(table()).getAllByRole('row')[1];
  expect(row).toHaveTextContent('EnglishMaintenance on Sunday');
  expect(row).toHaveTextContent('SwedishUnderhåll på söndag');
  expect(row).toHaveTextContent('Yes');
  expect(row).toHaveTextContent('2 Nov 2026');
});

test('a new notice: English is required, then Save posts it without an Id and clears the form', async () => {
  const notices = jest.spyOn(adminApi, 'notices').mockResolvedValue([]);
  const save = jest.spyOn(adminApi, 'saveNotice').mockResolvedValue(notice);
  const { user } = renderRemote(App, '/admin/notices');
  expect(await screen.findByText('There are no notices yet.')).toBeInTheDocument();
  expect(within(form()).getByRole('heading', { name: 'New notice' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.getByLabelText('English')).toHaveAccessibleDescription('Write the English text; the others may stay empty.');
  expect(save).not.toHaveBeenCalled();
  await user.type(screen.getByLabelText('English'), ' Hello farmers ');
  await user.type(screen.getByLabelText('Swedish'), 'Hej bönder');
  await user.click(screen.getByLabelText('Public'));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(save).toHaveBeenCalledWith({ Public: true, English: 'Hello farmers', French: '', German: '', Swedish: 'Hej bönder' }),
  );
  await waitFor(() => expect(screen.getByLabelText('English')).toHaveValue(''));
  expect(notices).toHaveBeenCalledTimes(2);
  expect(toastTexts()).toContain('Saved');
});

test('the edit icon fills the form and keeps the Id, so Save changes that notice; Clear makes it new again', async () => {
  jest.spyOn(adminApi, 'notices').mockResolvedValue([notice]);
  const save = jest.spyOn(adminApi, 'saveNotice').mockResolvedValue(notice);
  const { user } = renderRemote(App, '/admin/notices');
  const edit = await screen.findByRole('button', { name: 'Edit in the form: Maintenance on Sunday' });
  // An edit (pencil) icon, not a copy icon: the button changes this notice (issue 30).
  expect(edit.querySelector('[data-icon]')).toHaveAttribute('data-icon', 'edit');
  await user.click(edit);
  expect(within(form()).getByRole('heading', { name: /^Changing the notice updated/ })).toBeInTheDocument();
  expect(screen.getByLabelText('German')).toHaveValue('Wartung am Sonntag');
  expect(screen.getByLabelText('Public')).toBeChecked();
  await user.clear(screen.getByLabelText('English'));
  await user.type(screen.getByLabelText('English'), 'Maintenance on Monday');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(save).toHaveBeenCalledWith({
      Id: 'n1',
      Public: true,
      English: 'Maintenance on Monday',
      French: 'Maintenance dimanche',
      German: 'Wartung am Sonntag',
      Swedish: 'Underhåll på söndag',
    }),
  );

  await user.click(screen.getByRole('button', { name: 'Edit in the form: Maintenance on Sunday' }));
  await user.click(screen.getByRole('button', { name: 'Clear' }));
  expect(within(form()).getByRole('heading', { name: 'New notice' })).toBeInTheDocument();
  expect(screen.getByLabelText('German')).toHaveValue('');
  expect(screen.getByLabelText('Public')).not.toBeChecked();
});

test('a failed save keeps everything that was written', async () => {
  jest.spyOn(adminApi, 'notices').mockResolvedValue([]);
  jest.spyOn(adminApi, 'saveNotice').mockRejectedValue(apiError(400, 'too_long', 'English is too long', 'English'));
  const { user } = renderRemote(App, '/admin/notices');
  await user.type(await screen.findByLabelText('English'), 'Keep me');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
  expect(screen.getByLabelText('English')).toHaveValue('Keep me');
});

test('the close icon deletes only after the confirmation', async () => {
  const notices = jest.spyOn(adminApi, 'notices').mockResolvedValueOnce([notice]).mockResolvedValue([]);
  const remove = jest.spyOn(adminApi, 'deleteNotice').mockResolvedValue(undefined);
  const { user } = renderRemote(App, '/admin/notices');
  await user.click(await screen.findByRole('button', { name: 'Delete notice: Maintenance on Sunday' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete this notice?' });
  expect(dialog).toHaveTextContent('Maintenance on Sunday');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(remove).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: 'Delete notice: Maintenance on Sunday' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(remove).toHaveBeenCalledWith('n1', { silent: true }));
  expect(await screen.findByText('There are no notices yet.')).toBeInTheDocument();
  expect(notices).toHaveBeenCalledTimes(2);
});

test('a delete that fails keeps its dialog open with the reason; it can be tried again', async () => {
  jest.spyOn(adminApi, 'notices').mockResolvedValue([notice]);
  const remove = jest
    .spyOn(adminApi, 'deleteNotice')
    .mockRejectedValueOnce(apiError(503, 'unavailable', 'The service is busy. Try again in a minute.'))
    .mockResolvedValue(undefined);
  const { user } = renderRemote(App, '/admin/notices');
  await user.click(await screen.findByRole('button', { name: 'Delete notice: Maintenance on Sunday' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete this notice?' });
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('The service is busy. Try again in a minute.');
  expect(remove).toHaveBeenCalledWith('n1', { silent: true });
  expect(toastTexts()).toEqual([]);
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(remove).toHaveBeenCalledTimes(2);
});

test('a list that cannot be loaded: the reason and Try again, the form still usable', async () => {
  jest
    .spyOn(adminApi, 'notices')
    .mockRejectedValueOnce(apiError(403, 'forbidden', 'Admins only'))
    .mockResolvedValue([notice]);
  const { user } = renderRemote(App, '/admin/notices');
  expect(await screen.findByRole('alert')).toHaveTextContent('This could not be loaded: Admins only');
  expect(screen.getByLabelText('English')).toBeEnabled();
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('table', { name: 'All notices' })).toBeInTheDocument();
});
