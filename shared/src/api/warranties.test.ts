import { api } from './client';
import { warrantiesApi } from './warranties';

beforeEach(() => jest.restoreAllMocks());

test('the staff review calls go to the paths of docs/product/api.md', async () => {
  const get = jest.spyOn(api, 'get').mockResolvedValue(undefined);
  const post = jest.spyOn(api, 'post').mockResolvedValue(undefined);
  await warrantiesApi.claims({ silent: true });
  expect(get).toHaveBeenLastCalledWith('admin/warranty-claims', { silent: true });
  await warrantiesApi.acceptClaim('c 1');
  expect(post).toHaveBeenLastCalledWith('admin/warranty-claims/c%201/accept', undefined, undefined);
  await warrantiesApi.rejectClaim('c2', { silent: true });
  expect(post).toHaveBeenLastCalledWith('admin/warranty-claims/c2/reject', undefined, { silent: true });
});
