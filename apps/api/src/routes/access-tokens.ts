import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DEFAULT_TOKEN_DAYS, MAX_ACTIVE_TOKENS, MAX_TOKEN_DAYS } from '#domain/access/access-token.ts';
import { operation } from '../http/openapi.ts';
import { AccessTokenRef, CreatedAccessTokenRef, toAccessTokenDto } from '../http/schemas/access-token.ts';
import { errors } from '../http/schemas.ts';
import { needs, type UsesOf } from '../http/services.ts';

export const accessTokenNeeds = needs(
  ['createAccessToken', 'listAccessTokens', 'revokeAccessToken'],
  ['clock'],
);

/**
 * Personal access tokens (decision 0211): the account remote's Developer page. Only a session manages
 * tokens: no token can make, list or revoke tokens (403 TOKEN_NOT_ALLOWED), so a leaked one cannot
 * extend itself.
 */
export const accessTokenRoutes: FastifyPluginAsyncTypebox<UsesOf<typeof accessTokenNeeds>> = async (
  app,
  { useCases, http },
) => {
  app.get(
    '/api/access-tokens',
    {
      schema: {
        tags: ['developers'],
        ...operation({
          id: 'listAccessTokens',
          summary: 'Your personal access tokens, newest first',
          description:
            'Active, expired and revoked, each with its scopes, expiry and last use. Never the secrets.',
          access: 'session',
          responses: { 200: 'Your tokens' },
        }),
        response: { 200: Type.Array(AccessTokenRef), ...errors(401, 403) },
      },
    },
    async (request) => {
      const now = http.clock.now();
      return (await useCases.listAccessTokens.execute(request.user)).map((token) =>
        toAccessTokenDto(token, now),
      );
    },
  );

  app.post(
    '/api/access-tokens',
    {
      schema: {
        tags: ['developers'],
        ...operation({
          id: 'createAccessToken',
          summary: 'Create a personal access token',
          description:
            `The answer holds the secret (\`bbpat_…\`), shown this once. It expires after \`expiresInDays\` ` +
            `(1..${MAX_TOKEN_DAYS}, default ${DEFAULT_TOKEN_DAYS}); at most ${MAX_ACTIVE_TOKENS} active tokens ` +
            '(409 TOKEN_LIMIT_REACHED).',
          access: 'session',
          errors: {
            400: [
              'TOKEN_NAME_REQUIRED',
              'TOKEN_NAME_TOO_LONG',
              'TOKEN_SCOPES_REQUIRED',
              'UNKNOWN_SCOPE',
              'TOKEN_EXPIRY_INVALID',
            ],
            409: ['TOKEN_LIMIT_REACHED'],
          },
          responses: { 201: 'The token, with its secret this once' },
        }),
        body: Type.Object(
          {
            name: Type.String({ maxLength: 200 }),
            scopes: Type.Array(Type.String({ maxLength: 50 }), {
              maxItems: 20,
              description: 'One or more scopes',
            }),
            expiresInDays: Type.Optional(Type.Integer({ description: `Whole days, 1..${MAX_TOKEN_DAYS}` })),
          },
          {
            examples: [
              { name: 'Nightly bid report', scopes: ['projects:read', 'bids:read'], expiresInDays: 90 },
            ],
          },
        ),
        response: { 201: CreatedAccessTokenRef, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { token, secret } = await useCases.createAccessToken.execute(request.user, request.body);
      return reply
        .status(201)
        .send({ token: secret, accessToken: toAccessTokenDto(token, http.clock.now()) });
    },
  );

  app.delete(
    '/api/access-tokens/:id',
    {
      schema: {
        tags: ['developers'],
        ...operation({
          id: 'revokeAccessToken',
          summary: 'Revoke a personal access token',
          description:
            'From the next request on, on every instance, the token answers 401 INVALID_TOKEN. It stays in the ' +
            'list as revoked. Revoking a revoked token is a success.',
          access: 'session',
          errors: { 404: ['TOKEN_NOT_FOUND'] },
          responses: { 204: 'Revoked' },
        }),
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await useCases.revokeAccessToken.execute(request.user, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
