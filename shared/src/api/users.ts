// Session, account and user calls (docs/product/api.md).
import type {
  ChangePasswordBody,
  CreateUserBody,
  CreateUserReply,
  DeletionSummary,
  DeviceList,
  MailboxMessage,
  ResetPasswordBody,
  SignInBody,
  SignInReply,
  SmsOutboxMessage,
  Token,
  UpdateUserBody,
  User,
  UserSearchQuery,
} from '../contract';
import { idempotencyHeaders } from './idempotency';
import { api, type RequestOptions } from './client';

const user = (id: string) => `users/${encodeURIComponent(id)}`;

export const usersApi = {
  signIn: (body: SignInBody, options?: RequestOptions) => api.post<SignInReply>('sign-in', body, options),
  refreshToken: (options?: RequestOptions) => api.get<Token>('token', options),
  revokeToken: (options?: RequestOptions) => api.delete<void>('token', options),
  /** The same reply for a new and a known address (202 with the address). */
  create: (body: CreateUserBody, options?: RequestOptions) => api.post<CreateUserReply>('users', body, options),
  sendVerificationCode: (Email: string, options?: RequestOptions) => api.put<void>('send-verification-code', { Email }, options),
  /** `Password`: the one chosen at sign-up, which the server asks for when several sign-ups wait for the address. */
  verifyEmail: (Email: string, VerificationCode: string, options?: RequestOptions, Password?: string) =>
    api.put<void>('verify-email', { Email, VerificationCode, ...(Password === undefined ? {} : { Password }) }, options),
  resetPassword: (body: ResetPasswordBody, options?: RequestOptions) => api.put<void>('password', body, options),
  get: (id: string, options?: RequestOptions) => api.get<User>(user(id), options),
  update: (id: string, body: UpdateUserBody, options?: RequestOptions) => api.patch<User>(user(id), body, options),
  /** `Password`: the account holder's current one (docs/product/states.md "Session"); staff send none. */
  remove: (id: string, Password: string | undefined, options?: RequestOptions) =>
    api.delete<void>(user(id), { ...options, json: Password === undefined ? {} : { Password } }),
  /** What deleting the account takes with it: owned devices, their running plans, the SMS balance, who loses access. */
  deletionSummary: (id: string, options?: RequestOptions) => api.get<DeletionSummary>(`${user(id)}/deletion-summary`, options),
  /** The account holder's own password (current + new); other sessions are signed out, this one stays. */
  changePassword: (id: string, body: ChangePasswordBody, options?: RequestOptions) => api.put<void>(`${user(id)}/password`, body, options),
  devices: (id: string, options?: RequestOptions) => api.get<DeviceList>(`${user(id)}/devices`, options),
  /**
   * Buys the SMS bundle (100 SMS, docs/product/api.md Purchases); returns the account with its new balance. The key is one
   * user action's (`newIdempotencyKey`): sent again on a double click or retry, the bundle is charged once.
   */
  buySms: (id: string, idempotencyKey: string, options?: RequestOptions) =>
    api.post<User>(`${user(id)}/sms`, undefined, idempotencyHeaders(idempotencyKey, options)),
  // Admin
  setEmail: (id: string, Email: string, options?: RequestOptions) => api.put<User>(`${user(id)}/email`, { Email }, options),
  markVerified: (id: string, options?: RequestOptions) => api.get<User>(`${user(id)}/verify-email`, options),
  search: (query: UserSearchQuery, options?: RequestOptions) => api.get<User[]>('users', { ...options, query: { ...query } }),
  mailbox: (to: string | undefined, options?: RequestOptions) => api.get<MailboxMessage[]>('admin/mailbox', { ...options, query: { to } }),
  smsOutbox: (to: string | undefined, options?: RequestOptions) => api.get<SmsOutboxMessage[]>('admin/sms-outbox', { ...options, query: { to } }),
};
