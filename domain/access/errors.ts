/**
 * The error catalogue of third-party access: personal access tokens and their scopes
 * (docs/decisions/0211-personal-access-tokens-and-scopes.md).
 */
import { errorCatalogue } from '../shared/errors.ts';

export const ACCESS_ERRORS = errorCatalogue({
  INVALID_TOKEN: ['unauthenticated', 'The access token is not valid, has expired or was revoked'],
  INSUFFICIENT_SCOPE: ['forbidden', 'The access token does not have the scope this operation needs'],
  TOKEN_NOT_ALLOWED: ['forbidden', 'This operation cannot be called with an access token'],
  TOKEN_NAME_REQUIRED: ['invalid', 'Give the token a name'],
  TOKEN_NAME_TOO_LONG: ['invalid', 'A token name has at most 100 characters'],
  TOKEN_SCOPES_REQUIRED: ['invalid', 'Choose at least one scope'],
  UNKNOWN_SCOPE: ['invalid'],
  TOKEN_EXPIRY_INVALID: ['invalid', 'A token expires after 1 to 365 days'],
  TOKEN_LIMIT_REACHED: ['conflict', 'You can have at most 50 active tokens; revoke one first'],
  TOKEN_NOT_FOUND: ['not_found', 'Token not found'],
});
