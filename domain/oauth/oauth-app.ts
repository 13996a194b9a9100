/**
 * OAuth apps (docs/decisions/0213-oauth-apps-with-oidc-provider.md): a developer registers an app with
 * the addresses BuildBid may send its users back to; a user then connects it to their account through
 * the authorization-code flow, granting some of the scopes of domain/access/scopes.ts.
 */
import { isScope, SCOPE_NAMES, SCOPES, type Scope } from '../access/scopes.ts';
import { OAUTH_ERRORS } from './errors.ts';

export const MAX_APP_NAME_LENGTH = 100;
export const MAX_REDIRECT_URIS = 10;
/** Longer addresses than this are refused; browsers and proxies start to cut URLs beyond it. */
export const MAX_APP_URL_LENGTH = 2000;
/** The OAuth scope that asks for a refresh token, so the app keeps access while the user is away. */
export const OFFLINE_ACCESS = 'offline_access';
export const OFFLINE_ACCESS_WORDS = 'Keep this access while you are away, until you disconnect the app';
/** The hosts an http:// redirect URI may name, in development only (RFC 8252's loopback redirects). */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Confidential apps run on a server and authenticate with a secret; public apps (a single-page or a
 * command-line app) cannot keep one, and rely on PKCE alone.
 */
export type OAuthClientType = 'confidential' | 'public';

export interface OAuthAppSnapshot {
  /** The OAuth client_id. */
  id: string;
  ownerUserId: string;
  name: string;
  homepageUrl: string;
  logoUrl: string | null;
  /** Distinct, in the order given; a redirect_uri must equal one of them exactly. */
  redirectUris: string[];
  /** The SHA-256 of the client secret; null for a public app. The secret is shown once, at registration. */
  secretHash: string | null;
  createdAt: Date;
}

export interface NewOAuthAppInput {
  id: string;
  ownerUserId: string;
  name: string;
  homepageUrl: string;
  logoUrl?: string | null | undefined;
  redirectUris: readonly string[];
  secretHash: string | null;
  now: Date;
  /** Whether http://localhost redirect URIs are accepted (development only). */
  loopbackRedirects: boolean;
}

/** A scope as the consent page and the connected-apps list show it. */
export interface ScopeWords {
  scope: Scope | typeof OFFLINE_ACCESS;
  description: string;
}

/** An app a user has connected: what it may do, and since when. */
export interface ConnectedApp {
  clientId: string;
  name: string;
  homepageUrl: string;
  logoUrl: string | null;
  scopes: ScopeWords[];
  grantedAt: Date;
}

export function clientTypeOf(app: Pick<OAuthAppSnapshot, 'secretHash'>): OAuthClientType {
  return app.secretHash === null ? 'public' : 'confidential';
}

function appName(raw: string): string {
  const name = raw.trim();
  if (!name) throw OAUTH_ERRORS.APP_NAME_REQUIRED({ field: 'name' });
  if ([...name].length > MAX_APP_NAME_LENGTH) throw OAUTH_ERRORS.APP_NAME_TOO_LONG({ field: 'name' });
  return name;
}

/** The URL parsed, or null when it is no absolute URL, is too long or carries a user name or password. */
function parsedUrl(url: string): URL | null {
  if (url.length > MAX_APP_URL_LENGTH) return null;
  const parsed = URL.parse(url);
  if (!parsed?.hostname || parsed.username || parsed.password) return null;
  return parsed;
}

/** The homepage or the logo: an https address, as given (trimmed). */
function appUrl(raw: string, field: 'homepageUrl' | 'logoUrl'): string {
  const url = raw.trim();
  if (parsedUrl(url)?.protocol !== 'https:') throw OAUTH_ERRORS.APP_URL_INVALID({ field });
  return url;
}

/**
 * One redirect URI (RFC 6749 section 3.1.2, RFC 9700 section 2.1): absolute, without a fragment, https
 * or, in development, http on a loopback host. It is kept exactly as given, since the authorization
 * request must repeat it character for character.
 */
export function redirectUri(raw: string, loopbackRedirects: boolean): string {
  const parsed = parsedUrl(raw);
  const refuse = (why: string) =>
    OAUTH_ERRORS.REDIRECT_URI_INVALID({ message: `Redirect URI '${raw}' ${why}`, field: 'redirectUris' });
  if (!parsed || raw !== raw.trim()) throw refuse('is not a full address');
  if (parsed.hash || raw.includes('#')) throw refuse('must not have a #fragment');
  if (parsed.protocol === 'https:') return raw;
  if (parsed.protocol === 'http:' && loopbackRedirects && LOOPBACK_HOSTS.includes(parsed.hostname))
    return raw;
  throw refuse(loopbackRedirects ? 'must use https:// (or http://localhost)' : 'must use https://');
}

function redirectUris(raw: readonly string[], loopbackRedirects: boolean): string[] {
  const distinct = [...new Set(raw)];
  if (distinct.length === 0) throw OAUTH_ERRORS.REDIRECT_URIS_REQUIRED({ field: 'redirectUris' });
  if (distinct.length > MAX_REDIRECT_URIS)
    throw OAUTH_ERRORS.TOO_MANY_REDIRECT_URIS({ field: 'redirectUris' });
  return distinct.map((uri) => redirectUri(uri, loopbackRedirects));
}

export function newOAuthApp(input: NewOAuthAppInput): OAuthAppSnapshot {
  const logo = input.logoUrl?.trim();
  return {
    id: input.id,
    ownerUserId: input.ownerUserId,
    name: appName(input.name),
    homepageUrl: appUrl(input.homepageUrl, 'homepageUrl'),
    logoUrl: logo ? appUrl(logo, 'logoUrl') : null,
    redirectUris: redirectUris(input.redirectUris, input.loopbackRedirects),
    secretHash: input.secretHash,
    createdAt: input.now,
  };
}

/** The scopes we know among `scopes`, in the catalogue's order and each once, with their words. */
export function scopeWords(scopes: Iterable<string>): ScopeWords[] {
  const given = new Set(scopes);
  const words: ScopeWords[] = SCOPE_NAMES.filter((scope) => given.has(scope)).map((scope) => ({
    scope,
    description: SCOPES[scope],
  }));
  if (given.has(OFFLINE_ACCESS)) words.push({ scope: OFFLINE_ACCESS, description: OFFLINE_ACCESS_WORDS });
  return words;
}

/**
 * What the user allows on the consent page, checked against what the app asked for: only requested
 * scopes, and at least one BuildBid scope (offline_access alone gives access to nothing).
 */
export function consentedScopes(requested: Iterable<string>, approved: readonly string[]): string[] {
  const asked = new Set(requested);
  const extra = approved.find((scope) => !asked.has(scope));
  if (extra !== undefined) {
    throw OAUTH_ERRORS.CONSENT_SCOPE_NOT_REQUESTED({
      message: `The app did not ask for '${extra}'`,
      field: 'scopes',
    });
  }
  const allowed = scopeWords(approved).map((words) => words.scope);
  if (!allowed.some(isScope)) throw OAUTH_ERRORS.CONSENT_SCOPES_REQUIRED({ field: 'scopes' });
  return allowed;
}
