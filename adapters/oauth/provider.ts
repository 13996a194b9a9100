import { createPrivateKey, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, {
  type Adapter,
  type ClientMetadata,
  type Configuration,
  errors,
  interactionPolicy,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { UserRepository } from '../../application/accounts/ports.ts';
import type { OAuthAppRepository } from '../../application/oauth-apps/ports.ts';
import { SCOPE_NAMES } from '../../domain/access/scopes.ts';
import { type OAuthAppSnapshot, OFFLINE_ACCESS } from '../../domain/oauth/oauth-app.ts';
import { hashClientSecret } from './credentials.ts';

/**
 * BuildBid's OAuth 2.0 authorization server: oidc-provider, configured as
 * docs/decisions/0213-oauth-apps-with-oidc-provider.md describes. Authorization code with PKCE (S256)
 * only, opaque access tokens for the API, rotating refresh tokens, revocation and introspection.
 */

/** Where the provider's endpoints live under PUBLIC_URL: /oauth/auth, /oauth/token, /oauth/token/revocation, ... */
export const OAUTH_PREFIX = '/oauth';
/** The consent page: `${CONSENT_PATH}/{uid}` (the interaction cookie is scoped to it). */
export const CONSENT_PATH = `${OAUTH_PREFIX}/consent`;
/** The metadata paths answered at the root: RFC 8414's, and OpenID Connect discovery's for the same issuer. */
export const METADATA_PATHS = [
  '/.well-known/oauth-authorization-server',
  '/.well-known/openid-configuration',
];

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;
export const OAUTH_TTL = {
  AccessToken: 60 * MINUTE,
  AuthorizationCode: MINUTE,
  /** Unused this long, a refresh token dies; each use gives a new one for as long again. */
  RefreshToken: 30 * DAY,
  /** A connection ends a year after the user last allowed the app, unless the app sends them through consent again. */
  Grant: 365 * DAY,
  IdToken: 60 * MINUTE,
  /** How long the consent page may stay open. */
  Interaction: 15 * MINUTE,
  /** The provider's own session is thrown away after each authorization (see discardProviderSession). */
  Session: 10 * MINUTE,
} as const;

/** The cookie names, apart from BuildBid's own session cookie. */
const COOKIE_NAMES = {
  interaction: 'buildbid_oauth_interaction',
  resume: 'buildbid_oauth_resume',
  session: 'buildbid_oauth_session',
};

/** Where the provider keeps its models, and the grant lookup the consent step needs. */
interface OAuthStorage {
  adapterFor(model: string): Adapter;
  findGrantId(userId: string, clientId: string): Promise<string | null>;
}

export interface OAuthProviderOptions {
  /** PUBLIC_URL: the issuer identifier. */
  issuer: string;
  /** SESSION_SECRET's bytes: the cookie keys and the signing key are derived from it with HKDF. */
  secret: Buffer;
  apps: Pick<OAuthAppRepository, 'findById'>;
  storage: OAuthStorage;
  users: Pick<UserRepository, 'findById'>;
}

export interface OAuthServer {
  provider: Provider;
  /** The resource indicator and audience of the BuildBid API: `${issuer}/api`. */
  apiResource: string;
  storage: OAuthStorage;
  /**
   * Serves one request for OAUTH_PREFIX/* or one of METADATA_PATHS on the raw Node objects (the
   * HTTP layer hands them over untouched, body unread); anything else answers 404.
   */
  handle(req: IncomingMessage, res: ServerResponse): void;
}

const derive = (secret: Buffer, label: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'buildbid', label, 32));

/** An Ed25519 signing key (ID tokens, for clients that ask for `openid`), derived so every instance has the same. */
function signingKey(secret: Buffer) {
  const pkcs8 = Buffer.concat([
    Buffer.from('302e020100300506032b657004220420', 'hex'), // PKCS#8 header of a raw Ed25519 seed (RFC 8410)
    derive(secret, 'oauth-signing-key-v1'),
  ]);
  const jwk = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }).export({ format: 'jwk' });
  return { ...jwk, alg: 'EdDSA', use: 'sig' };
}

/** An app as oidc-provider's client metadata: code flow only; a secret for confidential apps. */
function clientMetadata(app: OAuthAppSnapshot): ClientMetadata {
  return {
    client_id: app.id,
    client_name: app.name,
    client_uri: app.homepageUrl,
    ...(app.logoUrl ? { logo_uri: app.logoUrl } : {}),
    redirect_uris: app.redirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    ...(app.secretHash
      ? { token_endpoint_auth_method: 'client_secret_basic', client_secret: app.secretHash }
      : { token_endpoint_auth_method: 'none' }),
  };
}

/** The Client model's Adapter: apps are read from oauth_apps, never written by the provider. */
function appClients(apps: OAuthProviderOptions['apps']): Adapter {
  const readOnly = async () => undefined;
  return {
    async find(id) {
      const app = await apps.findById(id);
      return app ? clientMetadata(app) : undefined;
    },
    upsert: readOnly,
    findByUid: readOnly,
    findByUserCode: readOnly,
    consume: readOnly,
    destroy: readOnly,
    revokeByGrantId: readOnly,
  };
}

/**
 * Every authorization is confirmed on BuildBid's consent page by the signed-in user, even when a
 * grant already covers the scopes: the provider never decides alone who the user is.
 */
function consentPolicy() {
  const policy = interactionPolicy.base();
  policy
    .get('consent')
    ?.checks.add(
      new interactionPolicy.Check(
        'buildbid_consent',
        'the signed-in BuildBid user confirms every authorization',
        (ctx) => !ctx.oidc.result?.consent,
      ),
    );
  return policy;
}

const ownTokensOnly = async (
  _ctx: KoaContextWithOIDC,
  client: { clientId: string },
  token: { clientId?: string },
) => token.clientId === client.clientId;

export function createOAuthProvider(options: OAuthProviderOptions): OAuthServer {
  const issuer = options.issuer.replace(/\/+$/, '');
  const apiResource = `${issuer}/api`;
  const resourceServer = {
    scope: SCOPE_NAMES.join(' '),
    audience: apiResource,
    accessTokenTTL: OAUTH_TTL.AccessToken,
    accessTokenFormat: 'opaque' as const,
  };
  const configuration: Configuration = {
    adapter: (model: string) =>
      model === 'Client' ? appClients(options.apps) : options.storage.adapterFor(model),
    async findAccount(_ctx, sub) {
      const user = await options.users.findById(sub);
      if (!user || user.isDeleted) return undefined;
      return { accountId: user.id, claims: () => ({ sub: user.id }) };
    },
    responseTypes: ['code'],
    pkce: { required: () => true },
    clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'none'],
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'EdDSA',
    },
    enabledJWA: { idTokenSigningAlgValues: ['EdDSA'] },
    scopes: ['openid', OFFLINE_ACCESS],
    features: {
      devInteractions: { enabled: false },
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      userinfo: { enabled: false },
      // An app may revoke and introspect its own tokens only; another's is answered as an unknown token
      // (the defaults let any confidential app introspect any token).
      revocation: { enabled: true, allowedPolicy: ownTokensOnly },
      introspection: { enabled: true, allowedPolicy: ownTokensOnly },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => apiResource,
        useGrantedResource: async () => true,
        async getResourceServerInfo(_ctx, indicator) {
          if (indicator !== apiResource) throw new errors.InvalidTarget();
          return resourceServer;
        },
      },
    },
    rotateRefreshToken: true,
    // Tokens live by their own TTLs: the provider's session is discarded after each authorization.
    expiresWithSession: async () => false,
    ttl: { ...OAUTH_TTL },
    interactions: {
      policy: consentPolicy(),
      url: async (_ctx: KoaContextWithOIDC, interaction) => `${CONSENT_PATH}/${interaction.uid}`,
    },
    cookies: {
      names: COOKIE_NAMES,
      keys: [derive(options.secret, 'oauth-cookies-v1').toString('base64url')],
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    jwks: { keys: [signingKey(options.secret)] },
  };

  const provider = new Provider(issuer, configuration);
  // The public origin comes from PUBLIC_URL, never from a request's Host or X-Forwarded-* headers.
  provider.proxy = true;
  // A confidential app's secret is stored as its SHA-256: compare the hash of what the app presents.
  provider.Client.prototype.compareClientSecret = function compareClientSecret(actual: string) {
    const expected = Buffer.from(String(this.clientSecret ?? ''), 'utf8');
    const given = Buffer.from(hashClientSecret(actual), 'utf8');
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  provider.use(async (ctx, next) => {
    // The endpoints' URLs (metadata, redirects) name OAUTH_PREFIX, whichever path the request came by.
    Object.assign(ctx, { mountPath: OAUTH_PREFIX });
    await next();
  });
  provider.use(consentIsAlwaysAsked);
  provider.use(discardProviderSession);
  provider.use(advertiseScopes);
  return {
    provider,
    apiResource,
    storage: options.storage,
    handle: requestHandler(provider, new URL(issuer)),
  };
}

/**
 * Every authorization request carries `prompt=consent` (added when the app did not ask for `none`):
 * BuildBid asks every time anyway (consentPolicy), and OpenID Connect honours `offline_access`, the
 * scope that yields a refresh token, only on requests that prompt for consent.
 */
async function consentIsAlwaysAsked(ctx: KoaContextWithOIDC, next: () => Promise<void>) {
  if (ctx.method === 'GET' && ctx.path === '/auth') {
    const prompts = new Set(
      String(ctx.query.prompt ?? '')
        .split(' ')
        .filter(Boolean),
    );
    if (!prompts.has('none') && !prompts.has('consent')) {
      ctx.query = { ...ctx.query, prompt: [...prompts, 'consent'].join(' ') };
    }
  }
  await next();
}

/**
 * BuildBid's sign-in is the only login. The provider never sees a session cookie of its own, and the
 * session it makes to finish an authorization is deleted before the answer leaves, so a user who signs
 * out, or another user on the same browser, can never be authorized as someone else.
 */
async function discardProviderSession(ctx: KoaContextWithOIDC, next: () => Promise<void>) {
  const cookie = ctx.req.headers.cookie;
  if (cookie) {
    ctx.req.headers.cookie = cookie
      .split(';')
      .filter((part) => !part.trim().startsWith(`${COOKIE_NAMES.session}`))
      .join(';');
  }
  await next();
  const session = ctx.oidc?.entities.Session as { destroyed?: boolean; destroy(): Promise<void> } | undefined;
  if (session && !session.destroyed) await session.destroy();
  const setCookie = ctx.response.get('set-cookie') as unknown;
  if (Array.isArray(setCookie)) {
    ctx.set(
      'set-cookie',
      setCookie.filter((line: string) => !line.startsWith(COOKIE_NAMES.session)),
    );
  }
}

/** The metadata lists the API's scopes too (oidc-provider lists only those of OpenID Connect). */
async function advertiseScopes(ctx: KoaContextWithOIDC, next: () => Promise<void>) {
  await next();
  if (ctx.oidc?.route === 'discovery' && ctx.body && typeof ctx.body === 'object') {
    const body = ctx.body as { scopes_supported?: string[] };
    body.scopes_supported = [...SCOPE_NAMES, ...(body.scopes_supported ?? [])];
  }
}

/** See OAuthServer.handle: the provider sees its own paths, and OAUTH_PREFIX as its mount point. */
function requestHandler(provider: Provider, issuer: URL) {
  const callback = provider.callback();
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    let inner: string;
    if (METADATA_PATHS.includes(path))
      inner = `/.well-known/openid-configuration${query === -1 ? '' : url.slice(query)}`;
    else if (path.startsWith(`${OAUTH_PREFIX}/`)) inner = url.slice(OAUTH_PREFIX.length);
    else {
      res.statusCode = 404;
      res.end();
      return;
    }
    req.url = inner;
    req.headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1);
    req.headers['x-forwarded-host'] = issuer.host;
    void callback(req, res);
  };
}
