import { Type } from 'typebox';
import { type AccessTokenSnapshot, tokenStatus } from '#domain/access/access-token.ts';
import { SCOPE_NAMES, SCOPES, type Scope } from '#domain/access/scopes.ts';
import { dateTime, iso, nullable, refTo, uuid } from './common.ts';

// ---- Personal access tokens (decision 0211) -----------------------------------------------------

const ScopeSchema = Type.Unsafe<Scope>({
  type: 'string',
  enum: SCOPE_NAMES,
  description: `What a token may do, one resource and one verb: ${SCOPE_NAMES.map((s) => `\`${s}\` (${SCOPES[s]})`).join('; ')}`,
});

const AccessTokenSchema = Type.Object(
  {
    id: uuid(),
    name: Type.String({ description: 'The name its owner gave it' }),
    scopes: Type.Array(ScopeSchema),
    hint: Type.String({ description: "The secret's last four characters, to tell tokens apart" }),
    status: Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('revoked')]),
    createdAt: dateTime(),
    expiresAt: dateTime(),
    lastUsedAt: nullable(dateTime()),
    lastUsedIp: nullable(Type.String({ description: 'The address of its last use' })),
    revokedAt: nullable(dateTime()),
  },
  {
    $id: 'AccessToken',
    additionalProperties: false,
    description: 'A personal access token, without its secret (shown once, at creation)',
    examples: [
      {
        id: '9b2f6c1d-4e3a-4b5c-8d7e-1f2a3b4c5d6e',
        name: 'Nightly bid report',
        scopes: ['projects:read', 'bids:read'],
        hint: 'x7Qa',
        status: 'active',
        createdAt: '2027-03-01T12:00:00.000Z',
        expiresAt: '2027-05-30T12:00:00.000Z',
        lastUsedAt: '2027-03-02T06:00:04.000Z',
        lastUsedIp: '203.0.113.7',
        revokedAt: null,
      },
    ],
  },
);
export const AccessTokenRef = refTo(AccessTokenSchema);

const CreatedAccessTokenSchema = Type.Object(
  {
    token: Type.String({
      description:
        'The secret, `bbpat_…`: shown this once and never again. Send it as `Authorization: Bearer <token>`',
    }),
    accessToken: AccessTokenRef,
  },
  {
    $id: 'CreatedAccessToken',
    additionalProperties: false,
    description: 'A new token: its secret, once, and its details',
  },
);

export const CreatedAccessTokenRef = refTo(CreatedAccessTokenSchema);

export function toAccessTokenDto(token: AccessTokenSnapshot, now: Date) {
  return {
    id: token.id,
    name: token.name,
    scopes: token.scopes,
    hint: token.hint,
    status: tokenStatus(token, now),
    createdAt: token.createdAt.toISOString(),
    expiresAt: token.expiresAt.toISOString(),
    lastUsedAt: iso(token.lastUsedAt),
    lastUsedIp: token.lastUsedIp,
    revokedAt: iso(token.revokedAt),
  };
}

export const ACCESS_TOKEN_SCHEMAS = [AccessTokenSchema, CreatedAccessTokenSchema];
