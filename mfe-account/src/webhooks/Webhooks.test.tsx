// /account "Webhooks" (docs/product/webhooks.md): the list, adding one (address and events, checked before sending; a
// refused address lands under it), the secret behind "Show secret", On/Off, "Send test" with its result, the delivery
// log, deleting with a confirmation, and the loading failure with Try again.
import { screen, waitFor, within } from '@testing-library/react';
import { billingApi, usersApi, webhooksApi } from '@paddock/shared/api';
import type { Webhook, WebhookDelivery } from '@paddock/shared/contract';
import { apiError, resetSession, samplePrices, sampleUser, signInAs } from '@paddock/shared/testing/fixtures';
import { renderAccount } from '../common/testing';

const HOOK: Webhook = {
  Id: 'h1',
  Url: 'https://farm.example.com/paddock',
  Events: ['alarm.raised', 'device.offline'],
  Enabled: true,
  Secret: `whsec_${'a'.repeat(64)}`,
  CreatedAt: '2026-11-20T08:00:00.000Z',
};
const DELIVERY: WebhookDelivery = {
  Id: 'd1',
  Event: 'ping',
  Status: 'delivered',
  Attempts: 1,
  StatusCode: 200,
  Error: null,
  NextAttemptAt: null,
  CreatedAt: '2026-11-21T08:00:00.000Z',
  DoneAt: '2026-11-21T08:00:00.000Z',
};

async function openWebhooks(hooks: Webhook[] = [HOOK]) {
  jest.spyOn(usersApi, 'get').mockResolvedValue(sampleUser);
  const list = jest.spyOn(webhooksApi, 'list').mockResolvedValue({ Webhooks: hooks });
  const rendered = await renderAccount('/account');
  const section = (await screen.findByRole('heading', { name: 'Webhooks' })).closest('section')!;
  return { ...rendered, section, list };
}

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
  signInAs(sampleUser);
  jest.spyOn(billingApi, 'prices').mockResolvedValue(samplePrices);
});

test('lists the webhooks with their events and On, the secret hidden', async () => {
  const { section } = await openWebhooks();
  const item = await within(section).findByRole('listitem', { name: HOOK.Url });
  expect(item).toHaveTextContent('Alarm raised · Device offline');
  expect(within(item).getByRole('checkbox', { name: `Send to ${HOOK.Url}` })).toBeChecked();
  // The secret only when asked for.
  expect(section).not.toHaveTextContent(HOOK.Secret);
});

test('an empty list says there are none', async () => {
  const { section } = await openWebhooks([]);
  expect(await within(section).findByText('No webhooks yet.')).toBeInTheDocument();
});

test('adds a webhook: checked before sending; an address the server refuses is shown under it', async () => {
  const { user, section } = await openWebhooks([]);
  const create = jest
    .spyOn(webhooksApi, 'create')
    .mockRejectedValueOnce(
      apiError(
        400,
        'webhook_target_not_public',
        'A webhook must go to an https address on the internet, not to a private or local one.',
        'Url',
      ),
    );
  await user.click(await within(section).findByRole('button', { name: 'Add webhook' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a webhook' });
  for (const name of ['Alarm raised', 'Alarm cleared', 'Device offline', 'Device back online'])
    await user.click(within(dialog).getByRole('checkbox', { name }));
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  expect(await within(dialog).findByText('Enter an address starting with https://')).toBeInTheDocument();
  expect(within(dialog).getByText('Tick at least one event.')).toBeInTheDocument();
  expect(create).not.toHaveBeenCalled();

  await user.type(within(dialog).getByLabelText('Address (URL)'), 'https://192.168.1.2/hook');
  await user.click(within(dialog).getByRole('checkbox', { name: 'Alarm raised' }));
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  expect(await within(dialog).findByText(/not to a private or local one/)).toBeInTheDocument();

  create.mockResolvedValueOnce({ ...HOOK, Events: ['alarm.raised'] });
  await user.clear(within(dialog).getByLabelText('Address (URL)'));
  await user.type(within(dialog).getByLabelText('Address (URL)'), HOOK.Url);
  await user.click(within(dialog).getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(create).toHaveBeenLastCalledWith('u1', { Url: HOOK.Url, Events: ['alarm.raised'] }, expect.anything()));
  expect(await within(section).findByRole('listitem', { name: HOOK.Url })).toHaveTextContent('Alarm raised');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('shows the secret on request, switches off, and sends a test with its result', async () => {
  const { user, section } = await openWebhooks();
  const item = await within(section).findByRole('listitem', { name: HOOK.Url });
  await user.click(within(item).getByRole('button', { name: 'Show secret' }));
  expect(within(item).getByLabelText('Signing secret')).toHaveValue(HOOK.Secret);

  const update = jest.spyOn(webhooksApi, 'update').mockResolvedValue({ ...HOOK, Enabled: false });
  await user.click(within(item).getByRole('checkbox', { name: `Send to ${HOOK.Url}` }));
  await waitFor(() => expect(update).toHaveBeenCalledWith('u1', 'h1', { Enabled: false }, expect.anything()));
  expect(within(item).getByRole('checkbox', { name: `Send to ${HOOK.Url}` })).not.toBeChecked();

  const test = jest
    .spyOn(webhooksApi, 'test')
    .mockResolvedValueOnce({ ...DELIVERY, Status: 'failed', StatusCode: 500, Error: 'answered 500' })
    .mockResolvedValueOnce(DELIVERY);
  await user.click(within(item).getByRole('button', { name: 'Send test' }));
  expect(await within(item).findByRole('status')).toHaveTextContent('Test failed: the address answered 500.');
  await user.click(within(item).getByRole('button', { name: 'Send test' }));
  await waitFor(() => expect(within(item).getByRole('status')).toHaveTextContent('Test delivered: the address answered 200.'));
  expect(test).toHaveBeenCalledTimes(2);
});

test('shows the delivery log, newest first, and older ones on request', async () => {
  const { user, section } = await openWebhooks();
  const deliveries = jest
    .spyOn(webhooksApi, 'deliveries')
    .mockResolvedValueOnce({
      Deliveries: [
        {
          ...DELIVERY,
          Id: 'd2',
          Event: 'alarm.raised',
          Status: 'pending',
          Attempts: 3,
          StatusCode: 500,
          NextAttemptAt: '2026-11-21T09:00:00.000Z',
        },
      ],
      Next: 'next-page',
    })
    .mockResolvedValueOnce({ Deliveries: [DELIVERY], Next: null });
  const item = await within(section).findByRole('listitem', { name: HOOK.Url });
  await user.click(within(item).getByRole('button', { name: 'Delivery log' }));
  const table = await within(item).findByRole('table', { name: `Deliveries to ${HOOK.Url}` });
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/Alarm raised.*Retrying \(next try .*\).*3.*500/);
  await user.click(within(item).getByRole('button', { name: 'Load older deliveries' }));
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
  expect(within(table).getAllByRole('row')[2]).toHaveTextContent(/Test.*Delivered.*1.*200/);
  expect(deliveries).toHaveBeenLastCalledWith('u1', 'h1', 'next-page', expect.anything());
});

test('deletes after confirming; a failure stays in the dialog', async () => {
  const { user, section } = await openWebhooks();
  const remove = jest.spyOn(webhooksApi, 'remove').mockRejectedValueOnce(apiError(503, 'service_unavailable', 'Try again later.'));
  await user.click(await within(section).findByRole('button', { name: `Delete the webhook to ${HOOK.Url}` }));
  const confirm = await screen.findByRole('dialog', { name: 'Delete this webhook?' });
  await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
  expect(await within(confirm).findByRole('alert')).toHaveTextContent('Try again later.');
  remove.mockResolvedValueOnce(undefined);
  await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(remove).toHaveBeenLastCalledWith('u1', 'h1', expect.anything()));
  expect(await within(section).findByText('No webhooks yet.')).toBeInTheDocument();
});

test('a list that fails to load says why and loads again on Try again', async () => {
  jest.spyOn(usersApi, 'get').mockResolvedValue(sampleUser);
  const list = jest
    .spyOn(webhooksApi, 'list')
    .mockRejectedValueOnce(apiError(503, 'service_unavailable', 'Try again later.'))
    .mockResolvedValueOnce({ Webhooks: [HOOK] });
  const { user } = await renderAccount('/account');
  const section = (await screen.findByRole('heading', { name: 'Webhooks' })).closest('section')!;
  expect(await within(section).findByText(/Your webhooks could not be loaded/)).toBeInTheDocument();
  await user.click(within(section).getByRole('button', { name: 'Try again' }));
  expect(await within(section).findByRole('listitem', { name: HOOK.Url })).toBeInTheDocument();
  expect(list).toHaveBeenCalledTimes(2);
});
