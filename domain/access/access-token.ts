/**
 * A personal access token: a credential a user makes for a script or an integration, acting as the user
 * within the scopes it names (docs/decisions/0211-personal-access-tokens-and-scopes.md). The secret is
 * shown once, at creation; only its hash is kept.
 */
import { ACCESS_ERRORS } from './errors.ts';
import { isScope, SCOPE_NAMES, type Scope } from './scopes.ts';

/** Every personal access token starts with this, so secret scanners can recognise a leaked one. */
export const TOKEN_PREFIX = 'bbpat_';
export const DEFAULT_TOKEN_DAYS = 90;
export const MAX_TOKEN_DAYS = 365;
export const MAX_TOKEN_NAME_LENGTH = 100;
/** Active (not expired, not revoked) tokens a user may hold at once. */
export const MAX_ACTIVE_TOKENS = 50;
/** The last use is written at most this often per token, so a busy script does not write on every call. */
const LAST_USE_RESOLUTION_MS = 60_000;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AccessTokenSnapshot {
  id: string;
  userId: string;
  name: string;
  /** Sorted in the catalogue's order, each once. */
  scopes: Scope[];
  /** The hash of the secret; the secret itself is never stored. */
  tokenHash: string;
  /** The secret's last four characters, so a user can tell tokens apart ('bbpat_…x7Qa'). */
  hint: string;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
  revokedAt: Date | null;
}

export type AccessTokenStatus = 'active' | 'expired' | 'revoked';

export interface NewAccessTokenInput {
  id: string;
  userId: string;
  name: string;
  scopes: readonly string[];
  /** Whole days until it expires: 1 to 365; 90 when not given. */
  expiresInDays?: number | undefined;
  secret: string;
  tokenHash: string;
  now: Date;
}

function tokenName(raw: string): string {
  const name = raw.trim();
  if (!name) throw ACCESS_ERRORS.TOKEN_NAME_REQUIRED({ field: 'name' });
  if (name.length > MAX_TOKEN_NAME_LENGTH) throw ACCESS_ERRORS.TOKEN_NAME_TOO_LONG({ field: 'name' });
  return name;
}

/** The scopes asked for, checked and put in the catalogue's order (a repeated scope counts once). */
function tokenScopes(raw: readonly string[]): Scope[] {
  if (raw.length === 0) throw ACCESS_ERRORS.TOKEN_SCOPES_REQUIRED({ field: 'scopes' });
  const unknown = raw.find((scope) => !isScope(scope));
  if (unknown !== undefined) {
    throw ACCESS_ERRORS.UNKNOWN_SCOPE({
      message: `Unknown scope '${unknown}'; the scopes are ${SCOPE_NAMES.join(', ')}`,
      field: 'scopes',
    });
  }
  return SCOPE_NAMES.filter((scope) => raw.includes(scope));
}

function tokenExpiry(now: Date, days: number | undefined): Date {
  const chosen = days ?? DEFAULT_TOKEN_DAYS;
  if (!Number.isInteger(chosen) || chosen < 1 || chosen > MAX_TOKEN_DAYS) {
    throw ACCESS_ERRORS.TOKEN_EXPIRY_INVALID({ field: 'expiresInDays' });
  }
  return new Date(now.getTime() + chosen * DAY_MS);
}

export function newAccessToken(input: NewAccessTokenInput): AccessTokenSnapshot {
  return {
    id: input.id,
    userId: input.userId,
    name: tokenName(input.name),
    scopes: tokenScopes(input.scopes),
    tokenHash: input.tokenHash,
    hint: input.secret.slice(-4),
    createdAt: input.now,
    expiresAt: tokenExpiry(input.now, input.expiresInDays),
    lastUsedAt: null,
    lastUsedIp: null,
    revokedAt: null,
  };
}

export function tokenStatus(
  token: Pick<AccessTokenSnapshot, 'expiresAt' | 'revokedAt'>,
  now: Date,
): AccessTokenStatus {
  if (token.revokedAt) return 'revoked';
  return token.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

/** Whether a use now should be written down (the last one is older than the resolution, or there is none). */
export function isUseWorthRecording(
  token: Pick<AccessTokenSnapshot, 'lastUsedAt' | 'lastUsedIp'>,
  now: Date,
  ip: string,
): boolean {
  if (!token.lastUsedAt || token.lastUsedIp !== ip) return true;
  return now.getTime() - token.lastUsedAt.getTime() >= LAST_USE_RESOLUTION_MS;
}

/** Whether a credential with these scopes may call an operation that needs `needed`. */
export function grants(scopes: readonly string[], needed: Scope): boolean {
  return scopes.includes(needed);
}
