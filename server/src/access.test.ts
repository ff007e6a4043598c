import { may, type Action } from './access';

const user = { id: 'u1', accountType: 'user' as const };
const admin = { id: 'a1', accountType: 'admin' as const };

// Every action × role: self, another user, admin on someone else.
const TABLE: [Action, boolean, boolean, boolean][] = [
  // action               self   other  admin
  ['session:refresh', true, true, true],
  ['session:revoke', true, true, true],
  ['user:read', true, false, true],
  ['user:update', true, false, true],
  ['user:changePassword', true, false, false],
  ['user:delete', true, false, true],
  ['user:devices', true, false, true],
  ['user:buy', true, false, true],
  ['user:setEmail', false, false, true],
  ['user:markVerified', false, false, true],
  ['user:search', false, false, true],
  ['mailbox:read', false, false, true],
  ['simulator:control', false, false, true],
  ['device:fota', false, false, true],
];

describe('may', () => {
  it.each(TABLE)('%s: self %s, other user %s, admin %s', (action, self, other, byAdmin) => {
    expect(may(user, action, { userId: 'u1' })).toBe(self);
    expect(may(user, action, { userId: 'u2' })).toBe(other);
    expect(may(admin, action, { userId: 'u2' })).toBe(byAdmin);
  });

  it('gives a user nothing on a user action without a target', () => {
    expect(may(user, 'user:read')).toBe(false);
  });
});
