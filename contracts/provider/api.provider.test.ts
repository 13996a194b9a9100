/**
 * Provider side: the real API (the same app the integration tests build, on the test database) listens
 * on a free port, and Pact replays every interaction of every committed pact in contracts/pacts/ (one
 * verification run for all frontends) against it.
 *
 * Provider states are parameterised and compose (see STATES in support/contract.ts): each interaction
 * starts from empty tables, then its states run in order and seed through the use cases, never through
 * module globals. States return the ids they created under a key (`as`), which the pact's
 * `fromProviderState('${projectId}')` expressions put into paths, queries and bodies.
 *
 * The consumer sends an example session cookie; 'a signed-in user' signs in for real and `requestFilter`
 * swaps in that session's cookie.
 *
 * With PACT_BROKER_BASE_URL set, the same run also verifies the pacts the broker selects (main branch and
 * deployed/released versions) and, with PACT_PUBLISH_VERIFICATION_RESULTS=true, publishes the results.
 */

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CreateAccessToken } from '../../application/access-tokens/index.ts';
import { CreateSavedSearch } from '../../application/saved-searches/index.ts';

// Before Pact loads: no telemetry from tests.
vi.hoisted(() => {
  process.env.PACT_DO_NOT_TRACK = 'true';
});

import { sampleProjectData } from '@buildbid/test-kit/samples';
import { Verifier, type VerifierOptions } from '@pact-foundation/pact';
import {
  DeleteAccount,
  PromoteToAdmin,
  RegisterUser,
  RequestPasswordReset,
  SendVerificationEmail,
  VerifyEmail,
} from '../../application/accounts/index.ts';
import { AcceptBid, DeclineBid, SubmitBid } from '../../application/bids/index.ts';
import { SendMessage } from '../../application/messages/index.ts';
import { SendSystemNotification } from '../../application/notifications/index.ts';
import { RegisterOAuthApp } from '../../application/oauth-apps/index.ts';
import {
  AnswerQuestion,
  AskQuestion,
  MoveProjectPhase,
  PostAddendum,
  PostProject,
} from '../../application/projects/index.ts';
import { ReviewContractor } from '../../application/reviews/index.ts';
import { BlockUser, ClaimModerationItem, FileReport, SuspendUser } from '../../application/safety/index.ts';
import { ConfirmSandboxPayment, StartProSubscription } from '../../application/subscription/index.ts';
import { CreateWebhookEndpoint, SendTestWebhook } from '../../application/webhooks/index.ts';
import type { User } from '../../domain/user/user.ts';
import { buildTestApp, sessionCookie, type TestApp } from '../../tests/integration/support/app.ts';
import { applicationTables } from '../../tests/integration/support/database.ts';
import { PACTS_DIR, PROVIDER, STATES } from '../support/contract.ts';

/** Parameters as the pact carries them. */
type Params = Record<string, unknown>;

const DEFAULT_PASSWORD = 'provider-state-password';
/** The redirect URI of the apps the OAuth states register (decision 0213). */
const OAUTH_REDIRECT_URI = 'https://sitediary.example/callback';
const DAY = 24 * 60 * 60 * 1000;

function text(params: Params, key: string, fallback?: string): string {
  const value = params[key] ?? fallback;
  if (typeof value !== 'string') throw new Error(`provider state parameter '${key}' is missing`);
  return value;
}

/**
 * The token of the newest `/reset-password` or `/verify-email` link mailed to `email`: what the person
 * would click. Read from the mail outbox table, where the use case queued the mail.
 */
async function tokenFromMail(
  orm: TestApp['composition']['orm'],
  email: string,
  path: '/reset-password' | '/verify-email',
): Promise<string> {
  const rows: { text_body: string }[] = await orm.em
    .getConnection()
    .execute(
      'select text_body from email_outbox where lower(recipient) = lower(?) and text_body like ? order by created_at desc',
      [email, `%${path}?token=%`],
    );
  const match = rows[0]?.text_body.match(new RegExp(`${path.replace('/', '\\/')}\\?token=([^\\s"'<>]+)`));
  if (!match?.[1]) throw new Error(`provider state: no ${path} link was mailed to ${email}`);
  return decodeURIComponent(match[1]);
}

/** Every committed pact: one per frontend. */
function committedPacts(): string[] {
  return readdirSync(PACTS_DIR)
    .filter((name) => name.endsWith(`-${PROVIDER}.json`))
    .sort()
    .map((name) => join(PACTS_DIR, name));
}

/** The version the broker records for this provider build: the git commit, or an explicit one. */
function providerVersion(): string {
  if (process.env.PACT_PROVIDER_VERSION) return process.env.PACT_PROVIDER_VERSION;
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'local';
  }
}

/**
 * Empties every application table with DELETEs, referencing tables first. On a handful of rows this is
 * several times faster than TRUNCATE (which rewrites files), and it runs before every interaction.
 */
async function emptyingStatement(orm: TestApp['composition']['orm']): Promise<string> {
  const tables = await applicationTables(orm);
  const edges: { child: string; parent: string }[] = await orm.em.getConnection().execute(
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
       from pg_constraint c where c.contype = 'f' and c.conrelid <> c.confrelid`,
  );
  const unquote = (name: string) => name.replace(/^"|"$/g, '');
  const ordered: string[] = [];
  const pending = new Set(tables);
  while (pending.size > 0) {
    // A table goes once no remaining table references it.
    const next = [...pending].find(
      (table) =>
        !edges.some(
          (e) => unquote(e.parent) === table && pending.has(unquote(e.child)) && unquote(e.child) !== table,
        ),
    );
    const table = next ?? [...pending][0];
    if (!table) break;
    ordered.push(table);
    pending.delete(table);
  }
  return ordered.map((table) => `delete from "${table.replaceAll('"', '""')}";`).join(' ');
}

describe(`${PROVIDER} honours its consumers' pacts`, () => {
  let api: TestApp;
  let baseUrl: string;
  /** The Cookie header the current interaction should send instead of the consumer's example. */
  let sessionCookieHeader: string | undefined;
  /** An authorization's interaction cookies, which the browser sends under the consent page's path only. */
  let consentCookieHeader: string | undefined;
  /** The users this interaction's states registered, by email. */
  const users = new Map<string, User>();

  let emptyAll = '';
  /**
   * Where the webhook endpoints of the states point (decision 0212): a local receiver that answers every
   * delivery 200 'ok', so a test event or a resend succeeds. The test environment's webhook mode lets
   * http://127.0.0.1 through.
   */
  let receiver: Server;
  let receiverUrl = '';

  beforeAll(async () => {
    api = await buildTestApp();
    emptyAll = await emptyingStatement(api.composition.orm);
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
    receiver = createServer((req, res) => {
      req.resume().on('end', () => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok'));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/buildbid`;
  });

  afterAll(async () => {
    await new Promise((resolve) => receiver?.close(resolve));
    await api?.close();
  });

  const run = <T>(work: () => Promise<T>) => api.composition.inContext(work);

  function userOf(email: string): User {
    const user = users.get(email);
    if (!user) throw new Error(`provider state: no user '${email}' (list 'a user exists' before this state)`);
    return user;
  }

  /** Registers a user through the use case, as POST /api/auth/register would; admins are promoted. */
  async function registerUser(params: Params): Promise<{ user: User; password: string }> {
    const email = text(params, 'email', 'ann@example.com');
    const password = text(params, 'password', DEFAULT_PASSWORD);
    const role = text(params, 'role', 'client');
    let user = await run(() =>
      api.composition.get(RegisterUser).execute({
        email,
        password,
        firstName: text(params, 'firstName', 'Ann'),
        lastName: text(params, 'lastName', 'Example'),
        role: role === 'admin' ? 'client' : role,
        country: text(params, 'country', 'US'),
      }),
    );
    if (role === 'admin') user = await run(() => api.composition.get(PromoteToAdmin).execute(email));
    users.set(email, user);
    return { user, password };
  }

  /** The client_id an OAuth state names (an earlier 'an OAuth app exists'). */
  function appIdOf(params: Params): string {
    const appId = stateValues.get(text(params, 'app', 'oauthAppId'));
    if (!appId) throw new Error("provider state: list 'an OAuth app exists' first");
    return appId;
  }

  /**
   * An app's authorization request as the browser makes it (GET /oauth/auth, PKCE S256): the consent
   * page's uid, and the interaction cookies the answer set for that page's path.
   */
  async function startAuthorization(
    clientId: string,
    scope: string,
  ): Promise<{ uid: string; cookies: string }> {
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: OAUTH_REDIRECT_URI,
      scope,
      state: 'provider-state',
      code_challenge: createHash('sha256').update('provider-state-verifier').digest('base64url'),
      code_challenge_method: 'S256',
    });
    const response = await fetch(`${baseUrl}/oauth/auth?${query}`, { redirect: 'manual' });
    const location = response.headers.get('location') ?? '';
    const uid = /^\/oauth\/consent\/([\w-]+)$/.exec(location)?.[1];
    if (response.status !== 303 || !uid) {
      throw new Error(`provider state: /oauth/auth answered ${response.status} ${location}`);
    }
    const cookies = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0] ?? '')
      .filter((pair) => pair.startsWith('buildbid_oauth_interaction'));
    return { uid, cookies: cookies.join('; ') };
  }

  const stateHandlers: NonNullable<VerifierOptions['stateHandlers']> = {
    // Interactions without a state arrive as the state '' (that call is what runs beforeEach for them).
    '': async () => {},

    [STATES.userExists]: async (params) => {
      const p = (params ?? {}) as Params;
      const { user } = await registerUser(p);
      return { [text(p, 'as', 'userId')]: user.id };
    },

    [STATES.signedInUser]: async (params) => {
      const p = (params ?? {}) as Params;
      const { user, password } = await registerUser(p);
      // A real sign-in, so the cookie is exactly what the API issues (encrypted session id).
      const response = await api.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: user.email, password },
      });
      expect(response.statusCode, response.body).toBe(200);
      sessionCookieHeader = sessionCookie(response);
      return { [text(p, 'as', 'userId')]: user.id };
    },

    [STATES.projectExists]: async (params) => {
      const p = (params ?? {}) as Params;
      const owner = userOf(text(p, 'owner'));
      const now = Date.now();
      const bidDeadline =
        typeof p.bidDeadline === 'string' ? new Date(p.bidDeadline) : new Date(now + 30 * DAY);
      const project = await run(() =>
        api.composition.get(PostProject).execute(owner, {
          ...sampleProjectData({
            title: text(p, 'title', 'Re-roof a two-storey house'),
            country: text(p, 'country', 'BS'),
          }),
          bidDeadline,
          deadline: new Date(bidDeadline.getTime() + 365 * DAY),
        }),
      );
      return { [text(p, 'as', 'projectId')]: project.id };
    },

    [STATES.bidExists]: async (params) => {
      const p = (params ?? {}) as Params;
      const contractor = userOf(text(p, 'contractor'));
      const projectId = stateValues.get(text(p, 'project', 'projectId'));
      if (!projectId) throw new Error("provider state 'a bid exists': list 'a project exists' first");
      const { bid } = await run(() =>
        api.composition.get(SubmitBid).execute(contractor, projectId, {
          amount: Number(p.amount ?? 18500),
          timeline: Number(p.timeline ?? 45),
          proposal: text(p, 'proposal', 'Licensed crew of four; we can finish the roof in six weeks.'),
        }),
      );
      const status = text(p, 'status', 'pending');
      if (status !== 'pending') {
        const ownerEmail = text(p, 'owner');
        const decide = status === 'accepted' ? AcceptBid : DeclineBid;
        await run(() => api.composition.get(decide).execute(userOf(ownerEmail), bid.id));
        // After an award, the owner may have moved the work on: phase 'in_progress', 'review' or 'completed'.
        const steps = ['in_progress', 'review', 'completed'];
        const until = steps.indexOf(text(p, 'phase', 'awarded'));
        for (const step of steps.slice(0, until + 1)) {
          await run(() => api.composition.get(MoveProjectPhase).execute(userOf(ownerEmail), projectId, step));
        }
        // Once completed, the owner may have reviewed the contractor.
        if (p.reviewRating !== undefined) {
          await run(() =>
            api.composition.get(ReviewContractor).execute(userOf(ownerEmail), projectId, {
              rating: Number(p.reviewRating),
              comment: text(p, 'reviewComment', 'On time and tidy.'),
            }),
          );
        }
      }
      return { [text(p, 'as', 'bidId')]: bid.id };
    },

    [STATES.addendumExists]: async (params) => {
      const p = (params ?? {}) as Params;
      const projectId = stateValues.get(text(p, 'project', 'projectId'));
      if (!projectId) throw new Error("provider state 'an addendum exists': list 'a project exists' first");
      const addendum = await run(() =>
        api.composition.get(PostAddendum).execute(userOf(text(p, 'owner')), projectId, {
          text: text(p, 'text', 'The island moves two feet east.'),
        }),
      );
      return { addendumId: addendum.id };
    },

    [STATES.questionExists]: async (params) => {
      const p = (params ?? {}) as Params;
      const projectId = stateValues.get(text(p, 'project', 'projectId'));
      if (!projectId) throw new Error("provider state 'a question exists': list 'a project exists' first");
      const question = await run(() =>
        api.composition
          .get(AskQuestion)
          .execute(userOf(text(p, 'asker')), projectId, text(p, 'text', 'Are the openings standard sizes?')),
      );
      if (typeof p.answer === 'string') {
        const answer = p.answer;
        await run(() =>
          api.composition.get(AnswerQuestion).execute(userOf(text(p, 'owner')), question.id, { answer }),
        );
      }
      return { [text(p, 'as', 'questionId')]: question.id };
    },

    [STATES.savedSearchExists]: async (params) => {
      const p = (params ?? {}) as Params;
      const search = await run(() =>
        api.composition.get(CreateSavedSearch).execute(userOf(text(p, 'user')), {
          name: text(p, 'name', 'Roofs in the Bahamas'),
          filters: { q: text(p, 'q', 'roof'), country: text(p, 'country', 'BS') },
          alerts: text(p, 'alerts', 'instant'),
        }),
      );
      return { [text(p, 'as', 'savedSearchId')]: search.id };
    },

    [STATES.notificationExists]: async (params) => {
      const p = (params ?? {}) as Params;
      const notification = await run(() =>
        api.composition.get(SendSystemNotification).execute({
          userId: userOf(text(p, 'user')).id,
          title: text(p, 'title', 'Welcome'),
          message: text(p, 'message', 'Your account is ready.'),
        }),
      );
      return { [text(p, 'as', 'notificationId')]: notification.id };
    },

    [STATES.messageExists]: async (params) => {
      const p = (params ?? {}) as Params;
      const message = await run(() =>
        api.composition.get(SendMessage).execute(userOf(text(p, 'from')), {
          receiverId: userOf(text(p, 'to')).id,
          content: text(p, 'content', 'Can you start the week of December 7th?'),
          type: 'text',
        }),
      );
      return { [text(p, 'as', 'messageId')]: message.id };
    },

    [STATES.passwordResetRequested]: async (params) => {
      const p = (params ?? {}) as Params;
      const email = userOf(text(p, 'user')).email;
      await run(() => api.composition.get(RequestPasswordReset).execute(email));
      const token = await tokenFromMail(api.composition.orm, email, '/reset-password');
      return { [text(p, 'as', 'resetToken')]: token };
    },

    [STATES.emailVerificationSent]: async (params) => {
      const p = (params ?? {}) as Params;
      const user = userOf(text(p, 'user'));
      await run(() => api.composition.get(SendVerificationEmail).execute(user));
      const token = await tokenFromMail(api.composition.orm, user.email, '/verify-email');
      if (p.verified === true) await run(() => api.composition.get(VerifyEmail).execute(token));
      return { [text(p, 'as', 'verificationToken')]: token };
    },

    [STATES.accountDeleted]: async (params) => {
      const p = (params ?? {}) as Params;
      const user = userOf(text(p, 'user'));
      const password = text(p, 'password', DEFAULT_PASSWORD);
      await run(() => api.composition.get(DeleteAccount).execute(user.id, password, async () => undefined));
      return undefined;
    },

    [STATES.userBlocked]: async (params) => {
      const p = (params ?? {}) as Params;
      const blocked = userOf(text(p, 'blocked'));
      await run(() => api.composition.get(BlockUser).execute(userOf(text(p, 'blocker')), blocked.id));
      return undefined;
    },

    [STATES.userSuspended]: async (params) => {
      const p = (params ?? {}) as Params;
      const admin = userOf(text(p, 'admin'));
      const user = userOf(text(p, 'user'));
      const days = typeof p.days === 'number' ? p.days : null;
      const reason = text(p, 'reason', 'Asked to be paid in cash.');
      await run(() => api.composition.get(SuspendUser).execute(admin, user.id, { days, reason }));
      return undefined;
    },

    [STATES.reportFiled]: async (params) => {
      const p = (params ?? {}) as Params;
      const targetType = text(p, 'targetType', 'project') as 'project';
      const targetId = stateValues.get(text(p, 'target', 'projectId'));
      if (!targetId)
        throw new Error("provider state 'a report was filed': list the state of its target first");
      await run(() =>
        api.composition
          .get(FileReport)
          .execute(userOf(text(p, 'reporter')), { targetType, targetId, reason: text(p, 'reason', 'scam') }),
      );
      if (typeof p.claimedBy === 'string') {
        await run(() =>
          api.composition
            .get(ClaimModerationItem)
            .execute(userOf(p.claimedBy as string), targetType, targetId),
        );
      }
      return undefined;
    },

    [STATES.oauthAppExists]: async (params) => {
      const p = (params ?? {}) as Params;
      const { clientId } = await run(() =>
        api.composition.get(RegisterOAuthApp).execute(userOf(text(p, 'owner')), {
          name: text(p, 'name', 'Site Diary'),
          homepageUrl: 'https://sitediary.example',
          logoUrl: 'https://sitediary.example/logo.png',
          redirectUris: [OAUTH_REDIRECT_URI],
          clientType: text(p, 'clientType', 'confidential') === 'public' ? 'public' : 'confidential',
        }),
      );
      return { [text(p, 'as', 'oauthAppId')]: clientId };
    },

    [STATES.appConnected]: async (params) => {
      const p = (params ?? {}) as Params;
      const scopes = Array.isArray(p.scopes) ? p.scopes.map(String) : ['projects:read', 'offline_access'];
      const { uid, cookies } = await startAuthorization(appIdOf(p), scopes.join(' '));
      // The signed-in user allows it on the consent page, as the page's own call does.
      const allowed = await fetch(`${baseUrl}/oauth/consent/${uid}/allow`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: [sessionCookieHeader, cookies].filter(Boolean).join('; '),
        },
        body: JSON.stringify({ scopes }),
      });
      expect(allowed.status, await allowed.clone().text()).toBe(200);
      return undefined;
    },

    [STATES.consentWaiting]: async (params) => {
      const p = (params ?? {}) as Params;
      const { uid, cookies } = await startAuthorization(
        appIdOf(p),
        text(p, 'scope', 'projects:read offline_access'),
      );
      consentCookieHeader = cookies;
      return { [text(p, 'as', 'consentUid')]: uid };
    },

    [STATES.accessTokenExists]: async (params) => {
      const p = (params ?? {}) as Params;
      const scopes = Array.isArray(p.scopes) ? p.scopes.map(String) : ['projects:read'];
      const input = { name: text(p, 'name', 'Nightly bid report'), scopes };
      const create = () =>
        run(() => api.composition.get(CreateAccessToken).execute(userOf(text(p, 'user')), input));
      // `count` more than one: as many active tokens (the limit's interaction asks for 50).
      for (let i = 1; i < Number(p.count ?? 1); i += 1) await create();
      const { token } = await create();
      return { [text(p, 'as', 'accessTokenId')]: token.id };
    },

    [STATES.webhookEndpointExists]: async (params) => {
      const p = (params ?? {}) as Params;
      const owner = userOf(text(p, 'user'));
      const input = {
        url: text(p, 'url', receiverUrl),
        description: text(p, 'description', ''),
        eventTypes: Array.isArray(p.eventTypes) ? p.eventTypes.map(String) : ['bid.received'],
      };
      const create = () => run(() => api.composition.get(CreateWebhookEndpoint).execute(owner, input));
      // `count` more than one: as many endpoints (the limit's interaction asks for 10).
      for (let i = 1; i < Number(p.count ?? 1); i += 1) await create();
      const { endpoint } = await create();
      return { [text(p, 'as', 'webhookEndpointId')]: endpoint.id };
    },

    [STATES.webhookDeliveryExists]: async (params) => {
      const p = (params ?? {}) as Params;
      const endpointId = stateValues.get(text(p, 'endpoint', 'webhookEndpointId'));
      if (!endpointId) {
        throw new Error("provider state 'a webhook delivery exists': list 'a webhook endpoint exists' first");
      }
      const delivery = await run(() =>
        api.composition.get(SendTestWebhook).execute(userOf(text(p, 'user')), endpointId),
      );
      if (delivery.status !== 'succeeded') {
        throw new Error(`provider state: the test delivery ${delivery.status} (${delivery.error ?? ''})`);
      }
      return { [text(p, 'as', 'webhookDeliveryId')]: delivery.id };
    },

    [STATES.subscriptionExists]: async (params) => {
      const p = (params ?? {}) as Params;
      const user = userOf(text(p, 'user'));
      const start = await run(() => api.composition.get(StartProSubscription).execute(user.id));
      if (!start.clientSecret) throw new Error('provider state: the subscription needs no confirmation');
      if (p.confirmed === false) return { clientSecret: start.clientSecret as string };
      await run(() =>
        api.composition.get(ConfirmSandboxPayment).execute({
          userId: user.id,
          clientSecret: start.clientSecret as string,
          cardNumber: '4242424242424242',
          expiry: '12 / 34',
          cvc: '123',
        }),
      );
      return undefined;
    },
  };

  /** Values the states of the current interaction returned, for states that refer to earlier ones. */
  const stateValues = new Map<string, string>();
  // Record what each state returns, so later states of the same interaction can use it.
  for (const [name, handler] of Object.entries(stateHandlers)) {
    if (typeof handler !== 'function') continue;
    stateHandlers[name] = async (params) => {
      const values = await handler(params);
      for (const [key, value] of Object.entries(values ?? {})) {
        if (typeof value === 'string') stateValues.set(key, value);
      }
      return values;
    };
  }

  it('every frontend’s pact (shell, account, projects, bids, admin)', async () => {
    const pactUrls = committedPacts();
    expect(pactUrls.length).toBeGreaterThan(0);
    const broker = process.env.PACT_BROKER_BASE_URL;
    const verifier = new Verifier({
      provider: PROVIDER,
      providerBaseUrl: baseUrl,
      pactUrls,
      ...(broker
        ? {
            pactBrokerUrl: broker,
            ...(process.env.PACT_BROKER_TOKEN ? { pactBrokerToken: process.env.PACT_BROKER_TOKEN } : {}),
            ...(process.env.PACT_BROKER_USERNAME
              ? {
                  pactBrokerUsername: process.env.PACT_BROKER_USERNAME,
                  pactBrokerPassword: process.env.PACT_BROKER_PASSWORD ?? '',
                }
              : {}),
            consumerVersionSelectors: [{ mainBranch: true }, { deployedOrReleased: true }],
            enablePending: true,
            publishVerificationResult: process.env.PACT_PUBLISH_VERIFICATION_RESULTS === 'true',
            providerVersion: providerVersion(),
            providerVersionBranch: process.env.PACT_PROVIDER_BRANCH ?? 'main',
          }
        : {}),
      logLevel: 'warn',
      // Every interaction, with a state or without, starts from empty tables, no caches and no session.
      beforeEach: async () => {
        sessionCookieHeader = undefined;
        consentCookieHeader = undefined;
        users.clear();
        stateValues.clear();
        await api.composition.orm.em.getConnection().execute(emptyAll);
        api.composition.afterWrite();
      },
      stateHandlers,
      requestFilter: (req: IncomingMessage, _res: ServerResponse, next: () => void) => {
        // Only a request that carries a cookie (the consumer's example) gets the real session's cookie, and
        // under the consent page's path the waiting authorization's cookies too (decision 0213).
        if (req.headers.cookie) {
          const consent = req.url?.startsWith('/oauth/consent/') ? consentCookieHeader : undefined;
          const real = [sessionCookieHeader, consent].filter(Boolean).join('; ');
          if (real) req.headers.cookie = real;
        }
        // Pact's proxy re-sends every body as a chunked stream, so a bodiless POST (sign-out) would reach
        // Fastify as a chunked body without a content type (415). Browsers send such a POST with
        // Content-Length: 0 (fetch standard), which is what the API sees in production.
        const hasBody =
          req.headers['content-type'] || req.headers['content-length'] || req.headers['transfer-encoding'];
        if (!hasBody) req.headers['content-length'] = '0';
        next();
      },
    });
    await expect(verifier.verifyProvider()).resolves.toBeDefined();
  });
});
