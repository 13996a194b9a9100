import { clientTypeOf, type OAuthAppSnapshot, type OAuthClientType } from '../../domain/oauth/oauth-app.ts';

/** An app as its owner's list shows it: everything but the secret's hash. */
export type OAuthAppView = Omit<OAuthAppSnapshot, 'secretHash'> & { clientType: OAuthClientType };

export function oauthAppView({ secretHash, ...app }: OAuthAppSnapshot): OAuthAppView {
  return { ...app, clientType: clientTypeOf({ secretHash }) };
}
