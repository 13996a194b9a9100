import {
  AuthenticateBearer,
  CreateAccessToken,
  ListAccessTokens,
  RevokeAccessToken,
} from '#application/access-tokens/index.ts';
import { context, withDeps } from './context.ts';
import { TOKENS } from './tokens.ts';

const { AccessTokens: tokens, AccessTokenSecrets: secrets, Clock: clock } = TOKENS;

/**
 * Third parties (decision 0211): personal access tokens, and who a bearer token speaks for. The access
 * check (http/access.ts) calls `authenticateBearer` on every request that carries one.
 */
export const developers = context({
  createAccessToken: withDeps(CreateAccessToken, { tokens, secrets, ids: TOKENS.Ids, clock }),
  listAccessTokens: withDeps(ListAccessTokens, { tokens }),
  revokeAccessToken: withDeps(RevokeAccessToken, { tokens, clock }),
  authenticateBearer: withDeps(AuthenticateBearer, { tokens, secrets, users: TOKENS.Users, clock }),
});
