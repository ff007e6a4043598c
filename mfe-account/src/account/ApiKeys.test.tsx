// /account "API keys" (docs/product/api-keys.md): the list, making a key (name and scopes, checked before sending; a
// name in use lands under Name), the key shown once with a copy button, revoking with a confirmation, and the
// loading failure with Try again. Staff acting for a user see and revoke, but make no key.
import { screen, waitFor, within } from '@testing-library/react';
import { apiKeysApi, billingApi, usersApi } from '@paddock/shared/api';
import type { ApiKey, CreatedApiKey } from '@paddock/shared/contract';
import { apiError, resetSession, sampleAdmin, samplePrices, sampleUser, signInAs } from '@paddock/shared/testing/fixtures';
import { paddockStore, impersonationAtom } from '@paddock/shared/session';
import { renderAccount } from '../common/testing';

const KEY: ApiKey = {
  Id: 'k1',
  Name: 'Farm system',
  Prefix: 'pdk_0123456789ab',
  Scopes: ['devices:read'],
  CreatedAt: '2026-11-20T08:00:00.000Z',
  LastUsedAt: null,
};
const SECRET = `pdk_abcdefabcdef_${'f'.repeat(64)}`;

async function openKeys(keys: ApiKey[] = [KEY]) {
  jest.spyOn(usersApi, 'get').mockResolvedValue(sampleUser);
  const list = jest.spyOn(apiKeysApi, 'list').mockResolvedValue({ Keys: keys });
  const rendered = await renderAccount('/account');
  const section = (await screen.findByRole('heading', { name: 'API keys' })).closest('section')!;
  return { ...rendered, section, list };
}

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
  signInAs(sampleUser);
  jest.spyOn(billingApi, 'prices').mockResolvedValue(samplePrices);
});

test('lists the keys with their prefix, scopes and use; none says so', async () => {
  const { section } = await openKeys([
    KEY,
    { ...KEY, Id: 'k2', Name: 'Script', Scopes: ['devices:read', 'plugs:control'], LastUsedAt: '2026-11-21T10:00:00.000Z' },
  ]);
  const items = await within(section).findAllByRole('listitem');
  expect(items).toHaveLength(2);
  expect(items[0]).toHaveTextContent('Farm system');
  expect(items[0]).toHaveTextContent('pdk_0123456789ab…');
  expect(items[0]).toHaveTextContent('Read devices and their history');
  expect(items[0]).toHaveTextContent('Never used');
  expect(items[1]).toHaveTextContent('Switch plugs and set their timers');
  expect(items[1]).toHaveTextContent(/Last used/);
});

test('an empty list says there are no keys', async () => {
  const { section } = await openKeys([]);
  expect(await within(section).findByText('No API keys yet.')).toBeInTheDocument();
});

test('creates a key: checked before sending, then shown once with a copy button; closing forgets it', async () => {
  const { user, section } = await openKeys([]);
  const create = jest.spyOn(apiKeysApi, 'create');
  await user.click(await within(section).findByRole('button', { name: 'Create API key' }));
  const dialog = await screen.findByRole('dialog', { name: 'New API key' });
  // Nothing named and nothing ticked: refused on the fields, nothing sent.
  await user.click(within(dialog).getByRole('checkbox', { name: 'Read devices and their history' }));
  await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
  expect(await within(dialog).findByText('Give the key a name.')).toBeInTheDocument();
  expect(within(dialog).getByText('Tick at least one.')).toBeInTheDocument();
  expect(create).not.toHaveBeenCalled();

  const created: CreatedApiKey = { ...KEY, Id: 'k9', Name: 'Barn script', Scopes: ['plugs:control'], Key: SECRET };
  create.mockResolvedValue(created);
  await user.type(within(dialog).getByLabelText('Name'), 'Barn script');
  await user.click(within(dialog).getByRole('checkbox', { name: 'Switch plugs and set their timers' }));
  await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
  await waitFor(() => expect(create).toHaveBeenCalledWith('u1', { Name: 'Barn script', Scopes: ['plugs:control'] }, expect.anything()));

  const shown = await screen.findByRole('dialog', { name: 'Your new key “Barn script”' });
  expect(within(shown).getByLabelText('API key')).toHaveValue(SECRET);
  expect(within(shown).getByText(/you will not see it again/)).toBeInTheDocument();
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  await user.click(within(shown).getByRole('button', { name: 'Copy key' }));
  expect(writeText).toHaveBeenCalledWith(SECRET);
  await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  // In the list, without its secret.
  expect(within(section).getByRole('listitem')).toHaveTextContent('Barn script');
  expect(section).not.toHaveTextContent(SECRET);
});

test('a name in use (409 naming Name) is shown under the name; another failure in the dialog', async () => {
  const { user, section } = await openKeys();
  jest
    .spyOn(apiKeysApi, 'create')
    .mockRejectedValueOnce(apiError(409, 'api_key_name_taken', 'You already have an API key with this name.', 'Name'))
    .mockRejectedValueOnce(apiError(409, 'api_key_limit_reached', 'This account already has 20 API keys.'));
  await user.click(await within(section).findByRole('button', { name: 'Create API key' }));
  const dialog = await screen.findByRole('dialog', { name: 'New API key' });
  await user.type(within(dialog).getByLabelText('Name'), 'Farm system');
  await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
  expect(await within(dialog).findByText('You already have an API key with this name.')).toBeInTheDocument();
  expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('You already have an API key with this name.');
  await user.type(within(dialog).getByLabelText('Name'), ' 2');
  await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('This account already has 20 API keys.');
});

test('revokes a key after confirming; a failure stays in the dialog', async () => {
  const { user, section } = await openKeys();
  const revoke = jest.spyOn(apiKeysApi, 'revoke').mockRejectedValueOnce(apiError(503, 'service_unavailable', 'Try again later.'));
  await user.click(await within(section).findByRole('button', { name: 'Revoke Farm system' }));
  const confirm = await screen.findByRole('dialog', { name: 'Revoke “Farm system”?' });
  await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
  expect(await within(confirm).findByRole('alert')).toHaveTextContent('Try again later.');
  revoke.mockResolvedValueOnce(undefined);
  await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
  await waitFor(() => expect(revoke).toHaveBeenLastCalledWith('u1', 'k1', expect.anything()));
  expect(await within(section).findByText('No API keys yet.')).toBeInTheDocument();
});

test('a list that fails to load says why and loads again on Try again', async () => {
  jest.spyOn(usersApi, 'get').mockResolvedValue(sampleUser);
  const list = jest
    .spyOn(apiKeysApi, 'list')
    .mockRejectedValueOnce(apiError(503, 'service_unavailable', 'Try again later.'))
    .mockResolvedValueOnce({ Keys: [KEY] });
  const { user } = await renderAccount('/account');
  const section = (await screen.findByRole('heading', { name: 'API keys' })).closest('section')!;
  expect(await within(section).findByText(/Your API keys could not be loaded/)).toBeInTheDocument();
  await user.click(within(section).getByRole('button', { name: 'Try again' }));
  expect(await within(section).findByText('Farm system')).toBeInTheDocument();
  expect(list).toHaveBeenCalledTimes(2);
});

test('staff acting for a user see and revoke keys, but make none', async () => {
  signInAs(sampleAdmin);
  paddockStore.set(impersonationAtom, { User: sampleUser, ReturnTo: '/admin/user/u1' });
  const { section } = await openKeys();
  expect(await within(section).findByRole('button', { name: 'Revoke Farm system' })).toBeInTheDocument();
  expect(within(section).queryByRole('button', { name: 'Create API key' })).not.toBeInTheDocument();
  expect(within(section).getByText(/Only the account holder can create a key/)).toBeInTheDocument();
});
