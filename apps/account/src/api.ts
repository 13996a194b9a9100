/**
 * Every call of the account screens (dashboard, profile, pricing, subscribe, developer) through the typed
 * openapi-fetch client, so each is checked against the API's generated `paths`.
 */

import type { components, ProjectSummary, paths, SelfServiceRole, UserStats } from '@buildbid/api-client';
import { createBrowserApi, pageOf, unwrap } from '@buildbid/api-client';

export type { UserStats };

const api = createBrowserApi();

type Schemas = components['schemas'];
export type BidQuota = Schemas['BidQuota'];
export type UserBadge = Schemas['UserBadge'];
export type Achievements = Schemas['Achievements'];
export type ReceivedReview = Schemas['ReceivedReview'];

export function getStats(): Promise<UserStats> {
  return unwrap(api.GET('/api/users/me/stats'));
}

export function getQuota(): Promise<BidQuota> {
  return unwrap(api.GET('/api/users/me/quota'));
}

/** Called by the dashboard as the spec says; the answer is not used. */
/** GET /api/users/me/achievements: points, level, tier and progress per category (decision 0121). */
export function getAchievements(): Promise<Achievements> {
  return unwrap(api.GET('/api/users/me/achievements'));
}

export function getBadges(userId: string): Promise<UserBadge[]> {
  return unwrap(api.GET('/api/users/{id}/badges', { params: { path: { id: userId } } }));
}

/** GET /api/users/me/reviews: what owners wrote about the signed-in contractor, newest first. */
export function getMyReviews(): Promise<ReceivedReview[]> {
  return unwrap(api.GET('/api/users/me/reviews'));
}

/** PATCH /api/users/me/role: the Switch Role page (self-service roles only). */
export async function switchRole(role: SelfServiceRole): Promise<void> {
  await unwrap(api.PATCH('/api/users/me/role', { body: { role } }));
}

// ---- Dashboard projects ----------------------------------------------------------------------

export interface ProjectPage {
  projects: ProjectSummary[];
  total: number;
}

type BrowseQuery = NonNullable<paths['/api/projects']['get']['parameters']['query']>;

/** GET /api/projects (the dashboard's available projects). The country is always sent: empty for all. */
export async function listProjects(query: BrowseQuery): Promise<ProjectPage> {
  const call = api.GET('/api/projects', { params: { query: { ...query, country: query.country ?? '' } } });
  const page = pageOf(await unwrap(call), (await call).response);
  return { projects: page.items, total: page.total };
}

/** GET /api/users/me/projects: the caller's own projects (My Projects). */
export async function listMyProjects(limit: number): Promise<ProjectPage> {
  const call = api.GET('/api/users/me/projects', { params: { query: { limit } } });
  const page = pageOf(await unwrap(call), (await call).response);
  return { projects: page.items, total: page.total };
}

// ---- Profile ---------------------------------------------------------------------------------

export type ProfilePatch = NonNullable<
  paths['/api/users/me']['patch']['requestBody']
>['content']['application/json'];

/** PATCH /api/users/me: the profile form, {services} or {emailNotifications}. */
export async function updateMe(body: ProfilePatch): Promise<void> {
  await unwrap(api.PATCH('/api/users/me', { body }));
}

// ---- Payments --------------------------------------------------------------------------------

export type Subscription = Schemas['Subscription'];
export type PaymentsConfig = Schemas['PaymentsConfig'];

export function getPaymentsConfig(): Promise<PaymentsConfig> {
  return unwrap(api.GET('/api/config'));
}

export type SubscriptionStart = Schemas['SubscriptionStart'];

/** POST /api/create-subscription: a client secret to confirm, or none when already subscribed. */
export function createSubscription(): Promise<SubscriptionStart> {
  return unwrap(api.POST('/api/create-subscription'));
}

export function getSubscription(): Promise<Subscription> {
  return unwrap(api.GET('/api/subscription'));
}

/** Cancels at the end of the period; answers the subscription as the Billing tab shows it. */
export function cancelSubscription(): Promise<Subscription> {
  return unwrap(api.POST('/api/subscription/cancel'));
}

/** The payment provider's billing portal ('Update Payment Method'). */
export async function paymentPortalUrl(): Promise<string> {
  const { url } = await unwrap(api.POST('/api/subscription/portal'));
  return url;
}

/** The TEST-MODE sandbox: confirms the subscription's payment with a test card number. */
export async function confirmSandboxPayment(body: {
  clientSecret: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
}): Promise<void> {
  await unwrap(api.POST('/api/subscription/sandbox/confirm', { body }));
}

// ---- Account lifecycle (decision 0160) ----------------------------------------------------------

/** POST /api/users/me/verification-email: a new link to the user's address; answers the message to show. */
export async function resendVerificationEmail(): Promise<string> {
  const { message } = await unwrap(api.POST('/api/users/me/verification-email'));
  return message;
}

/** PUT /api/users/me/password: every other session of the user is signed out; this one stays. */
export async function changePassword(body: { currentPassword: string; newPassword: string }): Promise<void> {
  await unwrap(api.PUT('/api/users/me/password', { body }));
}

/** The file name the export is saved under (the API's Content-Disposition says the same). */
export const EXPORT_FILE_NAME = 'buildbid-data.json';

/** GET /api/users/me/export: everything the account holds, as the JSON file the API answers (bytes kept). */
export function exportMyData(): Promise<Blob> {
  return unwrap(api.GET('/api/users/me/export', { parseAs: 'blob' }));
}

/** POST /api/users/me/delete: deletes the account with its password; the API clears the session cookie. */
export async function deleteMyAccount(password: string): Promise<void> {
  await unwrap(api.POST('/api/users/me/delete', { body: { password } }));
}

// ---- Personal access tokens (decision 0211) -------------------------------------------------------

export type AccessToken = Schemas['AccessToken'];
export type NewAccessToken = NonNullable<
  paths['/api/access-tokens']['post']['requestBody']
>['content']['application/json'];

/** GET /api/access-tokens: the user's tokens, newest first, active, expired and revoked; never a secret. */
export function listAccessTokens(): Promise<AccessToken[]> {
  return unwrap(api.GET('/api/access-tokens'));
}

/** POST /api/access-tokens: the new token and its secret, which no later answer holds. */
export function createAccessToken(body: NewAccessToken): Promise<Schemas['CreatedAccessToken']> {
  return unwrap(api.POST('/api/access-tokens', { body }));
}

/** DELETE /api/access-tokens/{id}: the token stops working at once and stays in the list as revoked. */
export async function revokeAccessToken(id: string): Promise<void> {
  await unwrap(api.DELETE('/api/access-tokens/{id}', { params: { path: { id } } }));
}

// ---- Webhooks (decision 0212) --------------------------------------------------------------------

export type WebhookEndpoint = Schemas['WebhookEndpoint'];
export type WebhookSecret = Schemas['WebhookSecret'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type WebhookDeliveryPage = Schemas['WebhookDeliveryPage'];
export type NewWebhookEndpoint = NonNullable<
  paths['/api/webhooks/endpoints']['post']['requestBody']
>['content']['application/json'];
export type WebhookEndpointPatch = NonNullable<
  paths['/api/webhooks/endpoints/{id}']['patch']['requestBody']
>['content']['application/json'];
export type SavedSearch = Schemas['SavedSearch'];

/** GET /api/webhooks/endpoints: the user's endpoints, newest first, each with its status; never a secret. */
export function listWebhookEndpoints(): Promise<WebhookEndpoint[]> {
  return unwrap(api.GET('/api/webhooks/endpoints'));
}

/** POST /api/webhooks/endpoints: the new endpoint, enabled, and its signing secret. */
export function createWebhookEndpoint(body: NewWebhookEndpoint): Promise<Schemas['CreatedWebhookEndpoint']> {
  return unwrap(api.POST('/api/webhooks/endpoints', { body }));
}

/** PATCH /api/webhooks/endpoints/{id}: the fields sent change (the form's, or `enabled`); the rest stay. */
export function updateWebhookEndpoint(id: string, body: WebhookEndpointPatch): Promise<WebhookEndpoint> {
  return unwrap(api.PATCH('/api/webhooks/endpoints/{id}', { params: { path: { id } }, body }));
}

/** DELETE /api/webhooks/endpoints/{id}: nothing more is sent to it, and its log goes with it. */
export async function deleteWebhookEndpoint(id: string): Promise<void> {
  await unwrap(api.DELETE('/api/webhooks/endpoints/{id}', { params: { path: { id } } }));
}

/** GET /api/webhooks/endpoints/{id}/secret: the secret that signs now (and, after a roll, the previous one). */
export function revealWebhookSecret(id: string): Promise<WebhookSecret> {
  return unwrap(api.GET('/api/webhooks/endpoints/{id}/secret', { params: { path: { id } } }));
}

/** POST /api/webhooks/endpoints/{id}/secret/roll: a new secret; the previous one signs beside it for 24 hours. */
export function rollWebhookSecret(id: string): Promise<WebhookSecret> {
  return unwrap(api.POST('/api/webhooks/endpoints/{id}/secret/roll', { params: { path: { id } } }));
}

/** POST /api/webhooks/endpoints/{id}/test: a `ping` sent now; answers the delivery after its one attempt. */
export function sendTestWebhook(id: string): Promise<WebhookDelivery> {
  return unwrap(api.POST('/api/webhooks/endpoints/{id}/test', { params: { path: { id } } }));
}

/** GET /api/webhooks/endpoints/{id}/deliveries: a page of the log, newest first; `before` is a `nextCursor`. */
export function listWebhookDeliveries(id: string, before?: string): Promise<WebhookDeliveryPage> {
  return unwrap(
    api.GET('/api/webhooks/endpoints/{id}/deliveries', {
      params: { path: { id }, query: before === undefined ? {} : { before } },
    }),
  );
}

/** POST /api/webhooks/deliveries/{id}/resend: the delivery attempted again now, with the same event id. */
export function resendWebhookDelivery(id: string): Promise<WebhookDelivery> {
  return unwrap(api.POST('/api/webhooks/deliveries/{id}/resend', { params: { path: { id } } }));
}

/** GET /api/saved-searches: the user's saved searches, one of which `project.posted` follows. */
export function listSavedSearches(): Promise<SavedSearch[]> {
  return unwrap(api.GET('/api/saved-searches'));
}

// ---- Blocked people (decision 0220) -----------------------------------------------------------------------

export type BlockedUser = Schemas['BlockedUser'];

/** GET /api/users/me/blocks: the people the user blocked, newest block first. */
export function listBlockedUsers(): Promise<BlockedUser[]> {
  return unwrap(api.GET('/api/users/me/blocks'));
}

/** DELETE /api/users/me/blocks/{userId}: they may message the user and bid on their projects again. */
export async function unblockUser(userId: string): Promise<void> {
  await unwrap(api.DELETE('/api/users/me/blocks/{userId}', { params: { path: { userId } } }));
}
