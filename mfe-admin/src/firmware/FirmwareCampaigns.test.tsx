// Firmware campaigns in the admin area (docs/product/firmware-campaigns.md): the list, the form's checks in words and
// what it posts, a server refusal under its field, and a campaign's page with its stages, devices and Pause/Resume,
// each asked first.
import { screen, waitFor, within } from '@testing-library/react';
import { ApiError, firmwareCampaignsApi } from '@paddock/shared/api';
import type { CampaignDetail, CampaignSummary } from '@paddock/shared/contract';
import { resetSession, sampleAdmin, signInAs, toastTexts } from '@paddock/shared/testing/fixtures';
import { renderRemote } from '@paddock/shared/testing/renderRemote';
import App from '../App';

const SHA = 'ab12cd34'.repeat(8);
const counts = (over: Partial<CampaignSummary['Counts']> = {}) => ({
  Devices: 2,
  Pending: 0,
  Sent: 0,
  Updating: 0,
  Done: 0,
  Failed: 0,
  ...over,
});
const campaign: CampaignSummary = {
  Id: '0b9c3a52-7c55-4b5e-9d0e-0f8f1b7a0001',
  Product: 'fencealarm2',
  Url: 'https://fw.example.com/fa2-2.0.0.bin',
  Sha256: SHA,
  Version: '2.0.0',
  Selection: { Kind: 'all' },
  Stages: [50, 100],
  FailureThreshold: 20,
  State: 'paused',
  Stage: 0,
  PauseReason: 'failures',
  CreatedBy: 'staff@example.com',
  CreatedAt: '2026-11-29T10:00:00.000Z',
  UpdatedAt: '2026-11-29T10:05:00.000Z',
  FinishedAt: null,
  Counts: counts({ Done: 0, Failed: 1, Pending: 1 }),
};
const detail = (over: Partial<CampaignSummary> = {}): CampaignDetail => ({
  Campaign: { ...campaign, ...over },
  StageProgress: [
    { Percent: 50, Counts: counts({ Devices: 1, Failed: 1 }), FailureRate: 100 },
    { Percent: 100, Counts: counts({ Devices: 1, Pending: 1 }), FailureRate: 0 },
  ],
  Devices: [
    {
      Key: '350000300000011',
      Name: 'North fence',
      Owner: 'farmer@example.com',
      Stage: 0,
      State: 'failed',
      Progress: null,
      Failure: 'device',
      Error: 'checksum mismatch',
      SentAt: null,
      FinishedAt: null,
      Position: 0,
    },
    {
      Key: '350000300000012',
      Name: 'South fence',
      Owner: 'farmer@example.com',
      Stage: 1,
      State: 'pending',
      Progress: null,
      Failure: null,
      Error: null,
      SentAt: null,
      FinishedAt: null,
      Position: 1,
    },
  ],
  Next: null,
});

beforeEach(() => {
  resetSession();
  signInAs(sampleAdmin);
});
afterEach(() => jest.restoreAllMocks());

test('lists the campaigns with their state and progress', async () => {
  jest.spyOn(firmwareCampaignsApi, 'list').mockResolvedValue({ Campaigns: [campaign] });
  renderRemote(App, '/admin/firmware-campaigns');
  const row = (await screen.findAllByRole('row'))[1];
  expect(row).toHaveTextContent('FenceAlarm2');
  expect(row).toHaveTextContent('Paused');
  expect(row).toHaveTextContent('0 of 2 updated, 1 failed');
  expect(within(row).getByRole('link', { name: 'Open campaign FenceAlarm2 2.0.0' })).toHaveAttribute(
    'href',
    `/admin/firmware-campaigns/${campaign.Id}`,
  );
});

test('the form says what is wrong with each field, then posts the campaign', async () => {
  const create = jest.spyOn(firmwareCampaignsApi, 'create').mockResolvedValue(detail());
  jest.spyOn(firmwareCampaignsApi, 'get').mockResolvedValue(detail());
  const { user } = renderRemote(App, '/admin/firmware-campaigns/new');
  await user.type(await screen.findByLabelText('Image URL'), 'coap://fw.example.com/a.bin');
  await user.clear(screen.getByLabelText('Stages (% of the devices)'));
  await user.type(screen.getByLabelText('Stages (% of the devices)'), '10, 5');
  await user.clear(screen.getByLabelText('Pause when failures pass (%)'));
  await user.type(screen.getByLabelText('Pause when failures pass (%)'), '0');
  await user.click(screen.getByRole('button', { name: 'Start campaign' }));
  expect(screen.getByLabelText('Image URL')).toHaveAccessibleDescription(expect.stringContaining('Enter an https:// address with a host.'));
  expect(screen.getByText('Enter whole numbers from 1 to 100, each larger than the one before, the last 100.')).toBeInTheDocument();
  expect(screen.getByText('Enter a whole number from 1 to 100.')).toBeInTheDocument();
  expect(screen.getByLabelText('Image URL')).toHaveFocus();
  expect(create).not.toHaveBeenCalled();

  await user.clear(screen.getByLabelText('Image URL'));
  await user.type(screen.getByLabelText('Image URL'), 'https://fw.example.com/a.bin');
  await user.type(screen.getByLabelText('SHA-256 of the image'), SHA);
  await user.type(screen.getByLabelText('Target version'), '2.0.0');
  await user.selectOptions(screen.getByLabelText('Devices'), 'tag');
  await user.type(screen.getByLabelText('Tag'), 'north');
  await user.clear(screen.getByLabelText('Stages (% of the devices)'));
  await user.type(screen.getByLabelText('Stages (% of the devices)'), '1, 10, 100');
  await user.clear(screen.getByLabelText('Pause when failures pass (%)'));
  await user.type(screen.getByLabelText('Pause when failures pass (%)'), '15');
  await user.click(screen.getByRole('button', { name: 'Start campaign' }));
  await waitFor(() =>
    expect(create).toHaveBeenCalledWith(
      {
        Product: 'fencealarm2',
        Url: 'https://fw.example.com/a.bin',
        Sha256: SHA,
        Version: '2.0.0',
        Selection: { Kind: 'tag', Tag: 'north' },
        Stages: [1, 10, 100],
        FailureThreshold: 15,
      },
      { silent: true },
    ),
  );
  expect(await screen.findByRole('heading', { level: 1, name: 'FenceAlarm2 2.0.0' })).toBeInTheDocument();
  expect(toastTexts()).toContain('Campaign started');
});

test('no matching device: said under the Devices choice', async () => {
  jest
    .spyOn(firmwareCampaignsApi, 'create')
    .mockRejectedValue(new ApiError(400, 'Bad Request', '{"Error":"invalid_field","Field":"Selection"}', 'invalid_field', 'Selection'));
  const { user } = renderRemote(App, '/admin/firmware-campaigns/new');
  await user.type(await screen.findByLabelText('Image URL'), 'https://fw.example.com/a.bin');
  await user.type(screen.getByLabelText('SHA-256 of the image'), SHA);
  await user.type(screen.getByLabelText('Target version'), '2.0.0');
  await user.selectOptions(screen.getByLabelText('Devices'), 'version');
  await user.type(screen.getByLabelText('Current version'), '0.0.1');
  await user.click(screen.getByRole('button', { name: 'Start campaign' }));
  expect(await screen.findByText('No device matches (or every match is in another campaign).')).toBeInTheDocument();
});

test('a paused campaign says why, shows its stages and devices, and resumes after asking', async () => {
  jest.spyOn(firmwareCampaignsApi, 'get').mockResolvedValue(detail());
  const resume = jest.spyOn(firmwareCampaignsApi, 'resume').mockResolvedValue(detail({ State: 'running', PauseReason: null }));
  const { user } = renderRemote(App, `/admin/firmware-campaigns/${campaign.Id}`);
  expect(await screen.findByText(/Paused: 100 % of stage 1 failed, more than the 20 % allowed/)).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: 'Stage 1: up to 50 %' })).toHaveAttribute('value', '1');
  expect(screen.getByText('0 done, 1 failed, 0 under way, 0 waiting of 1')).toBeInTheDocument();
  const failed = screen.getByRole('row', { name: /North fence/ });
  expect(failed).toHaveTextContent('Failed');
  expect(failed).toHaveTextContent('checksum mismatch');
  expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Resume' }));
  const dialog = screen.getByRole('dialog', { name: 'Resume this campaign?' });
  expect(resume).not.toHaveBeenCalled();
  await user.click(within(dialog).getByRole('button', { name: 'Resume' }));
  await waitFor(() => expect(resume).toHaveBeenCalledWith(campaign.Id, { silent: true }));
  expect(await screen.findByRole('button', { name: 'Pause' })).toBeInTheDocument();
  expect(screen.queryByText(/Paused:/)).not.toBeInTheDocument();
});

test('a campaign that cannot be loaded says why, with Retry', async () => {
  jest.spyOn(firmwareCampaignsApi, 'get').mockRejectedValue(new ApiError(404, 'Not Found', '{"Error":"not_found"}', 'not_found'));
  renderRemote(App, `/admin/firmware-campaigns/${campaign.Id}`);
  expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
});
