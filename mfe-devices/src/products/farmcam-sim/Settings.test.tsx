import { screen, waitFor } from '@testing-library/react';
import { currentLocation, farmcamSim, renderDevices, resetSession } from '../../common/testing';
import { mockSettingsApi, openSettings } from '../../settings/testing';

const IMSI = '240071234567890';
const PATH = `/farmcam-sim/${IMSI}`;

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
});

test('title, IMSI, data left in MB and the subscription line; no purchase buttons before billing', async () => {
  const api = mockSettingsApi(farmcamSim('Gate camera', { RemainingData: 18_400_000 }));
  await openSettings(PATH, 'FarmCam SIM Gate camera');
  expect(api.get).toHaveBeenCalledWith('farmcam-sim', IMSI, expect.anything());
  expect(screen.getByText(`IMSI: ${IMSI}`)).toBeInTheDocument();
  expect(screen.getByText('Data left')).toBeInTheDocument();
  expect(screen.getByTestId('remaining-data')).toHaveTextContent('18 MB');
  expect(screen.getByTestId('subscription-line')).toHaveTextContent('Renews 1 January 2099');
  expect(screen.queryByRole('button', { name: /Buy extra data/ })).not.toBeInTheDocument();
  // A SIM has no configuration to apply.
  expect(screen.queryByText(/Waiting for the device|Applied by the device/)).not.toBeInTheDocument();
  for (const name of ['Save', 'Back', 'Unregister']) expect(screen.getAllByRole('button', { name }).length).toBeGreaterThan(0);
});

test('Save sends the flat FarmCam SIM body and returns to /devices?id={imsi}', async () => {
  const device = farmcamSim('Gate camera', {}, ['Yard']);
  const api = mockSettingsApi(device);
  const { user } = await openSettings(PATH, 'FarmCam SIM Gate camera');
  await user.clear(screen.getByLabelText('Device name'));
  await user.type(screen.getByLabelText('Device name'), 'Barn camera');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(currentLocation()).toBe(`/devices?id=${IMSI}`));
  expect(api.update).toHaveBeenCalledTimes(1);
  expect(api.update).toHaveBeenCalledWith('farmcam-sim', IMSI, {
    Name: 'Barn camera',
    Access: ['greta@example.com'],
    Notify: [],
    Tags: ['FarmCam SIM', 'greta@example.com', 'Yard'],
    Owner: 'greta@example.com',
  });
});

test('Back returns to /devices?id={imsi} without saving', async () => {
  const api = mockSettingsApi(farmcamSim('Gate camera'));
  const { user } = await openSettings(PATH, 'FarmCam SIM Gate camera');
  // The button beside Save (the page's back arrow comes first and goes to the same place).
  await user.click(screen.getAllByRole('button', { name: 'Back' })[1]);
  expect(currentLocation()).toBe(`/devices?id=${IMSI}`);
  expect(api.update).not.toHaveBeenCalled();
});

test('the back arrow returns to /devices?id={imsi} too', async () => {
  mockSettingsApi(farmcamSim('Gate camera'));
  const { user } = await openSettings(PATH, 'FarmCam SIM Gate camera');
  await user.click(screen.getAllByRole('button', { name: 'Back' })[0]);
  expect(currentLocation()).toBe(`/devices?id=${IMSI}`);
});

test('in Swedish', async () => {
  mockSettingsApi(farmcamSim('Grindkamera', { RemainingData: 2_500_000_000 }));
  renderDevices(PATH, { locale: 'sv-SE' });
  await screen.findByRole('heading', { level: 1, name: 'FarmCam SIM Grindkamera' });
  expect(screen.getByText('Data kvar')).toBeInTheDocument();
  expect(screen.getByTestId('remaining-data').textContent?.replace(/\s/g, ' ')).toBe('2 500 MB');
  expect(screen.getByRole('button', { name: 'Spara' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Avregistrera' })).toBeInTheDocument();
});
