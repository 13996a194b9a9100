import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPE_NAMES, type Scope } from '#domain/access/scopes.ts';
import { truncateAll } from '../support/database.ts';
import { buildMarketplaceApp, type MarketplaceApp, send, signUp, UNKNOWN_ID } from './marketplace-support.ts';

/**
 * The scope matrix (decision 0211), generated from the OpenAPI document as the authorization matrix is:
 * every operation × a token holding its scope and a token without it. Each signed-in operation names the
 * scope a token needs, or none (no token may call it); an operation of the document without a row here
 * fails, so a new route cannot ship without deciding what a third party may do with it.
 *
 * The calls use unknown ids and empty bodies: what is asserted is the access check's answer, which comes
 * before the body is read. With its scope a token gets past it (whatever the operation then says: 2xx,
 * 400, 404...); without it, 403 INSUFFICIENT_SCOPE naming the scope, or 403 TOKEN_NOT_ALLOWED.
 */
const SCOPE_OF: Record<string, Scope | null> = {
  listProjects: 'projects:read',
  getProject: 'projects:read',
  listAddenda: 'projects:read',
  listQuestions: 'projects:read',
  getUpload: 'projects:read',
  getUploadThumbnail: 'projects:read',
  listMyProjects: 'projects:read',
  listSavedProjects: 'projects:read',
  listSavedSearches: 'projects:read',

  postProject: 'projects:write',
  editProject: 'projects:write',
  deleteProject: 'projects:write',
  postAddendum: 'projects:write',
  changeBidDeadline: 'projects:write',
  cancelProject: 'projects:write',
  postClarification: 'projects:write',
  moveProjectPhase: 'projects:write',
  askQuestion: 'projects:write',
  answerQuestion: 'projects:write',
  reviewContractor: 'projects:write',
  saveProject: 'projects:write',
  unsaveProject: 'projects:write',
  createSavedSearch: 'projects:write',
  updateSavedSearch: 'projects:write',
  deleteSavedSearch: 'projects:write',

  listProjectBids: 'bids:read',
  listMyBids: 'bids:read',
  listMyBidStatuses: 'bids:read',
  getMyBidQuota: 'bids:read',
  submitBid: 'bids:write',
  editBid: 'bids:write',
  decideBid: 'bids:write',

  getConversation: 'messages:read',
  getConversationStatus: 'messages:read',
  sendMessage: 'messages:write',
  markConversationRead: 'messages:write',
  // Blocks (decision 0220): blocking is about who may message you; the list is part of your profile.
  blockUser: 'messages:write',
  unblockUser: 'messages:write',
  listBlockedUsers: 'profile:read',

  // Marking read is part of reading them: no write scope of its own.
  listNotifications: 'notifications:read',
  countUnreadNotifications: 'notifications:read',
  markAllNotificationsRead: 'notifications:read',
  markNotificationRead: 'notifications:read',

  getCurrentUser: 'profile:read',
  getMyStats: 'profile:read',
  getMyAchievements: 'profile:read',
  listMyReviews: 'profile:read',
  listUserBadges: 'profile:read',
  getSubscription: 'profile:read',

  // Webhook endpoints (decision 0212), for the user or an app acting for them.
  listWebhookEndpoints: 'webhooks:write',
  createWebhookEndpoint: 'webhooks:write',
  getWebhookEndpoint: 'webhooks:write',
  updateWebhookEndpoint: 'webhooks:write',
  deleteWebhookEndpoint: 'webhooks:write',
  revealWebhookSecret: 'webhooks:write',
  rollWebhookSecret: 'webhooks:write',
  sendTestWebhook: 'webhooks:write',
  listWebhookDeliveries: 'webhooks:write',
  resendWebhookDelivery: 'webhooks:write',

  // The account's own security and billing, the admin's page, and the tokens themselves: people only.
  updateProfile: null,
  changeOwnRole: null,
  changePassword: null,
  deleteMyAccount: null,
  exportMyData: null,
  resendVerificationEmail: null,
  startProSubscription: null,
  cancelSubscription: null,
  openBillingPortal: null,
  confirmSandboxPayment: null,
  listUsers: null,
  listRoleChanges: null,
  getPlatformStats: null,
  setUserRole: null,
  listAdminActions: null,
  suspendUser: null,
  liftSuspension: null,
  hideQuestion: null,
  // Reports and the moderation queue (decision 0221): a report is a person's own judgement; the queue is staff's.
  fileReport: null,
  listMyReports: null,
  listModerationQueue: null,
  getModerationItem: null,
  claimModerationItem: null,
  releaseModerationItem: null,
  decideModerationItem: null,
  listModerationActions: null,
  listAccessTokens: null,
  createAccessToken: null,
  revokeAccessToken: null,
  // OAuth apps and the consent page (decision 0213): a session only, so no token consents or connects.
  getOAuthConsent: null,
  allowOAuthConsent: null,
  denyOAuthConsent: null,
  listOAuthApps: null,
  registerOAuthApp: null,
  deleteOAuthApp: null,
  listConnectedApps: null,
  disconnectApp: null,
};

interface Operation {
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** The scope the document names for a bearer token; undefined: none; 'public': no security at all. */
  documented: Scope | undefined | 'public';
}

let t: MarketplaceApp;
let operations: Operation[];
const tokens = new Map<Scope | 'all', string>();

beforeAll(async () => {
  t = await buildMarketplaceApp();
  await truncateAll(t.composition.orm);
  const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
    paths: Record<string, Record<string, { operationId: string; security: Array<Record<string, string[]>> }>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      id: op.operationId,
      method: method.toUpperCase() as Operation['method'],
      path,
      documented:
        op.security.length === 0
          ? ('public' as const)
          : (op.security.find((s) => s.bearer)?.bearer?.[0] as Scope | undefined),
    })),
  );
  // An admin holds every role's reach: the answers below are the access check's, not the rules'.
  const admin = await signUp(t, 'admin');
  const make = async (name: string, scopes: readonly Scope[]) => {
    const res = await send(t, 'POST', '/api/access-tokens', admin.cookie, { name, scopes });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().token as string;
  };
  for (const scope of SCOPE_NAMES) tokens.set(scope, await make(scope, [scope]));
  tokens.set('all', await make('all', SCOPE_NAMES));
});
afterAll(async () => t?.close());

function call(op: Operation, token: string) {
  const url = op.path.replace(/\{[^}]+\}/g, (name) => (name === '{name}' ? 'missing.pdf' : UNKNOWN_ID));
  return t.app.inject({
    method: op.method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { payload: {} }),
  });
}

describe('the scope matrix (decision 0211)', () => {
  it('names, for every signed-in operation of the document, the scope a token needs or that none may call it', () => {
    const undecided = operations.filter((op) => op.documented !== 'public' && !(op.id in SCOPE_OF));
    expect(undecided.map((op) => op.id)).toEqual([]);
    const drift = operations
      .filter((op) => op.documented !== 'public' && op.documented !== (SCOPE_OF[op.id] ?? undefined))
      .map((op) => `${op.id}: document ${op.documented}, table ${SCOPE_OF[op.id]}`);
    expect(drift).toEqual([]);
  });

  it('lets a token with the scope past the access check, and refuses one without it', async () => {
    const wrong: string[] = [];
    for (const op of operations) {
      if (op.documented === 'public') {
        // A public operation serves any valid token as a visitor.
        const res = await call(op, tokens.get('projects:read') as string);
        if (res.statusCode === 401 || res.statusCode === 403)
          wrong.push(`${op.id} public: ${res.statusCode}`);
        continue;
      }
      const needed = SCOPE_OF[op.id];
      if (needed === null || needed === undefined) {
        const res = await call(op, tokens.get('all') as string);
        if (res.statusCode !== 403 || res.json().code !== 'TOKEN_NOT_ALLOWED') {
          wrong.push(`${op.id} with every scope: ${res.statusCode} ${res.body.slice(0, 80)}`);
        }
        continue;
      }
      const granted = await call(op, tokens.get(needed) as string);
      const code = granted.statusCode === 403 || granted.statusCode === 401 ? granted.json().code : '';
      if (['INSUFFICIENT_SCOPE', 'TOKEN_NOT_ALLOWED', 'INVALID_TOKEN', 'UNAUTHENTICATED'].includes(code)) {
        wrong.push(`${op.id} with ${needed}: ${granted.statusCode} ${code}`);
      }
      const other = SCOPE_NAMES.find((scope) => scope !== needed) as Scope;
      const refused = await call(op, tokens.get(other) as string);
      if (
        refused.statusCode !== 403 ||
        refused.json().code !== 'INSUFFICIENT_SCOPE' ||
        refused.headers['www-authenticate'] !==
          `Bearer realm="BuildBid", error="insufficient_scope", scope="${needed}"`
      ) {
        wrong.push(`${op.id} with ${other}: ${refused.statusCode} ${refused.body.slice(0, 80)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
