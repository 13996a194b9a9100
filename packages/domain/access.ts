/** A personal access token's scopes with their words, and the token form's limits (decision 0211). */
export {
  DEFAULT_TOKEN_DAYS,
  MAX_TOKEN_DAYS,
  MAX_TOKEN_NAME_LENGTH,
} from '../../domain/access/access-token.ts';
export { SCOPE_NAMES, SCOPES, type Scope } from '../../domain/access/scopes.ts';
/** The OAuth app form's limits (decision 0213). */
export {
  MAX_APP_NAME_LENGTH,
  MAX_APP_URL_LENGTH,
  MAX_REDIRECT_URIS,
} from '../../domain/oauth/oauth-app.ts';
