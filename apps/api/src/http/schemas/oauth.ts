import { Type } from 'typebox';
import type { OAuthAppView } from '#application/oauth-apps/shared.ts';
import type { ConnectedApp } from '#domain/oauth/oauth-app.ts';
import { dateTime, nullable, refTo, uuid } from './common.ts';

// ---- OAuth apps (docs/decisions/0213-oauth-apps-with-oidc-provider.md) -------------------------

const ScopeWordsSchema = Type.Object(
  {
    scope: Type.String({
      description: 'A scope of the API (decision 0211), or `offline_access` (a refresh token)',
    }),
    description: Type.String({ description: 'What it allows, in words' }),
  },
  { additionalProperties: false },
);

const appExample = {
  id: '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  name: 'Site Diary',
  homepageUrl: 'https://sitediary.example',
  logoUrl: null,
  redirectUris: ['https://sitediary.example/oauth/callback'],
  clientType: 'confidential',
  createdAt: '2027-03-01T12:00:00.000Z',
};

const OAuthAppSchema = Type.Object(
  {
    id: uuid('The app id: its OAuth `client_id`'),
    name: Type.String(),
    homepageUrl: Type.String(),
    logoUrl: nullable(Type.String()),
    redirectUris: Type.Array(Type.String(), { description: 'Each matched exactly' }),
    clientType: Type.Union([Type.Literal('confidential'), Type.Literal('public')], {
      description: 'A confidential app has a client secret; a public one relies on PKCE alone',
    }),
    createdAt: dateTime(),
  },
  {
    $id: 'OAuthApp',
    additionalProperties: false,
    description: 'An OAuth app you registered, without its secret',
    examples: [appExample],
  },
);
export const OAuthAppRef = refTo(OAuthAppSchema);

const RegisteredOAuthAppSchema = Type.Object(
  {
    client_id: uuid('The OAuth client_id (the app id)'),
    client_secret: nullable(
      Type.String({
        description: 'The client secret, `bbcs_…`: shown this once and never again; null for a public app',
      }),
    ),
    app: OAuthAppRef,
  },
  {
    $id: 'RegisteredOAuthApp',
    additionalProperties: false,
    description: 'A new app: its credentials, once, and its details',
    examples: [{ client_id: appExample.id, client_secret: 'bbcs_3q2+7w…', app: appExample }],
  },
);
export const RegisteredOAuthAppRef = refTo(RegisteredOAuthAppSchema);

const ConnectedAppSchema = Type.Object(
  {
    clientId: uuid(),
    name: Type.String(),
    homepageUrl: Type.String(),
    logoUrl: nullable(Type.String()),
    scopes: Type.Array(ScopeWordsSchema),
    grantedAt: dateTime('When you first allowed it'),
  },
  {
    $id: 'ConnectedApp',
    additionalProperties: false,
    description: 'An app connected to your account, and what it may do',
    examples: [
      {
        clientId: appExample.id,
        name: 'Site Diary',
        homepageUrl: 'https://sitediary.example',
        logoUrl: null,
        scopes: [{ scope: 'projects:read', description: 'See projects, their questions, addenda and files' }],
        grantedAt: '2027-03-02T09:30:00.000Z',
      },
    ],
  },
);
export const ConnectedAppRef = refTo(ConnectedAppSchema);

const ConsentDetailsSchema = Type.Object(
  {
    uid: Type.String(),
    app: Type.Object(
      {
        clientId: uuid(),
        name: Type.String(),
        homepageUrl: nullable(Type.String()),
        logoUrl: nullable(Type.String()),
      },
      { additionalProperties: false },
    ),
    scopes: Type.Array(ScopeWordsSchema, { description: 'What the app asks for, in words' }),
    redirectUri: Type.String({ description: 'Where the browser goes back to' }),
    loginRequired: Type.Boolean({ description: 'True when nobody is signed in' }),
  },
  {
    $id: 'OAuthConsentDetails',
    additionalProperties: false,
    description: 'An authorization request waiting for the signed-in user’s consent',
  },
);
export const ConsentDetailsRef = refTo(ConsentDetailsSchema);

const ConsentOutcomeSchema = Type.Object(
  { redirectTo: Type.String({ description: 'Where the page sends the browser (`location.assign`)' }) },
  { $id: 'OAuthConsentOutcome', additionalProperties: false, description: 'Where the browser goes next' },
);
export const ConsentOutcomeRef = refTo(ConsentOutcomeSchema);

export function toOAuthAppDto(app: OAuthAppView) {
  return {
    id: app.id,
    name: app.name,
    homepageUrl: app.homepageUrl,
    logoUrl: app.logoUrl,
    redirectUris: app.redirectUris,
    clientType: app.clientType,
    createdAt: app.createdAt.toISOString(),
  };
}

export function toConnectedAppDto(app: ConnectedApp) {
  return { ...app, grantedAt: app.grantedAt.toISOString() };
}

export const OAUTH_SCHEMAS = [
  OAuthAppSchema,
  RegisteredOAuthAppSchema,
  ConnectedAppSchema,
  ConsentDetailsSchema,
  ConsentOutcomeSchema,
];
