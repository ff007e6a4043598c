// API keys on the wire (docs/product/api-keys.md, docs/product/api.md "API keys"): GET and POST /users/{id}/api-keys,
// DELETE /users/{id}/api-keys/{keyId}. The key itself (`pdk_<prefix>_<secret>`) is in the answer to POST only.
import { Type, type Static } from '@sinclair/typebox';
import { Id, IsoTime } from './common';
import { closed, Nullable } from './devices';

/** What a key may do: read devices and their history; switch plugs and set their timers. Nothing else. */
export const API_KEY_SCOPES = ['devices:read', 'plugs:control'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_NAME_MAX_LENGTH = 60;
/** Active (not revoked) keys one account may have. */
export const API_KEYS_MAX = 20;
/** Every key starts so, to be recognised in a config file or a leaked log (docs/product/api-keys.md "Safety"). */
export const API_KEY_PREFIX = 'pdk_';

export const ApiKeyScopeSchema = Type.Union(API_KEY_SCOPES.map((scope) => Type.Literal(scope)));

export const ApiKeyParams = Type.Object({ id: Id, keyId: Type.String({ format: 'uuid' }) }, closed);
export type ApiKeyParams = Static<typeof ApiKeyParams>;

export const CreateApiKeyBody = Type.Object(
  {
    /** Unique among the account's active keys; not blank. */
    Name: Type.String({ minLength: 1, maxLength: API_KEY_NAME_MAX_LENGTH, pattern: '\\S' }),
    Scopes: Type.Array(ApiKeyScopeSchema, { minItems: 1, maxItems: API_KEY_SCOPES.length, uniqueItems: true }),
  },
  closed,
);
export type CreateApiKeyBody = Static<typeof CreateApiKeyBody>;

/** A key as the list shows it: never its secret. */
export const ApiKey = Type.Object({
  Id: Type.String(),
  Name: Type.String(),
  /** The public part of the key (`pdk_<prefix>_…`), to tell keys apart. */
  Prefix: Type.String(),
  Scopes: Type.Array(ApiKeyScopeSchema),
  CreatedAt: IsoTime,
  /** Null: never used. Updated at most once a minute. */
  LastUsedAt: Nullable(IsoTime),
});
export type ApiKey = Static<typeof ApiKey>;

export const ApiKeyList = Type.Object({ Keys: Type.Array(ApiKey) });
export type ApiKeyList = Static<typeof ApiKeyList>;

/** The answer to POST: the key with the whole `Key`, shown this once. */
export const CreatedApiKey = Type.Object({ ...ApiKey.properties, Key: Type.String() });
export type CreatedApiKey = Static<typeof CreatedApiKey>;
