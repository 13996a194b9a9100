import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Grant, Interaction } from 'oidc-provider';
import { isScope } from '../../domain/access/scopes.ts';
import { OAUTH_ERRORS } from '../../domain/oauth/errors.ts';
import {
  consentedScopes,
  OFFLINE_ACCESS,
  type ScopeWords,
  scopeWords,
} from '../../domain/oauth/oauth-app.ts';
import type { OAuthServer } from './provider.ts';

/**
 * The consent step of an authorization (docs/decisions/0213-oauth-apps-with-oidc-provider.md). The
 * provider sends the browser to `${CONSENT_PATH}/{uid}`; the HTTP layer serves BuildBid's consent page
 * there and calls these with the raw request and response (the interaction cookie is read from them)
 * and the uid from the path. The signed-in BuildBid user is the one who consents.
 */
export interface ConsentRequest {
  req: IncomingMessage;
  res: ServerResponse;
  /** The {uid} of the consent page's path. */
  uid: string;
}

/** What the consent page shows. */
export interface ConsentDetails {
  uid: string;
  app: { clientId: string; name: string; homepageUrl: string | null; logoUrl: string | null };
  /** What the app asks for, in words, in the catalogue's order (offline_access last). */
  scopes: ScopeWords[];
  /** Where the browser goes back to, so the user can see whose site it is. */
  redirectUri: string;
  /** True when nobody is signed in: the page sends the user to sign in, then back to itself. */
  loginRequired: boolean;
}

/** Where the browser goes next: the authorization endpoint, which then redirects to the app. */
export interface ConsentOutcome {
  redirectTo: string;
}

async function interactionOf(server: OAuthServer, request: ConsentRequest): Promise<Interaction> {
  let interaction: Interaction;
  try {
    interaction = await server.provider.interactionDetails(request.req, request.res);
  } catch {
    throw OAUTH_ERRORS.INTERACTION_NOT_FOUND();
  }
  // The cookie names the interaction; the page's path must name the same one.
  if (interaction.uid !== request.uid) throw OAUTH_ERRORS.INTERACTION_NOT_FOUND();
  return interaction;
}

/** The app the interaction is for; gone (deleted meanwhile) ends the interaction. */
async function clientOf(server: OAuthServer, interaction: Interaction) {
  const client = await server.provider.Client.find(String(interaction.params.client_id));
  if (!client) throw OAUTH_ERRORS.INTERACTION_NOT_FOUND();
  return client;
}

const requestedScopes = (interaction: Interaction) =>
  String(interaction.params.scope ?? '')
    .split(' ')
    .filter(Boolean);

export async function interactionDetails(
  server: OAuthServer,
  request: ConsentRequest,
  signedInUserId: string | null,
): Promise<ConsentDetails> {
  const interaction = await interactionOf(server, request);
  const client = await clientOf(server, interaction);
  return {
    uid: interaction.uid,
    app: {
      clientId: client.clientId,
      name: client.clientName ?? client.clientId,
      homepageUrl: client.clientUri ?? null,
      logoUrl: client.logoUri ?? null,
    },
    scopes: scopeWords(requestedScopes(interaction)),
    redirectUri: String(interaction.params.redirect_uri),
    loginRequired: signedInUserId === null,
  };
}

/**
 * The user allows `approvedScopes` (a part of what the app asked for). The user's standing grant to the
 * app, if any, takes the change, so the app keeps one connection per user; what the user left unticked
 * is withdrawn from it. Answers where the page sends the browser.
 */
export async function finishConsent(
  server: OAuthServer,
  request: ConsentRequest,
  userId: string,
  approvedScopes: readonly string[],
): Promise<ConsentOutcome> {
  const interaction = await interactionOf(server, request);
  const requested = requestedScopes(interaction);
  const allowed = new Set(consentedScopes(requested, approvedScopes));
  const { clientId } = await clientOf(server, interaction);
  const grant = await grantFor(server, userId, clientId);

  const resource = new Set(grant.getResourceScope(server.apiResource).split(' ').filter(Boolean));
  const openid = new Set(grant.getOIDCScope().split(' ').filter(Boolean));
  const declined = { resource: [] as string[], openid: [] as string[] };
  const decide = (scope: string, granted: Set<string>, refused: string[]) => {
    if (allowed.has(scope)) granted.add(scope);
    else {
      granted.delete(scope);
      refused.push(scope);
    }
  };
  for (const scope of requested) {
    if (isScope(scope)) decide(scope, resource, declined.resource);
    else if (scope === OFFLINE_ACCESS) decide(scope, openid, declined.openid);
  }
  // `openid` asks for the user's id only: it comes with whatever else the user allows.
  if (requested.includes('openid')) openid.add('openid');
  grant.resources = { [server.apiResource]: [...resource].join(' ') };
  grant.openid = { ...grant.openid, scope: [...openid].join(' ') };
  // Declined scopes count as answered, so the provider does not ask again in a loop.
  grant.rejected = {
    resources: { [server.apiResource]: declined.resource.join(' ') },
    openid: { scope: declined.openid.join(' ') },
  };
  const grantId = await grant.save();

  const redirectTo = await server.provider.interactionResult(
    request.req,
    request.res,
    { login: { accountId: userId, remember: false }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
  return { redirectTo };
}

/** The user's grant to the app, a year from now (a new one when there is none). */
async function grantFor(server: OAuthServer, userId: string, clientId: string): Promise<Grant> {
  const { Grant } = server.provider;
  const standingId = await server.storage.findGrantId(userId, clientId);
  const standing = standingId ? await Grant.find(standingId) : undefined;
  if (!standing || standing.accountId !== userId || standing.clientId !== clientId) {
    return new Grant({ accountId: userId, clientId });
  }
  // A new consent renews the connection's year (see OAUTH_TTL.Grant).
  (standing as { exp?: number }).exp = undefined;
  return standing;
}

/** 'Cancel': the app is told `access_denied` at its redirect URI. */
export async function denyConsent(server: OAuthServer, request: ConsentRequest): Promise<ConsentOutcome> {
  await interactionOf(server, request);
  const redirectTo = await server.provider.interactionResult(
    request.req,
    request.res,
    { error: 'access_denied', error_description: 'The user did not allow access' },
    { mergeWithLastSubmission: false },
  );
  return { redirectTo };
}
