// API key calls (docs/product/api.md "API keys"): an account's keys, making one (its Key is in this answer only), revoking one.
import type { ApiKeyList, CreateApiKeyBody, CreatedApiKey } from '../contract';
import { api, type RequestOptions } from './client';

const keysOf = (userId: string) => `users/${encodeURIComponent(userId)}/api-keys`;

export const apiKeysApi = {
  list: (userId: string, options?: RequestOptions) => api.get<ApiKeyList>(keysOf(userId), options),
  create: (userId: string, body: CreateApiKeyBody, options?: RequestOptions) => api.post<CreatedApiKey>(keysOf(userId), body, options),
  revoke: (userId: string, keyId: string, options?: RequestOptions) =>
    api.delete<void>(`${keysOf(userId)}/${encodeURIComponent(keyId)}`, options),
};
