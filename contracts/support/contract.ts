import { join } from 'node:path';

/** The provider every frontend's pact is with. */
export const PROVIDER = 'buildbid-api';

/**
 * The consumers: one per deployable frontend. Pact names them `buildbid-<app>` and the pact file is
 * contracts/pacts/<consumer>-<provider>.json.
 */
export const CONSUMERS = {
  shell: 'buildbid-shell',
  account: 'buildbid-account',
  projects: 'buildbid-projects',
  bids: 'buildbid-bids',
  admin: 'buildbid-admin',
} as const;
export type FrontendName = keyof typeof CONSUMERS;
export type ConsumerName = (typeof CONSUMERS)[FrontendName];

/** Where the committed contracts live. */
// import.meta.dirname, not new URL(..., import.meta.url): under jsdom, URL is jsdom's and Node refuses it.
export const PACTS_DIR = join(import.meta.dirname, '..', 'pacts');

export function pactFileOf(consumer: ConsumerName): string {
  return join(PACTS_DIR, `${consumer}-${PROVIDER}.json`);
}

/** The session cookie's name (apps/api/src/http/auth.ts SESSION_COOKIE); the value is opaque to the frontends. */
export const SESSION_COOKIE = 'buildbid_session';

/**
 * Provider states: the consumer names them (with parameters), the provider's state handlers make them
 * true through the use cases. States compose: an interaction may list several, in order; values they
 * return (ids) are what `fromProviderState('${projectId}', example)` expressions read.
 */
export const STATES = {
  /**
   * A registered user. params: { email, password?, role? ('client' | 'contractor' | 'vendor' | 'admin'),
   * firstName?, lastName?, country?, as? (the key its id is returned
   * under, default 'userId') }.
   */
  userExists: 'a user exists',
  /**
   * The same user, signed in: the request's Cookie header is replaced by a real session of that user.
   * Same params as 'a user exists'.
   */
  signedInUser: 'a signed-in user',
  /**
   * A project posted through the use case by a user of an earlier state. params: { owner (email),
   * title?, country?, bidDeadline? (ISO date-time; default in 30 days), as? (default 'projectId') }.
   */
  projectExists: 'a project exists',
  /**
   * A bid on a project of an earlier state. params: { contractor (email), project? (key, default
   * 'projectId'), amount?, timeline?, proposal?, status? ('pending' | 'accepted' | 'rejected'),
   * owner? (email, needed to decide), phase? (after 'accepted': the owner moves the work on to
   * 'in_progress', 'review' or 'completed'), reviewRating? and reviewComment? (after 'completed': the
   * owner's review of the contractor), as? (default 'bidId') }.
   */
  bidExists: 'a bid exists',
  /**
   * An addendum to a project of an earlier state, posted by its owner. params: { owner (email), text?,
   * project? (key, default 'projectId') }.
   */
  addendumExists: 'an addendum exists',
  /**
   * A question on a project of an earlier state (decision 0131), asked by a contractor of an earlier state.
   * params: { asker (email), text?, answer? (the owner answers it), owner? (email, needed with answer),
   * project? (key, default 'projectId'), as? (default 'questionId') }.
   */
  questionExists: 'a question exists',
  /**
   * A saved search (decision 0133) of a user of an earlier state. params: { user (email), name?, q?, country?,
   * alerts? ('off' | 'instant' | 'daily'), as? (default 'savedSearchId') }.
   */
  savedSearchExists: 'a saved search exists',
  /** A notification for a user of an earlier state. params: { user (email), title?, message?, as? ('notificationId') }. */
  notificationExists: 'a notification exists',
  /** A message between two users of earlier states. params: { from (email), to (email), content?, as? ('messageId') }. */
  messageExists: 'a message exists',
  /**
   * A Pro subscription started (and confirmed with the sandbox's test card) by a user of an earlier
   * state. params: { user (email), confirmed? (default true) }. Returns { clientSecret } when unconfirmed.
   */
  subscriptionExists: 'a subscription exists',
  /**
   * A password reset asked for (decision 0160) by a user of an earlier state, through the use case; the token
   * is read from the link in the queued mail. params: { user (email), as? (default 'resetToken') }.
   * Returns { [as]: token }.
   */
  passwordResetRequested: 'a password reset was requested',
  /**
   * The verification link of a user of an earlier state (decision 0160), from the mail the registration
   * queued; with verified: true the link has been followed. params: { user (email), verified? (default
   * false), as? (default 'verificationToken') }. Returns { [as]: token }.
   */
  emailVerificationSent: 'an email verification was sent',
  /**
   * A user of an earlier state deleted their account (decision 0193), through the use case. params: { user
   * (email), password? (the one it registered with) }.
   */
  accountDeleted: 'an account was deleted',
  /**
   * A user of an earlier state blocked another (decision 0220), through the use case. params: { blocker
   * (email), blocked (email) }.
   */
  userBlocked: 'a user blocked another',
  /**
   * An admin of an earlier state suspended a user of an earlier state (decision 0223), through the use case.
   * params: { admin (email), user (email), days? (a number; absent: until lifted), reason? }.
   */
  userSuspended: 'a user is suspended',
  /**
   * A user of an earlier state reported an item (decision 0221) through FileReport. params: { reporter (email),
   * targetType, target (the key an earlier state returned the item's id under, e.g. 'projectId', 'messageId'),
   * reason? (default 'scam'), claimedBy? (an admin's email: the item is then claimed by them) }.
   */
  reportFiled: 'a report was filed',
  /**
   * An OAuth app (decision 0213) registered through the use case by a user of an earlier state. params:
   * { owner (email), name?, clientType? ('confidential' | 'public'), as? (default 'oauthAppId') }. Returns
   * { [as]: its client_id }.
   */
  oauthAppExists: 'an OAuth app exists',
  /**
   * The signed-in user of an earlier state connected an app of an earlier state, through the real
   * authorization flow (/oauth/auth, then the consent page's allow). params: { app? (key, default
   * 'oauthAppId'), scopes? (default ['projects:read', 'offline_access']) }.
   */
  appConnected: 'an app is connected',
  /**
   * An app of an earlier state asked for authorization (GET /oauth/auth) and the consent page waits: the
   * interaction's cookies (scoped to the consent page's path) go with the interaction's requests there, as
   * the browser sends them. params: { app? (key, default 'oauthAppId'), scope? (default 'projects:read
   * offline_access'), as? (default 'consentUid') }. Returns { [as]: the consent page's uid }.
   */
  consentWaiting: 'an authorization waits for consent',
  /**
   * A personal access token (decision 0211) of a user of an earlier state, made through the use case. params:
   * { user (email), name?, scopes? (default ['projects:read']), count? (default 1: that many active tokens, the
   * last one's id returned), as? (default 'accessTokenId') }.
   */
  accessTokenExists: 'an access token exists',
  /**
   * A webhook endpoint (decision 0212) of a user of an earlier state, made through the use case. params: { user
   * (email), url? (default: the provider test's local receiver, which answers 200 'ok'), eventTypes? (default
   * ['bid.received']), description?, count? (default 1: that many endpoints, the last one's id returned), as?
   * (default 'webhookEndpointId') }.
   */
  webhookEndpointExists: 'a webhook endpoint exists',
  /**
   * A delivery in the log of an endpoint of an earlier state: a test event sent through the use case to the
   * provider test's local receiver (succeeded, HTTP 200). params: { user (email), endpoint? (key, default
   * 'webhookEndpointId'), as? (default 'webhookDeliveryId') }.
   */
  webhookDeliveryExists: 'a webhook delivery exists',
} as const;
