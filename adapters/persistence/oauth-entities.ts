import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { ownerUserId, timestamptz, userRef } from './entities.ts';

/**
 * An app registered for OAuth (docs/decisions/0213-oauth-apps-with-oidc-provider.md,
 * Migration20270301000001_third_parties), written by SqlOAuthApps: its id is the client_id; a confidential app
 * keeps the SHA-256 of its secret, a public one none.
 */
export const OAuthAppRecord = defineEntity({
  name: 'OAuthAppRecord',
  tableName: 'oauth_apps',
  properties: {
    id: p.uuid().primary(),
    userId: ownerUserId(),
    name: p.string().length(100),
    homepageUrl: p.string().length(2000),
    logoUrl: p.string().length(2000).nullable(),
    redirectUris: p.json<string[]>().columnType('jsonb'),
    secretHash: p.string().length(64).nullable(),
    createdAt: timestamptz(),
  },
  indexes: [{ name: 'oauth_apps_user_id_created_at_index', properties: ['userId', 'createdAt'] }],
});
export type OAuthAppRecord = InferEntity<typeof OAuthAppRecord>;

/**
 * One thing the authorization server keeps (oidc-provider's models: Grant, AuthorizationCode,
 * AccessToken, RefreshToken, Interaction, Session, ...), written by SqlOAuthModels. `id` is the SHA-256
 * of the id of the credentials an app holds (codes, access and refresh tokens); the columns beside the
 * payload are what the lookups need. A user's or an app's deletion takes its rows along.
 */
export const OAuthModelRecord = defineEntity({
  name: 'OAuthModelRecord',
  tableName: 'oauth_models',
  properties: {
    model: p.string().length(40).primary(),
    id: p.string().length(128).primary(),
    payload: p.json<Record<string, unknown>>().columnType('jsonb'),
    grantId: p.string().length(64).nullable().index('oauth_models_grant_id_index'),
    userCode: p.string().length(64).nullable(),
    uid: p.string().length(64).nullable().index('oauth_models_uid_index'),
    accountId: userRef('account_id').nullable().deleteRule('cascade').index('oauth_models_account_id_index'),
    clientId: p
      .manyToOne(OAuthAppRecord)
      .mapToPk()
      .fieldName('client_id')
      .nullable()
      .updateRule('cascade')
      .deleteRule('cascade')
      .index('oauth_models_client_id_index'),
    expiresAt: timestamptz().nullable().index('oauth_models_expires_at_index'),
    consumedAt: timestamptz().nullable(),
  },
});
export type OAuthModelRecord = InferEntity<typeof OAuthModelRecord>;
