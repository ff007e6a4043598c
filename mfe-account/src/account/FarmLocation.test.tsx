// /account "Farm location" (docs/product/sun-timers.md): typed coordinates or the phone's position, saved on their own
// as PATCH /users/{id} {Location}; a coordinate out of range is refused on its field, before anything is sent.
import { screen, waitFor, within } from '@testing-library/react';
import { billingApi, usersApi } from '@paddock/shared/api';
import type { User } from '@paddock/shared/contract';
import { paddockStore, userAtom } from '@paddock/shared/session';
import { apiError, resetSession, samplePrices, sampleUser, signInAs } from '@paddock/shared/testing/fixtures';
import { renderAccount } from '../common/testing';
import { parseCoordinate } from './FarmLocation';

const UPPSALA = { Latitude: 59.85864, Longitude: 17.63889 };

async function openAccount(user: User = sampleUser, locale: 'en-GB' | 'de-DE' = 'en-GB') {
  jest.spyOn(usersApi, 'get').mockResolvedValue(user);
  const rendered = await renderAccount('/account', { locale });
  const form = await screen.findByRole('form', { name: locale === 'en-GB' ? 'Farm location' : 'Standort des Hofs' });
  return { ...rendered, form };
}

function mockGeolocation(result: { coords: { latitude: number; longitude: number } } | { code: number }) {
  const getCurrentPosition = jest.fn((ok: PositionCallback, fail: PositionErrorCallback) =>
    'coords' in result ? ok(result as GeolocationPosition) : fail(result as GeolocationPositionError),
  );
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

beforeEach(() => {
  resetSession();
  jest.restoreAllMocks();
  signInAs(sampleUser);
  jest.spyOn(billingApi, 'prices').mockResolvedValue(samplePrices);
});

test('typed coordinates are saved as the account’s Location and stored in the session', async () => {
  const { user, form } = await openAccount();
  const update = jest.spyOn(usersApi, 'update').mockResolvedValue({ ...sampleUser, Location: UPPSALA });
  await user.type(within(form).getByLabelText('Latitude'), '59.85864');
  await user.type(within(form).getByLabelText('Longitude'), '17,63889');
  await user.click(within(form).getByRole('button', { name: 'Save location' }));
  await waitFor(() => expect(update).toHaveBeenCalledWith('u1', { Location: UPPSALA }, expect.anything()));
  await waitFor(() => expect(paddockStore.get(userAtom)?.Location).toEqual(UPPSALA));
  expect(within(form).getByRole('button', { name: 'Remove location' })).toBeInTheDocument();
});

test('"Use this phone’s position" fills the fields from navigator.geolocation; a refusal says what to do', async () => {
  const { user, form } = await openAccount();
  mockGeolocation({ coords: { latitude: 59.858641234, longitude: 17.638891234 } });
  await user.click(within(form).getByRole('button', { name: 'Use this phone’s position' }));
  await waitFor(() => expect(within(form).getByLabelText('Latitude')).toHaveValue('59.85864'));
  expect(within(form).getByLabelText('Longitude')).toHaveValue('17.63889');
  mockGeolocation({ code: 1 });
  await user.click(within(form).getByRole('button', { name: 'Use this phone’s position' }));
  expect(await within(form).findByText(/The phone did not give its position/)).toBeInTheDocument();
});

test('out of range or not a number: refused on the field, nothing sent; a 400 naming a coordinate lands under it', async () => {
  const { user, form } = await openAccount();
  const update = jest
    .spyOn(usersApi, 'update')
    .mockRejectedValue(apiError(400, 'invalid_field', 'Location.Longitude is not valid.', 'Location.Longitude'));
  await user.type(within(form).getByLabelText('Latitude'), '95');
  await user.type(within(form).getByLabelText('Longitude'), 'east');
  await user.click(within(form).getByRole('button', { name: 'Save location' }));
  await waitFor(() => expect(within(form).getByLabelText('Latitude')).toHaveAccessibleDescription('Enter a value from -90 to 90.'));
  expect(within(form).getByLabelText('Longitude')).toHaveAccessibleDescription('Enter a number of degrees.');
  expect(update).not.toHaveBeenCalled();
  await user.clear(within(form).getByLabelText('Latitude'));
  await user.type(within(form).getByLabelText('Latitude'), '59');
  await user.clear(within(form).getByLabelText('Longitude'));
  await user.type(within(form).getByLabelText('Longitude'), '17');
  await user.click(within(form).getByRole('button', { name: 'Save location' }));
  await waitFor(() => expect(within(form).getByLabelText('Longitude')).toHaveAccessibleDescription('Location.Longitude is not valid.'));
});

test('a stored location is shown in the locale’s numbers and can be removed (German)', async () => {
  const { user, form } = await openAccount({ ...sampleUser, Location: UPPSALA }, 'de-DE');
  expect(within(form).getByLabelText('Breitengrad')).toHaveValue('59,85864');
  const update = jest.spyOn(usersApi, 'update').mockResolvedValue({ ...sampleUser, Location: null });
  await user.click(within(form).getByRole('button', { name: 'Standort entfernen' }));
  await waitFor(() => expect(update).toHaveBeenCalledWith('u1', { Location: null }, expect.anything()));
  await waitFor(() => expect(within(form).getByLabelText('Breitengrad')).toHaveValue(''));
});

test('parseCoordinate takes either decimal mark and a minus sign', () => {
  expect(parseCoordinate('59,5')).toBe(59.5);
  expect(parseCoordinate('\u221217.25')).toBe(-17.25);
  expect(parseCoordinate(' -0.1 ')).toBe(-0.1);
  expect(parseCoordinate('')).toBeNull();
  expect(parseCoordinate('1e3')).toBeNull();
});
