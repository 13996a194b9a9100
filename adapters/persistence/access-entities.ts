import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { ownerUserId } from './entities.ts';

/**
 * A personal access token (decision 0211, Migration20270301000001_third_parties), written by
 * SqlAccessTokens: the secret's SHA-256 only, its scopes space-separated as OAuth writes them.
 */
export const AccessTokenRecord = defineEntity({
  name: 'AccessTokenRecord',
  tableName: 'access_tokens',
  properties: {
    id: p.uuid().primary(),
    userId: ownerUserId(),
    name: p.string().length(100),
    scopes: p.string().length(300),
    tokenHash: p.string().length(64).unique('access_tokens_token_hash_unique'),
    hint: p.string().length(4),
    createdAt: p.datetime().columnType('timestamptz'),
    expiresAt: p.datetime().columnType('timestamptz'),
    lastUsedAt: p.datetime().columnType('timestamptz').nullable(),
    lastUsedIp: p.string().length(45).nullable(),
    revokedAt: p.datetime().columnType('timestamptz').nullable(),
  },
  indexes: [{ name: 'access_tokens_user_id_created_at_index', properties: ['userId', 'createdAt'] }],
});
export type AccessTokenRecord = InferEntity<typeof AccessTokenRecord>;
