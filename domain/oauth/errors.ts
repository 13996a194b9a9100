/**
 * The error catalogue of OAuth apps: the apps developers register, and the apps users connect
 * (docs/decisions/0213-oauth-apps-with-oidc-provider.md).
 */
import { errorCatalogue } from '../shared/errors.ts';

export const OAUTH_ERRORS = errorCatalogue({
  APP_NAME_REQUIRED: ['invalid', 'Give the app a name'],
  APP_NAME_TOO_LONG: ['invalid', 'An app name has at most 100 characters'],
  APP_URL_INVALID: ['invalid', 'Enter a full https:// address'],
  REDIRECT_URIS_REQUIRED: ['invalid', 'Add at least one redirect URI'],
  TOO_MANY_REDIRECT_URIS: ['invalid', 'An app has at most 10 redirect URIs'],
  REDIRECT_URI_INVALID: ['invalid'],
  APP_NOT_FOUND: ['not_found', 'App not found'],
  CONNECTION_NOT_FOUND: ['not_found', 'This app is not connected to your account'],
  INTERACTION_NOT_FOUND: [
    'not_found',
    'This authorization request has expired or was already answered; start again from the app',
  ],
  CONSENT_SCOPES_REQUIRED: ['invalid', 'Allow at least one kind of access, or deny'],
  CONSENT_SCOPE_NOT_REQUESTED: ['invalid'],
});
