import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { truncateAll } from '../support/database.ts';
import {
  buildMarketplaceApp,
  type Caller,
  createProject,
  type MarketplaceApp,
  makePro,
  multipart,
  placeBid,
  projectData,
  SAMPLE,
  signUp,
} from './marketplace-support.ts';

/**
 * The authorization matrix (docs/security.md), generated from the OpenAPI document: every operation × every
 * actor, with the answer each must get. An operation in the document without a row here fails the test,
 * so a new route cannot ship without deciding who may call it.
 *
 * Actors: anonymous; the project's owner (a client); another client; the contractor who bid on the
 * project; a vendor who did not; an admin. Each cell runs on fresh data (a project of the owner's with
 * the contractor's pending bid and question, the owner's saved search and notification), and each
 * operation on fresh accounts, so no cell sees another's writes.
 *
 * Expected answers: 'ok' (2xx), 'rule' (the caller may, and a business rule or the input says no:
 * 400 or 409), or the exact refusal 401, 403 or 404 (404 where the resource is someone else's and
 * its existence stays hidden).
 */
type Actor = 'anonymous' | 'owner' | 'otherClient' | 'contractor' | 'vendor' | 'admin';
type Outcome = 'ok' | 'rule' | 401 | 403 | 404;
type Row = Record<Actor, Outcome>;

const ACTORS: readonly Actor[] = ['anonymous', 'vendor', 'contractor', 'otherClient', 'owner', 'admin'];

const row = (all: Outcome, only: Partial<Row> = {}): Row => ({
  anonymous: all,
  owner: all,
  otherClient: all,
  contractor: all,
  vendor: all,
  admin: all,
  ...only,
});
/** Anyone, signed in or not. */
const PUBLIC = row('ok');
/** Any signed-in user. */
const SIGNED_IN = row('ok', { anonymous: 401 });
/** The project's owner; everyone else signed in is refused with 403. */
const OWNER = row(403, { anonymous: 401, owner: 'ok' });
const ADMIN = row(403, { anonymous: 401, admin: 'ok' });
/** Contractors and vendors; clients and admins cannot bid. */
const BIDDERS = row(403, { anonymous: 401, contractor: 'ok', vendor: 'ok' });

interface Scene {
  people: Record<Exclude<Actor, 'anonymous'>, Caller> & { target: Caller };
  projectId: string;
  bidId: string;
  questionId: string;
  savedSearchId: string;
  notificationId: string;
  upload: string;
}

interface Call {
  expect: Row;
  query?(s: Scene): Record<string, string>;
  body?(s: Scene): unknown;
  /** A multipart body instead of JSON: the project form, or an addendum's text. */
  form?: 'project' | 'addendum';
  /** The call changes the caller (signs them out, changes their role): fresh accounts for each cell. */
  changesCaller?: boolean;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const BID = { amount: 12500, timeline: 30, proposal: 'Licensed crew, twelve years of Nassau roofs.' };

const MATRIX: Record<string, Call> = {
  getHealth: { expect: PUBLIC },
  getReadiness: { expect: PUBLIC },
  getRemotes: { expect: PUBLIC },
  getLanding: { expect: PUBLIC },
  getCatalog: { expect: PUBLIC },
  getPublicConfig: { expect: PUBLIC },
  // Project files are for signed-in users only, like the pages that show them (decision 0201).
  getUpload: { expect: SIGNED_IN },
  // A PDF has no thumbnail: 404 for everyone signed in alike.
  getUploadThumbnail: { expect: row(404, { anonymous: 401 }) },
  register: {
    expect: PUBLIC,
    body: () => ({ email: `m${crypto.randomUUID()}@example.com`, password: 'a long passphrase' }),
    // Registering or signing in replaces the session the browser had.
    changesCaller: true,
  },
  signIn: {
    expect: PUBLIC,
    body: (s) => ({ email: s.people.owner.email, password: 'secret12' }),
    changesCaller: true,
  },
  signOut: { expect: PUBLIC, changesCaller: true },
  // A bad or missing token is refused for everyone; the token is the permission.
  unsubscribe: { expect: row('rule'), query: () => ({ token: 'forged.token' }) },
  unsubscribeOneClick: { expect: row('rule'), query: () => ({ token: 'forged.token' }) },
  // These tests run the payments sandbox: no Stripe webhook here, for anyone (404 NOT_FOUND, documented).
  receiveStripeWebhook: { expect: row(404) },

  // The account lifecycle (decision 0160). The forgot form answers everyone alike; a link's token is its
  // permission, so a forged one is refused for everyone.
  requestPasswordReset: { expect: PUBLIC, body: (s) => ({ email: s.people.owner.email }) },
  resetPassword: {
    expect: row('rule'),
    body: () => ({ token: 'forged-token', password: 'a long passphrase' }),
  },
  verifyEmail: { expect: row('rule'), body: () => ({ token: 'forged.token' }) },
  // Every actor here verified their email at sign-up: nothing to resend (409).
  resendVerificationEmail: { expect: row('rule', { anonymous: 401 }) },
  changePassword: {
    expect: SIGNED_IN,
    body: () => ({ currentPassword: 'secret12', newPassword: 'a new long passphrase' }),
    changesCaller: true,
  },
  exportMyData: { expect: SIGNED_IN },
  // Anyone may delete their own account (the admin while another admin remains).
  deleteMyAccount: { expect: SIGNED_IN, body: () => ({ password: 'secret12' }), changesCaller: true },

  getCurrentUser: { expect: SIGNED_IN },
  // Who is signed in, without a 401 for a visitor (decision 0198).
  getSession: { expect: PUBLIC },
  changeOwnRole: {
    // Self-service roles for anyone, admins included while another admin remains.
    expect: SIGNED_IN,
    body: () => ({ role: 'vendor' }),
    changesCaller: true,
  },
  updateProfile: { expect: SIGNED_IN, body: () => ({ emailNotifications: false }) },
  listProjects: { expect: SIGNED_IN },
  getProject: { expect: SIGNED_IN },
  listAddenda: { expect: SIGNED_IN },
  listQuestions: { expect: SIGNED_IN },
  // Nobody saves their own project.
  saveProject: { expect: { ...SIGNED_IN, owner: 403 } },
  unsaveProject: { expect: SIGNED_IN },
  listSavedProjects: { expect: SIGNED_IN },
  listSavedSearches: { expect: SIGNED_IN },
  createSavedSearch: { expect: SIGNED_IN, body: () => ({ name: 'Roofs', filters: { q: 'roof' } }) },
  // Someone else's saved search does not exist for them.
  updateSavedSearch: { expect: row(404, { anonymous: 401, owner: 'ok' }), body: () => ({ alerts: 'off' }) },
  deleteSavedSearch: { expect: row(404, { anonymous: 401, owner: 'ok' }) },
  listMyBids: { expect: SIGNED_IN },
  listMyReviews: { expect: SIGNED_IN },
  listMyBidStatuses: { expect: SIGNED_IN, query: (s) => ({ projectId: s.projectId }) },
  listMyProjects: { expect: SIGNED_IN },
  getMyStats: { expect: SIGNED_IN },
  getMyBidQuota: { expect: SIGNED_IN },
  getMyAchievements: { expect: SIGNED_IN },
  listUserBadges: { expect: SIGNED_IN },
  listNotifications: { expect: SIGNED_IN },
  countUnreadNotifications: { expect: SIGNED_IN },
  markAllNotificationsRead: { expect: SIGNED_IN },
  markNotificationRead: { expect: row(404, { anonymous: 401, owner: 'ok' }) },
  getConversation: { expect: SIGNED_IN, query: (s) => ({ otherUserId: s.people.target.id }) },
  getConversationStatus: { expect: SIGNED_IN, query: (s) => ({ otherUserId: s.people.target.id }) },
  sendMessage: {
    expect: SIGNED_IN,
    body: (s) => ({ receiverId: s.people.target.id, projectId: null, content: 'Hello there.' }),
  },
  markConversationRead: {
    expect: SIGNED_IN,
    body: (s) => ({ otherUserId: s.people.target.id, projectId: null }),
  },
  // Blocks (decision 0220): anyone signed in lists and undoes their own; admins neither block nor are blocked.
  listBlockedUsers: { expect: SIGNED_IN },
  blockUser: { expect: { ...SIGNED_IN, admin: 403 } },
  unblockUser: { expect: SIGNED_IN },
  // Reports (decision 0221): anyone signed in reports (here a profile not theirs) and lists their own.
  fileReport: {
    expect: SIGNED_IN,
    body: (s) => ({ targetType: 'user', targetId: s.people.target.id, reason: 'spam' }),
  },
  listMyReports: { expect: SIGNED_IN },
  // The moderation queue (decision 0221): a non-admin never reaches it. The scene's project has an open report.
  listModerationQueue: { expect: ADMIN },
  getModerationItem: { expect: ADMIN },
  claimModerationItem: { expect: ADMIN },
  releaseModerationItem: { expect: ADMIN },
  decideModerationItem: { expect: ADMIN, body: () => ({ action: 'dismiss' }) },
  listModerationActions: { expect: ADMIN },
  // The owner and admins see every bid; anyone else sees only their own (a list of zero or one).
  listProjectBids: { expect: SIGNED_IN },

  postProject: { expect: row(403, { anonymous: 401, owner: 'ok', otherClient: 'ok' }), form: 'project' },
  editProject: { expect: OWNER, form: 'project' },
  deleteProject: { expect: OWNER },
  cancelProject: { expect: OWNER },
  // The owner may move the phase; a project still taking bids cannot start work.
  moveProjectPhase: {
    expect: row(403, { anonymous: 401, owner: 'rule' }),
    body: () => ({ phase: 'in_progress' }),
  },
  reviewContractor: { expect: row(403, { anonymous: 401, owner: 'rule' }), body: () => ({ rating: 5 }) },
  // The owner may; with a bid in and no deadline yet, a first deadline is refused by rule (409).
  changeBidDeadline: { expect: { ...OWNER, owner: 'rule' }, body: () => ({ bidDeadline: inDays(45) }) },
  postAddendum: { expect: OWNER, form: 'addendum' },
  postClarification: { expect: OWNER, body: () => ({ text: 'Work hours are 8am to 5pm.' }) },
  answerQuestion: { expect: OWNER, body: () => ({ answer: 'Yes, all of it.' }) },
  // Moderation: admins hide abusive questions, not the owner.
  hideQuestion: { expect: ADMIN, body: () => ({ hidden: true }) },
  decideBid: { expect: OWNER, body: () => ({ status: 'rejected' }) },

  // The contractor already bid on this project (409); the vendor has not.
  submitBid: { expect: { ...BIDDERS, contractor: 'rule' }, body: () => BID },
  askQuestion: { expect: { ...BIDDERS }, body: () => ({ text: 'Is the sheathing to be replaced?' }) },
  // Only the bid's author edits it.
  editBid: {
    expect: row(403, { anonymous: 401, contractor: 'ok' }),
    body: () => ({ amount: 11800, timeline: 28 }),
  },

  getSubscription: { expect: SIGNED_IN },
  startProSubscription: { expect: BIDDERS },
  // Nothing to cancel, no portal and no payment to confirm yet: refused by rule, not by permission.
  cancelSubscription: { expect: row('rule', { anonymous: 401 }) },
  openBillingPortal: { expect: row('rule', { anonymous: 401 }) },
  // An unknown payment is not found for anyone signed in (404 PAYMENT_NOT_FOUND).
  confirmSandboxPayment: {
    expect: row(404, { anonymous: 401 }),
    body: () => ({
      clientSecret: 'seti_sandbox_x_secret_y',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 34',
      cvc: '123',
    }),
  },

  listUsers: { expect: ADMIN },
  listRoleChanges: { expect: ADMIN },
  getPlatformStats: { expect: ADMIN },
  setUserRole: { expect: ADMIN, body: () => ({ role: 'vendor' }) },
  // Suspensions (decision 0223) and their audit log (decision 0224): admins only. The target is a client
  // not suspended, so lifting is the rule's 409 NOT_SUSPENDED for the admin.
  listAdminActions: { expect: ADMIN },
  suspendUser: { expect: ADMIN, body: () => ({ days: 3, reason: 'Matrix suspension.' }) },
  liftSuspension: { expect: row(403, { anonymous: 401, admin: 'rule' }) },

  // Personal access tokens (decision 0211): anyone signed in manages their own; someone else's (here an
  // id that is no token at all) does not exist for them.
  listAccessTokens: { expect: SIGNED_IN },
  createAccessToken: { expect: SIGNED_IN, body: () => ({ name: 'Matrix', scopes: ['projects:read'] }) },
  revokeAccessToken: { expect: row(404, { anonymous: 401 }) },

  // Webhook endpoints (decision 0212): anyone signed in manages their own; someone else's endpoint or
  // delivery (here an id that is none at all) does not exist for them. The host never resolves (RFC 6761),
  // and nothing in the scenes is a bid.accepted, so no delivery leaves the machine.
  listWebhookEndpoints: { expect: SIGNED_IN },
  createWebhookEndpoint: {
    expect: SIGNED_IN,
    body: () => ({ url: 'https://matrix.invalid/hook', eventTypes: ['bid.accepted'] }),
  },
  getWebhookEndpoint: { expect: row(404, { anonymous: 401 }) },
  updateWebhookEndpoint: { expect: row(404, { anonymous: 401 }), body: () => ({ enabled: false }) },
  deleteWebhookEndpoint: { expect: row(404, { anonymous: 401 }) },
  revealWebhookSecret: { expect: row(404, { anonymous: 401 }) },
  rollWebhookSecret: { expect: row(404, { anonymous: 401 }) },
  sendTestWebhook: { expect: row(404, { anonymous: 401 }) },
  listWebhookDeliveries: { expect: row(404, { anonymous: 401 }) },
  resendWebhookDelivery: { expect: row(404, { anonymous: 401 }) },

  // OAuth apps (decision 0213): anyone signed in registers and manages their own apps and connections;
  // someone else's app, a connection that is none, and an interaction this browser did not start are 404.
  getOAuthConsent: { expect: row(404, { anonymous: 401 }) },
  allowOAuthConsent: { expect: row(404, { anonymous: 401 }), body: () => ({ scopes: ['projects:read'] }) },
  denyOAuthConsent: { expect: row(404, { anonymous: 401 }) },
  listOAuthApps: { expect: SIGNED_IN },
  registerOAuthApp: {
    expect: SIGNED_IN,
    body: () => ({
      name: 'Matrix',
      homepageUrl: 'https://matrix.example',
      redirectUris: ['https://matrix.example/callback'],
    }),
  },
  deleteOAuthApp: { expect: row(404, { anonymous: 401 }) },
  listConnectedApps: { expect: SIGNED_IN },
  disconnectApp: { expect: row(404, { anonymous: 401 }) },
};

/** Operations whose rows run at the same time (each row's cells stay in order). */
const ROWS_AT_ONCE = 4;

interface Operation {
  id: string;
  method: string;
  path: string;
}

let t: MarketplaceApp;
let operations: Operation[];
let upload: string;

beforeAll(async () => {
  t = await buildMarketplaceApp();
  await truncateAll(t.composition.orm);
  const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
    paths: Record<string, Record<string, { operationId: string }>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ id: op.operationId, method: method.toUpperCase(), path })),
  );
  // One stored upload for the public file routes.
  const holder = await signUp(t, 'client');
  const id = await createProject(t, holder.cookie, {}, [SAMPLE.pdf('matrix.pdf')]);
  const project = (
    await t.app.inject({ method: 'GET', url: `/api/projects/${id}`, headers: { cookie: holder.cookie } })
  ).json();
  upload = String(project.attachments[0].url).split('/').pop() as string;
});
afterAll(async () => {
  await t?.close();
});

async function people(): Promise<Scene['people']> {
  const [owner, otherClient, contractor, vendor, admin, target] = await Promise.all([
    signUp(t, 'client'),
    signUp(t, 'client'),
    signUp(t, 'contractor'),
    signUp(t, 'vendor'),
    signUp(t, 'admin'),
    signUp(t, 'client'),
  ]);
  // Pro: the contractor bids once per cell, beyond the free plan's three a month.
  await makePro(t, contractor.id);
  return { owner, otherClient, contractor, vendor, admin, target };
}

/** A fresh project of the owner's with the contractor's pending bid and question, and the owner's saved search. */
async function scene(who: Scene['people']): Promise<Scene> {
  const projectId = await createProject(t, who.owner.cookie);
  const bidId = await placeBid(t, who.contractor.cookie, projectId);
  const json = (method: string, url: string, cookie: string, payload?: unknown) =>
    t.app.inject({ method: method as 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const question = await json('POST', `/api/projects/${projectId}/questions`, who.contractor.cookie, {
    text: 'Are the openings standard sizes?',
  });
  const search = await json('POST', '/api/saved-searches', who.owner.cookie, {
    name: `Search ${crypto.randomUUID().slice(0, 8)}`,
    filters: { q: 'roof' },
  });
  // The bid told the owner (after its commit): wait for that notification.
  let notificationId = '';
  for (let i = 0; i < 50 && !notificationId; i++) {
    const list = (await json('GET', '/api/notifications', who.owner.cookie)).json() as Array<{ id: string }>;
    notificationId = list[0]?.id ?? '';
    if (!notificationId) await new Promise((r) => setTimeout(r, 20));
  }
  // The contractor reported the project (decision 0221): the queue has an item to read, claim and decide.
  const report = await json('POST', '/api/reports', who.contractor.cookie, {
    targetType: 'project',
    targetId: projectId,
    reason: 'spam',
  });
  if (
    question.statusCode !== 201 ||
    search.statusCode !== 201 ||
    report.statusCode !== 201 ||
    !notificationId
  ) {
    throw new Error(`scene failed: ${question.body} ${search.body} ${report.body} ${notificationId}`);
  }
  return {
    people: who,
    projectId,
    bidId,
    questionId: question.json().id,
    savedSearchId: search.json().id,
    notificationId,
    upload,
  };
}

function pathFor(op: Operation, s: Scene): string {
  return op.path
    .replace('/api/users/{id}/badges', `/api/users/${s.people.owner.id}/badges`)
    .replace('/api/users/me/blocks/{userId}', `/api/users/me/blocks/${s.people.target.id}`)
    .replace('{targetType}/{targetId}', `project/${s.projectId}`)
    .replace('/api/admin/users/{id}', `/api/admin/users/${s.people.target.id}`)
    .replace('/api/saved-searches/{id}', `/api/saved-searches/${s.savedSearchId}`)
    .replace('/api/notifications/{id}', `/api/notifications/${s.notificationId}`)
    .replace('{uid}', 'unknown-interaction')
    .replace('{clientId}', s.projectId)
    .replace('{id}', s.projectId)
    .replace('{bidId}', s.bidId)
    .replace('{questionId}', s.questionId)
    .replace('{name}', s.upload);
}

/** The addendum form: a text field, no files. */
async function textForm(): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  form.append('text', 'The island moves two feet east.');
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') as string },
  };
}

function outcomeOf(status: number): Outcome | number {
  if (status >= 200 && status < 300) return 'ok';
  if (status === 400 || status === 409) return 'rule';
  return status;
}

async function call(op: Operation, spec: Call, s: Scene, actor: Actor): Promise<number> {
  const cookie = actor === 'anonymous' ? undefined : s.people[actor].cookie;
  const query = spec.query ? `?${new URLSearchParams(spec.query(s))}` : '';
  const url = `${pathFor(op, s)}${query}`;
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (spec.form) {
    const body =
      spec.form === 'project'
        ? await multipart(projectData({ title: 'Matrix project title' }))
        : await textForm();
    const res = await t.app.inject({
      method: op.method as 'POST',
      url,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    return res.statusCode;
  }
  const payload = spec.body?.(s);
  const res = await t.app.inject({
    method: op.method as 'POST',
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return res.statusCode;
}

describe('the authorization matrix (every operation × every actor)', () => {
  it('has a row for every operation in the OpenAPI document, and none for operations it lacks', () => {
    const documented = operations.map((o) => o.id).sort();
    expect(Object.keys(MATRIX).sort()).toEqual(documented);
  });

  it('answers each actor as the matrix says, on fresh data per cell', async () => {
    const mismatches: string[] = [];
    let cells = 0;
    /** One operation's row: its six cells one after another, on accounts and scenes of its own. */
    const checkRow = async (op: Operation, spec: Call) => {
      let who = await people();
      for (const actor of ACTORS) {
        if (spec.changesCaller && actor !== ACTORS[0]) who = await people();
        const data = await scene(who).catch((error: unknown) => {
          throw new Error(`the scene for ${op.id} as ${actor} failed: ${String(error)}`);
        });
        const status = await call(op, spec, data, actor);
        cells++;
        const got = outcomeOf(status);
        if (got !== spec.expect[actor]) {
          mismatches.push(`${op.id} as ${actor}: expected ${spec.expect[actor]}, got ${status}`);
        }
      }
    };
    // Rows share nothing (each makes its own people and data), so a few run at once: the cells spend most
    // of their time waiting on the database, and one row at a time left the two cores idle.
    const rows = operations.flatMap((op) => (MATRIX[op.id] ? [{ op, spec: MATRIX[op.id] as Call }] : []));
    await Promise.all(
      Array.from({ length: ROWS_AT_ONCE }, async () => {
        for (let row = rows.shift(); row; row = rows.shift()) await checkRow(row.op, row.spec);
      }),
    );
    expect(mismatches.sort()).toEqual([]);
    expect(cells).toBe(operations.length * ACTORS.length);
  }, 600_000);
});
