// /admin/audit (docs/product/admin.md Audit log): newest first, filters, Load more, what each entry changed.
import { screen, waitFor, within } from '@testing-library/react';
import { adminApi } from '@paddock/shared/api';
import type { AuditEntry } from '@paddock/shared/contract';
import { apiError, resetSession, sampleAdmin, signInAs } from '@paddock/shared/testing/fixtures';
import { currentLocation, renderRemote } from '@paddock/shared/testing/renderRemote';
import App from '../App';
import { auditQuery } from './AuditLog';
import { changedFields, flatten } from './diff';

const entry = (id: string, patch: Partial<AuditEntry> = {}): AuditEntry => ({
  Id: id,
  At: '2026-11-20T10:00:00.000Z',
  Action: 'user.email',
  Staff: { Id: 'admin1', Email: 'staff@paddock.farm' },
  ActingAs: null,
  Method: 'PUT',
  Path: '/api/users/u7/email',
  Status: 200,
  UserId: 'u7',
  DeviceKey: null,
  NoticeId: null,
  Before: { Email: 'old@example.com', Verified: true },
  After: { Email: 'new@example.com', Verified: true },
  ...patch,
});

beforeEach(() => {
  resetSession();
  signInAs(sampleAdmin);
});
afterEach(() => jest.restoreAllMocks());

test('each entry: action, when, staff, acting as, call and status, and the changed fields only', async () => {
  jest.spyOn(adminApi, 'audit').mockResolvedValue({
    Entries: [
      entry('e2', { Action: 'call', ActingAs: { Id: 'u7', Email: 'greta@example.com' }, Status: 403, Before: null, After: null }),
      entry('e1'),
    ],
    Next: null,
  });
  renderRemote(App, '/admin/audit');
  const items = within(await screen.findByRole('region', { name: 'Entries, newest first' })).getAllByRole('article');
  expect(items[0]).toHaveTextContent('By staff@paddock.farm acting as greta@example.com');
  expect(items[0]).toHaveTextContent('PUT /api/users/u7/email');
  expect(items[0]).toHaveTextContent('Answer 403');
  const changes = within(items[1]).getByRole('table', { name: 'Changed fields' });
  const rows = within(changes).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toHaveTextContent('Email"old@example.com""new@example.com"');
});

test('filters go to the query (dates as whole days) and the address; Load more asks for the page before', async () => {
  const audit = jest
    .spyOn(adminApi, 'audit')
    .mockResolvedValueOnce({ Entries: [], Next: null })
    .mockResolvedValueOnce({ Entries: [entry('e9')], Next: 'e9' })
    .mockResolvedValueOnce({ Entries: [entry('e8', { Action: 'notice.save' })], Next: null });
  const { user } = renderRemote(App, '/admin/audit');
  expect(await screen.findByText('No entries match.')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Staff member'), 'staff@');
  await user.type(screen.getByLabelText('Device (IMEI or IMSI)'), '3569');
  await user.type(screen.getByLabelText('From'), '2026-11-01');
  await user.type(screen.getByLabelText('To'), '2026-11-20');
  await user.click(screen.getByRole('button', { name: 'Show' }));
  await screen.findByRole('button', { name: 'Load more' });
  expect(audit).toHaveBeenLastCalledWith(
    {
      limit: 50,
      staff: 'staff@',
      device: '3569',
      from: new Date('2026-11-01T00:00:00').toISOString(),
      to: new Date(new Date('2026-11-21T00:00:00').getTime() - 1).toISOString(),
    },
    { silent: true },
  );
  await waitFor(() => expect(currentLocation()).toBe('/admin/audit?staff=staff%40&device=3569&from=2026-11-01&to=2026-11-20'));
  await user.click(screen.getByRole('button', { name: 'Load more' }));
  expect(await screen.findByText('Notice saved')).toBeInTheDocument();
  expect(audit.mock.calls[2][0]).toMatchObject({ staff: 'staff@', before: 'e9' });
  expect(screen.getAllByRole('article')).toHaveLength(2);
});

test('an end date before the start is refused under the field', async () => {
  const audit = jest.spyOn(adminApi, 'audit').mockResolvedValue({ Entries: [], Next: null });
  const { user } = renderRemote(App, '/admin/audit');
  await screen.findByText('No entries match.');
  await user.type(screen.getByLabelText('From'), '2026-11-20');
  await user.type(screen.getByLabelText('To'), '2026-11-01');
  await user.click(screen.getByRole('button', { name: 'Show' }));
  expect(screen.getByLabelText('To')).toHaveAccessibleDescription('The end date is before the start date.');
  expect(audit).toHaveBeenCalledTimes(1);
});

test('a failure says why, with Try again', async () => {
  jest
    .spyOn(adminApi, 'audit')
    .mockRejectedValueOnce(apiError(400, 'invalid_field', 'from is not a time', 'from'))
    .mockResolvedValue({ Entries: [], Next: null });
  const { user } = renderRemote(App, '/admin/audit');
  expect(await screen.findByRole('alert')).toHaveTextContent('This could not be loaded: from is not a time');
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('No entries match.')).toBeInTheDocument();
});

describe('diff', () => {
  test('flattens nested records to dotted paths', () => {
    expect([...flatten({ A: { B: 1, C: [true, null] }, D: [] })]).toEqual([
      ['A.B', '1'],
      ['A.C.0', 'true'],
      ['A.C.1', 'null'],
      ['D', '[]'],
    ]);
  });

  test('lists added, removed and changed fields, not the unchanged ones', () => {
    expect(changedFields({ Name: 'a', Same: 1, Gone: true, Deep: { X: 1 } }, { Name: 'b', Same: 1, New: 'n', Deep: { X: 2 } })).toEqual([
      { path: 'Deep.X', before: '1', after: '2' },
      { path: 'Gone', before: 'true', after: undefined },
      { path: 'Name', before: '"a"', after: '"b"' },
      { path: 'New', before: undefined, after: '"n"' },
    ]);
    expect(changedFields(null, { Id: 'n1' })).toEqual([{ path: 'Id', before: undefined, after: '"n1"' }]);
  });

  test('the query leaves out empty filters', () => {
    expect(auditQuery({ staff: ' ', user: 'u7', device: '', from: '', to: 'nonsense' })).toEqual({ limit: 50, user: 'u7' });
  });
});
