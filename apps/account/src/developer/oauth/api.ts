/**
 * The calls of the OAuth screens (decision 0213) through the typed openapi-fetch client: the apps a
 * developer registers, the apps a user connected, and the consent page's calls, which live under the
 * consent page's own path (the interaction cookie is scoped to it).
 */
import type { components, paths } from '@buildbid/api-client';
import { createBrowserApi, unwrap } from '@buildbid/api-client';

const api = createBrowserApi();

type Schemas = components['schemas'];
export type OAuthApp = Schemas['OAuthApp'];
export type RegisteredOAuthApp = Schemas['RegisteredOAuthApp'];
export type ConnectedApp = Schemas['ConnectedApp'];
export type ConsentDetails = Schemas['OAuthConsentDetails'];
export type NewOAuthApp = NonNullable<
  paths['/api/oauth-apps']['post']['requestBody']
>['content']['application/json'];

/** GET /api/oauth-apps: the apps I registered, newest first, never a secret. */
export function listOAuthApps(): Promise<OAuthApp[]> {
  return unwrap(api.GET('/api/oauth-apps'));
}

/** POST /api/oauth-apps: the new app, with a confidential app's client secret this once (null for a public one). */
export function registerOAuthApp(body: NewOAuthApp): Promise<RegisteredOAuthApp> {
  return unwrap(api.POST('/api/oauth-apps', { body }));
}

/** DELETE /api/oauth-apps/{id}: the app and every user's connection to it go. */
export async function deleteOAuthApp(id: string): Promise<void> {
  await unwrap(api.DELETE('/api/oauth-apps/{id}', { params: { path: { id } } }));
}

/** GET /api/connected-apps: the apps I allowed, each with what it may do in words. */
export function listConnectedApps(): Promise<ConnectedApp[]> {
  return unwrap(api.GET('/api/connected-apps'));
}

/** DELETE /api/connected-apps/{clientId}: every token the app holds for me stops working at once. */
export async function disconnectApp(clientId: string): Promise<void> {
  await unwrap(api.DELETE('/api/connected-apps/{clientId}', { params: { path: { clientId } } }));
}

/** GET /oauth/consent/{uid}/details: what the app asks for (the interaction is found by its cookie). */
export function getConsent(uid: string): Promise<ConsentDetails> {
  return unwrap(api.GET('/oauth/consent/{uid}/details', { params: { path: { uid } } }));
}

/** POST /oauth/consent/{uid}/allow: the scopes allowed; answers where the browser goes next. */
export async function allowConsent(uid: string, scopes: string[]): Promise<string> {
  const outcome = await unwrap(
    api.POST('/oauth/consent/{uid}/allow', { params: { path: { uid } }, body: { scopes } }),
  );
  return outcome.redirectTo;
}

/** POST /oauth/consent/{uid}/deny: the app is told access_denied; answers where the browser goes next. */
export async function denyConsent(uid: string): Promise<string> {
  const outcome = await unwrap(api.POST('/oauth/consent/{uid}/deny', { params: { path: { uid } } }));
  return outcome.redirectTo;
}
