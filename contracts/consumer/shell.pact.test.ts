// @vitest-environment jsdom
/**
 * Consumer side of the shell's contract: every API call the shell makes (auth, the bell's notifications,
 * the message dialog), through the shell's own functions on its own typed client (createBrowserApi →
 * createApi → openapi-fetch). jsdom gives them a window; `browseTo` points the browser's network layer
 * at the Pact mock server and keeps a cookie jar.
 *
 * The last test compares the fresh pact with the committed one in contracts/pacts/ (see support/consumer.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Before Pact loads: no telemetry from tests.
vi.hoisted(() => {
  process.env.PACT_DO_NOT_TRACK = 'true';
});

import { type ApiUser, hasStatus } from '@buildbid/api-client';
import { MatchersV3 } from '@pact-foundation/pact';
import { requestPasswordReset, verifyEmail } from '../../apps/shell/src/api.ts';
import {
  authAtom,
  completePasswordReset,
  loadUser,
  register,
  signIn,
  signOut,
} from '../../apps/shell/src/auth.ts';
import {
  blockUser,
  conversationStatus,
  listMessages,
  markConversationRead,
  projectTitle,
  reportedMessageIds,
  reportMessage,
  sendMessage,
} from '../../apps/shell/src/messaging/api.ts';
import {
  listNotifications,
  markAllRead,
  markRead,
  unreadCount,
} from '../../apps/shell/src/notifications/api.ts';
import { loadLanding } from '../../apps/shell/src/pages/Landing.tsx';
import { shellStore } from '../../apps/shell/src/store.ts';
import { messageBody, notificationBody, userBody } from '../support/bodies.ts';
import {
  consumerContract,
  EXAMPLE_IDS,
  errorBody,
  errorCode,
  itKeepsTheCommittedPact,
  JSON_CONTENT,
  JSON_WITH_SESSION,
  NOT_SIGNED_IN,
  SETS_SESSION_AND_DEVICE_COOKIES,
  SETS_SESSION_COOKIE,
  stateId,
  statePath,
  stateValue,
  UNKNOWN_ID,
  WITH_SESSION,
} from '../support/consumer.ts';
import { CONSUMERS, SESSION_COOKIE, STATES } from '../support/contract.ts';

const { like, equal, eachLike, integer, uuid, boolean, iso8601DateTimeWithMillis } = MatchersV3;

const CONSUMER = CONSUMERS.shell;
const EMAIL = 'ann@example.com';
const PASSWORD = 'correct-horse-42';
const OTHER = { email: 'marcus@example.com', role: 'contractor', firstName: 'Marcus', as: 'otherUserId' };

describe(`${CONSUMER} → buildbid-api`, () => {
  const contract = consumerContract(CONSUMER);
  const { pact, jar } = contract;
  const browseTo = (url: string, signedIn = false) => contract.browseTo(url, { signedIn });

  beforeEach(() => {
    window.scrollTo = () => {}; // jsdom has no layout; signOut navigates to '/'
    shellStore.set(authAtom, { status: 'loading' });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe('register (POST /api/auth/register)', () => {
    const registration = {
      email: EMAIL,
      password: PASSWORD,
      firstName: 'Ann',
      lastName: 'Example',
      role: 'client',
      country: 'US',
    } as const;

    it('creates the account and signs in: 201 with the user and a session cookie', async () => {
      await pact
        .addInteraction()
        .uponReceiving('a registration with a new email')
        .withRequest('POST', '/api/auth/register', (b) => b.headers(JSON_CONTENT).jsonBody(registration))
        .willRespondWith(201, (b) =>
          b.headers({ ...JSON_CONTENT, 'Set-Cookie': SETS_SESSION_COOKIE }).jsonBody(
            userBody({
              email: equal(EMAIL),
              firstName: equal('Ann'),
              lastName: equal('Example'),
              role: equal('client'),
              country: equal('US'),
            }),
          ),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          await register(registration);
          expect(jar.has(SESSION_COOKIE)).toBe(true);
        });
    });

    it('refuses an email that is taken: 409 with a message the form shows', async () => {
      await pact
        .addInteraction()
        .given(STATES.userExists, { email: EMAIL })
        .uponReceiving('a registration with an email that is taken')
        .withRequest('POST', '/api/auth/register', (b) => b.headers(JSON_CONTENT).jsonBody(registration))
        .willRespondWith(409, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            message: like('An account with this email already exists'),
            code: errorCode('EMAIL_TAKEN'),
          }),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          const failure = await register(registration).catch((error: unknown) => error);
          expect(hasStatus(failure, 409)).toBe(true);
          expect(failure).toHaveProperty('message', 'An account with this email already exists');
          expect(failure).toHaveProperty('fromServer', true);
        });
    });
  });

  describe('sign in (POST /api/auth/signin)', () => {
    it('signs in with the right password: 200 with the user and a session cookie', async () => {
      await pact
        .addInteraction()
        .given(STATES.userExists, { email: EMAIL, password: PASSWORD })
        .uponReceiving('a sign-in with the right password')
        .withRequest('POST', '/api/auth/signin', (b) =>
          b.headers(JSON_CONTENT).jsonBody({ email: EMAIL, password: PASSWORD }),
        )
        .willRespondWith(200, (b) =>
          b.headers({ ...JSON_CONTENT, 'Set-Cookie': SETS_SESSION_AND_DEVICE_COOKIES }).jsonBody(userBody()),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          const user: ApiUser = await signIn(EMAIL, PASSWORD);
          expect(user.email).toBe(EMAIL);
          expect(shellStore.get(authAtom)).toEqual({ status: 'signed-in', user });
          expect(jar.has(SESSION_COOKIE)).toBe(true);
        });
    });

    it('refuses a wrong password: 401 with the one message for any bad credentials', async () => {
      await pact
        .addInteraction()
        .given(STATES.userExists, { email: EMAIL, password: PASSWORD })
        .uponReceiving('a sign-in with a wrong password')
        .withRequest('POST', '/api/auth/signin', (b) =>
          b.headers(JSON_CONTENT).jsonBody({ email: EMAIL, password: 'not-the-password' }),
        )
        .willRespondWith(401, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            message: 'Invalid email or password',
            code: errorCode('INVALID_CREDENTIALS'),
          }),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          const failure = await signIn(EMAIL, 'not-the-password').catch((error: unknown) => error);
          expect(hasStatus(failure, 401)).toBe(true);
          expect(failure).toHaveProperty('message', 'Invalid email or password');
          expect(shellStore.get(authAtom)).toEqual({ status: 'loading' });
        });
    });

    it('refuses a suspended account with the end of the suspension: 403 ACCOUNT_SUSPENDED (decision 0223)', async () => {
      const suspended = 'Your account is suspended until an admin lifts the suspension.';
      await pact
        .addInteraction()
        .given(STATES.userExists, { email: 'admin@example.com', role: 'admin', as: 'adminId' })
        .given(STATES.userExists, { email: EMAIL, password: PASSWORD })
        .given(STATES.userSuspended, { admin: 'admin@example.com', user: EMAIL })
        .uponReceiving('a sign-in with the right password to a suspended account')
        .withRequest('POST', '/api/auth/signin', (b) =>
          b.headers(JSON_CONTENT).jsonBody({ email: EMAIL, password: PASSWORD }),
        )
        .willRespondWith(403, (b) =>
          b.headers(JSON_CONTENT).jsonBody({ message: suspended, code: errorCode('ACCOUNT_SUSPENDED') }),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          const failure = await signIn(EMAIL, PASSWORD).catch((error: unknown) => error);
          expect(hasStatus(failure, 403)).toBe(true);
          expect(failure).toHaveProperty('message', suspended);
          expect(jar.has(SESSION_COOKIE)).toBe(false);
        });
    });
  });

  describe('the session probe (GET /api/auth/session)', () => {
    it('answers the signed-in user: 200', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, { email: EMAIL })
        .uponReceiving('a session probe with a session')
        .withRequest('GET', '/api/auth/session', (b) => b.headers(WITH_SESSION))
        // emailVerified: the dashboard's verify banner (decision 0160) reads it from the shell's user.
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({ user: userBody({ emailVerified: boolean(false) }) }),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url, true); // the browser holds a session
          await loadUser();
          const auth = shellStore.get(authAtom);
          expect(auth.status).toBe('signed-in');
          expect(auth.status === 'signed-in' && auth.user.email).toBe(EMAIL);
        });
    });

    it('answers 200 with user null without a session, which the shell reads as signed out', async () => {
      await pact
        .addInteraction()
        .uponReceiving('a session probe without a session')
        .withRequest('GET', '/api/auth/session')
        // Never 401 (decision 0198): a visitor's page logs no failed request.
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody({ user: null }))
        .executeTest(async (mock) => {
          browseTo(mock.url);
          const error = vi.spyOn(console, 'error');
          await loadUser();
          expect(shellStore.get(authAtom)).toEqual({ status: 'signed-out' });
          expect(error).not.toHaveBeenCalled();
          error.mockRestore();
        });
    });
  });

  describe('sign out (POST /api/auth/signout)', () => {
    it('revokes the session: 204', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, { email: EMAIL })
        .uponReceiving('a sign-out with a session')
        .withRequest('POST', '/api/auth/signout', (b) => b.headers(WITH_SESSION))
        .willRespondWith(204)
        .executeTest(async (mock) => {
          browseTo(mock.url, true); // the browser holds a session
          const error = vi.spyOn(console, 'error');
          const notify = vi.fn();
          expect(await signOut(notify, 0)).toBe(true);
          expect(error).not.toHaveBeenCalled(); // signOut only logs a failed request
          expect(notify).not.toHaveBeenCalled();
          error.mockRestore();
          expect(shellStore.get(authAtom)).toEqual({ status: 'signed-out' });
        });
    });
  });

  describe('the landing page (GET /api/landing, issue 12)', () => {
    it('shows a project posted a moment ago, the real figures, and no testimonials yet: 200', async () => {
      await pact
        .addInteraction()
        .given(STATES.userExists, { email: EMAIL })
        .given(STATES.projectExists, { owner: EMAIL })
        .uponReceiving('a visitor opening the landing page')
        .withRequest('GET', '/api/landing')
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            featured: eachLike({
              id: uuid(EXAMPLE_IDS.projectId),
              title: like('Re-roof a two-storey house'),
              bidCount: integer(0),
              status: equal('active'),
              currentPhase: equal('bidding'),
            }),
            testimonials: [],
            figures: { projectsPosted: integer(1), contractorsRegistered: integer(0) },
          }),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          const landing = await loadLanding();
          expect(landing.featured[0]?.title).toBe('Re-roof a two-storey house');
          expect(landing.figures.projectsPosted).toBe(1);
          expect(landing.testimonials).toEqual([]);
        });
    });
  });

  describe('notifications (the bell)', () => {
    const SIGNED_IN = { email: EMAIL };

    it('lists the signed-in user’s notifications: 200', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, SIGNED_IN)
        .given(STATES.notificationExists, { user: EMAIL, title: 'Welcome' })
        .uponReceiving('a request for my notifications')
        .withRequest('GET', '/api/notifications', (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(eachLike(notificationBody())))
        .executeTest(async (mock) => {
          browseTo(mock.url, true);
          const [first] = await listNotifications();
          expect(first?.title).toBe('Welcome');
          expect(first?.isRead).toBe(false);
        });
    });

    it('refuses the list without a session: 401', async () => {
      await pact
        .addInteraction()
        .uponReceiving('a request for notifications without a session')
        .withRequest('GET', '/api/notifications')
        .willRespondWith(401, (b) => b.headers(JSON_CONTENT).jsonBody(NOT_SIGNED_IN))
        .executeTest(async (mock) => {
          browseTo(mock.url);
          expect(hasStatus(await listNotifications().catch((e: unknown) => e), 401)).toBe(true);
        });
    });

    it('counts the unread ones: 200 { count }', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, SIGNED_IN)
        .given(STATES.notificationExists, { user: EMAIL })
        .uponReceiving('a request for my unread notification count')
        .withRequest('GET', '/api/notifications/unread-count', (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody({ count: integer(1) }))
        .executeTest(async (mock) => {
          browseTo(mock.url, true);
          expect(await unreadCount()).toBe(1);
        });
    });

    it('refuses the count without a session: 401', async () => {
      await pact
        .addInteraction()
        .uponReceiving('a request for the unread count without a session')
        .withRequest('GET', '/api/notifications/unread-count')
        .willRespondWith(401, (b) => b.headers(JSON_CONTENT).jsonBody(NOT_SIGNED_IN))
        .executeTest(async (mock) => {
          browseTo(mock.url);
          expect(hasStatus(await unreadCount().catch((e: unknown) => e), 401)).toBe(true);
        });
    });

    it('marks one as read: 200 with the notification', async () => {
      const { path } = statePath('notificationId', (id) => `/api/notifications/${id}/read`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, SIGNED_IN)
        .given(STATES.notificationExists, { user: EMAIL })
        .uponReceiving('marking my notification as read')
        .withRequest('PATCH', path, (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody(notificationBody({ isRead: equal(true) })),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url, true);
          await expect(markRead(EXAMPLE_IDS.notificationId)).resolves.toBeUndefined();
        });
    });

    it('answers 404 for a notification that is not there', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, SIGNED_IN)
        .uponReceiving('marking an unknown notification as read')
        .withRequest('PATCH', `/api/notifications/${UNKNOWN_ID}/read`, (b) => b.headers(WITH_SESSION))
        .willRespondWith(404, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('NOTIFICATION_NOT_FOUND', 'Notification not found')),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url, true);
          expect(hasStatus(await markRead(UNKNOWN_ID).catch((e: unknown) => e), 404)).toBe(true);
        });
    });

    it('marks all as read: 200', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, SIGNED_IN)
        .given(STATES.notificationExists, { user: EMAIL })
        .uponReceiving('marking all my notifications as read')
        .withRequest('PATCH', '/api/notifications/mark-all-read', (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody({ count: integer(1) }))
        .executeTest(async (mock) => {
          browseTo(mock.url, true);
          await expect(markAllRead()).resolves.toBeUndefined();
        });
    });

    it('refuses mark-all-read without a session: 401', async () => {
      await pact
        .addInteraction()
        .uponReceiving('marking all notifications as read without a session')
        .withRequest('PATCH', '/api/notifications/mark-all-read')
        .willRespondWith(401, (b) => b.headers(JSON_CONTENT).jsonBody(NOT_SIGNED_IN))
        .executeTest(async (mock) => {
          browseTo(mock.url);
          expect(hasStatus(await markAllRead().catch((e: unknown) => e), 401)).toBe(true);
        });
    });
  });

  describe('messages (the message dialog)', () => {
    it('loads the conversation with another user: 200', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, { email: EMAIL })
        .given(STATES.userExists, OTHER)
        .given(STATES.messageExists, { from: OTHER.email, to: EMAIL, content: 'Can you start Monday?' })
        .uponReceiving('a request for my conversation with another user')
        .withRequest('GET', '/api/messages', (b) =>
          b.headers(WITH_SESSION).query({ otherUserId: stateId('otherUserId') }),
        )
        .willRespondWith(200, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(eachLike(messageBody({ content: equal('Can you start Monday?') }))),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url, true);
          const [message] = await listMessages(EXAMPLE_IDS.otherUserId);
          expect(message?.content).toBe('Can you start Monday?');
        });
    });

    it('reads the title of the project a conversation is about, for the dialog opened from a notification: 200', async () => {
      const { path, example } = statePath('projectId', (id) => `/api/projects/${id}`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, { email: EMAIL })
        .given(STATES.projectExists, { owner: EMAIL })
        .uponReceiving("a request for a conversation's project")
        .withRequest('GET', path, (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(like({ id: stateId('projectId'), title: 'Re-roof a two-storey house' })),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url, true);
          expect(await projectTitle(example.split('/').at(-1) as string)).toBe('Re-roof a two-storey house');
        });
    });

    it("answers 404 for a conversation's project that is gone, and the dialog names the person alone", async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, { email: EMAIL })
        .uponReceiving("a request for a conversation's project that is gone")
        .withRequest('GET', `/api/projects/${UNKNOWN_ID}`, (b) => b.headers(WITH_SESSION))
        .willRespondWith(404, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('PROJECT_NOT_FOUND', 'Project not found')),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url, true);
          const failure = await projectTitle(UNKNOWN_ID).catch((e: unknown) => e);
          expect(hasStatus(failure, 404)).toBe(true);
        });
    });

    it('refuses the conversation without a session: 401', async () => {
      await pact
        .addInteraction()
        .uponReceiving('a request for a conversation without a session')
        .withRequest('GET', '/api/messages', (b) => b.query({ otherUserId: EXAMPLE_IDS.otherUserId }))
        .willRespondWith(401, (b) => b.headers(JSON_CONTENT).jsonBody(NOT_SIGNED_IN))
        .executeTest(async (mock) => {
          browseTo(mock.url);
          const failure = await listMessages(EXAMPLE_IDS.otherUserId).catch((e: unknown) => e);
          expect(hasStatus(failure, 401)).toBe(true);
        });
    });

    it('marks the conversation read (a POST; reading marks nothing): 200 { count }', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, { email: EMAIL })
        .given(STATES.userExists, OTHER)
        .given(STATES.messageExists, { from: OTHER.email, to: EMAIL, content: 'Can you start Monday?' })
        .uponReceiving('my conversation with another user marked read')
        .withRequest('POST', '/api/messages/read', (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({ otherUserId: stateId('otherUserId'), projectId: null }),
        )
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody({ count: integer(1) }))
        .executeTest(async (mock) => {
          browseTo(mock.url, true);
          await expect(markConversationRead(EXAMPLE_IDS.otherUserId, null)).resolves.toBeUndefined();
        });
    });

    it('refuses marking read without a session: 401', async () => {
      await pact
        .addInteraction()
        .uponReceiving('a conversation marked read without a session')
        .withRequest('POST', '/api/messages/read', (b) =>
          b.headers(JSON_CONTENT).jsonBody({ otherUserId: EXAMPLE_IDS.otherUserId, projectId: null }),
        )
        .willRespondWith(401, (b) => b.headers(JSON_CONTENT).jsonBody(NOT_SIGNED_IN))
        .executeTest(async (mock) => {
          browseTo(mock.url);
          const failure = await markConversationRead(EXAMPLE_IDS.otherUserId, null).catch((e: unknown) => e);
          expect(hasStatus(failure, 401)).toBe(true);
        });
    });

    it('sends a message: 201 with the message', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, { email: EMAIL })
        .given(STATES.userExists, OTHER)
        .uponReceiving('a message to another user')
        .withRequest('POST', '/api/messages', (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({
            receiverId: stateId('otherUserId'),
            projectId: null,
            content: 'Hello Marcus',
            type: 'text',
          }),
        )
        .willRespondWith(201, (b) =>
          b.headers(JSON_CONTENT).jsonBody(messageBody({ content: equal('Hello Marcus'), id: uuid() })),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url, true);
          await expect(sendMessage(EXAMPLE_IDS.otherUserId, null, 'Hello Marcus')).resolves.toBeUndefined();
        });
    });

    it('asks whether the conversation is open: 200 { closed: false }', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, { email: EMAIL })
        .given(STATES.userExists, OTHER)
        .uponReceiving('a request for the status of my conversation with another user')
        .withRequest('GET', '/api/messages/status', (b) =>
          b.headers(WITH_SESSION).query({ otherUserId: stateId('otherUserId') }),
        )
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            otherUserId: stateId('otherUserId'),
            closed: equal(false),
            closedReason: null,
            blockedByMe: equal(false),
          }),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url, true);
          expect(await conversationStatus(EXAMPLE_IDS.otherUserId)).toMatchObject({ closed: false });
        });
    });

    it('shows a conversation with a deleted account closed (issue 23): 200 { closed: true, closedReason }', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, { email: EMAIL })
        .given(STATES.userExists, OTHER)
        .given(STATES.accountDeleted, { user: OTHER.email })
        .uponReceiving('a request for the status of my conversation with a deleted account')
        .withRequest('GET', '/api/messages/status', (b) =>
          b.headers(WITH_SESSION).query({ otherUserId: stateId('otherUserId') }),
        )
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            otherUserId: stateId('otherUserId'),
            closed: equal(true),
            closedReason: like('This account has been deleted; the conversation is closed'),
            blockedByMe: equal(false),
          }),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url, true);
          expect(await conversationStatus(EXAMPLE_IDS.otherUserId)).toMatchObject({ closed: true });
        });
    });

    it('answers 404 for the status of a conversation with nobody', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, { email: EMAIL })
        .uponReceiving('a request for the status of a conversation with an unknown user')
        .withRequest('GET', '/api/messages/status', (b) =>
          b.headers(WITH_SESSION).query({ otherUserId: UNKNOWN_ID }),
        )
        .willRespondWith(404, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('USER_NOT_FOUND', 'User not found')),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url, true);
          const failure = await conversationStatus(UNKNOWN_ID).catch((e: unknown) => e);
          expect(hasStatus(failure, 404)).toBe(true);
        });
    });

    it('refuses a message to a deleted account (issue 23): 409 RECIPIENT_DELETED', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, { email: EMAIL })
        .given(STATES.userExists, OTHER)
        .given(STATES.accountDeleted, { user: OTHER.email })
        .uponReceiving('a message to a deleted account')
        .withRequest('POST', '/api/messages', (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({
            receiverId: stateId('otherUserId'),
            projectId: null,
            content: 'Still there?',
            type: 'text',
          }),
        )
        .willRespondWith(409, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(
              errorBody('RECIPIENT_DELETED', 'This account has been deleted; the conversation is closed'),
            ),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url, true);
          const failure = await sendMessage(EXAMPLE_IDS.otherUserId, null, 'Still there?').catch(
            (e: unknown) => e,
          );
          expect(hasStatus(failure, 409)).toBe(true);
        });
    });

    it('blocks the other person from the conversation (decision 0220): 204', async () => {
      const { path } = statePath('otherUserId', (id) => `/api/users/me/blocks/${id}`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, { email: EMAIL })
        .given(STATES.userExists, OTHER)
        .uponReceiving('a request to block the other person of a conversation')
        .withRequest('PUT', path, (b) => b.headers(WITH_SESSION))
        .willRespondWith(204)
        .executeTest(async (mock) => {
          browseTo(mock.url, true);
          await expect(blockUser(EXAMPLE_IDS.otherUserId)).resolves.toBeUndefined();
        });
    });

    it('answers 404 for blocking nobody', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, { email: EMAIL })
        .uponReceiving('a request to block an unknown user')
        .withRequest('PUT', `/api/users/me/blocks/${UNKNOWN_ID}`, (b) => b.headers(WITH_SESSION))
        .willRespondWith(404, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('USER_NOT_FOUND', 'User not found')),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url, true);
          const failure = await blockUser(UNKNOWN_ID).catch((e: unknown) => e);
          expect(hasStatus(failure, 404)).toBe(true);
        });
    });

    it("refuses blocking an admin: 403 CANNOT_BLOCK_ADMIN, the message the dialog's toast shows", async () => {
      const { path } = statePath('otherUserId', (id) => `/api/users/me/blocks/${id}`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, { email: EMAIL })
        .given(STATES.userExists, { ...OTHER, role: 'admin' })
        .uponReceiving('a request to block an admin')
        .withRequest('PUT', path, (b) => b.headers(WITH_SESSION))
        .willRespondWith(403, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(errorBody('CANNOT_BLOCK_ADMIN', "BuildBid's admins cannot be blocked")),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url, true);
          const failure = await blockUser(EXAMPLE_IDS.otherUserId).catch((e: unknown) => e);
          expect(failure).toMatchObject({ status: 403, code: 'CANNOT_BLOCK_ADMIN' });
        });
    });

    it('shows a conversation with someone I blocked closed, with my own line and blockedByMe', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, { email: EMAIL })
        .given(STATES.userExists, OTHER)
        .given(STATES.userBlocked, { blocker: EMAIL, blocked: OTHER.email })
        .uponReceiving('a request for the status of my conversation with someone I blocked')
        .withRequest('GET', '/api/messages/status', (b) =>
          b.headers(WITH_SESSION).query({ otherUserId: stateId('otherUserId') }),
        )
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            otherUserId: stateId('otherUserId'),
            closed: equal(true),
            closedReason: like('You blocked this person. Unblock them in your profile to message them.'),
            blockedByMe: equal(true),
          }),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url, true);
          expect(await conversationStatus(EXAMPLE_IDS.otherUserId)).toMatchObject({
            closed: true,
            blockedByMe: true,
          });
        });
    });

    it("shows a blocked person the conversation closed with only 'You cannot message this person'", async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, { email: EMAIL })
        .given(STATES.userExists, OTHER)
        .given(STATES.userBlocked, { blocker: OTHER.email, blocked: EMAIL })
        .uponReceiving('a request for the status of my conversation with someone who blocked me')
        .withRequest('GET', '/api/messages/status', (b) =>
          b.headers(WITH_SESSION).query({ otherUserId: stateId('otherUserId') }),
        )
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            otherUserId: stateId('otherUserId'),
            closed: equal(true),
            closedReason: equal('You cannot message this person'),
            blockedByMe: equal(false),
          }),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url, true);
          expect(await conversationStatus(EXAMPLE_IDS.otherUserId)).toMatchObject({
            closed: true,
            closedReason: 'You cannot message this person',
          });
        });
    });

    it("refuses a blocked person's message: 403 CANNOT_MESSAGE_USER 'You cannot message this person'", async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, { email: EMAIL })
        .given(STATES.userExists, OTHER)
        .given(STATES.userBlocked, { blocker: OTHER.email, blocked: EMAIL })
        .uponReceiving('a message from a person the receiver blocked')
        .withRequest('POST', '/api/messages', (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({
            receiverId: stateId('otherUserId'),
            projectId: null,
            content: 'Still there?',
            type: 'text',
          }),
        )
        .willRespondWith(403, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody({ message: equal('You cannot message this person'), code: 'CANNOT_MESSAGE_USER' }),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url, true);
          const failure = await sendMessage(EXAMPLE_IDS.otherUserId, null, 'Still there?').catch(
            (e: unknown) => e,
          );
          expect(failure).toMatchObject({ status: 403, code: 'CANNOT_MESSAGE_USER' });
        });
    });

    it('refuses a message to nobody: 404 naming the receiver', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, { email: EMAIL })
        .uponReceiving('a message to an unknown user')
        .withRequest('POST', '/api/messages', (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({
            receiverId: UNKNOWN_ID,
            projectId: null,
            content: 'Hello?',
            type: 'text',
          }),
        )
        .willRespondWith(404, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('USER_NOT_FOUND', 'User not found')),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url, true);
          const failure = await sendMessage(UNKNOWN_ID, null, 'Hello?').catch((e: unknown) => e);
          expect(hasStatus(failure, 404)).toBe(true);
        });
    });
  });

  describe('account lifecycle (issue 16): the pages mailed links open', () => {
    const NEW_PASSWORD = 'fresh-horse-43';
    const EXAMPLE_RESET_TOKEN = 'rst_3q2+1/example-reset-token';
    const EXAMPLE_VERIFICATION_TOKEN = 'vfy.example-verification-token';
    const RESET_SENT =
      'If an account exists for that email, we have sent a link to reset its password. The link works for one hour.';

    it('asks for a reset link: 202 with the one message the page shows', async () => {
      await pact
        .addInteraction()
        .given(STATES.userExists, { email: EMAIL })
        .uponReceiving('a password reset request for an email')
        .withRequest('POST', '/api/auth/forgot-password', (b) =>
          b.headers(JSON_CONTENT).jsonBody({ email: EMAIL }),
        )
        .willRespondWith(202, (b) => b.headers(JSON_CONTENT).jsonBody({ message: like(RESET_SENT) }))
        .executeTest(async (mock) => {
          browseTo(mock.url);
          expect(await requestPasswordReset(EMAIL)).toBe(RESET_SENT);
        });
    });

    it('refuses a blank email: 400 EMAIL_REQUIRED with a message', async () => {
      await pact
        .addInteraction()
        .uponReceiving('a password reset request without an email')
        .withRequest('POST', '/api/auth/forgot-password', (b) =>
          b.headers(JSON_CONTENT).jsonBody({ email: '' }),
        )
        .willRespondWith(400, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('EMAIL_REQUIRED', 'Please enter your email')),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          const failure = await requestPasswordReset('').catch((e: unknown) => e);
          expect(hasStatus(failure, 400)).toBe(true);
          expect(failure).toHaveProperty('fromServer', true);
        });
    });

    it('sets a new password with the mailed token and signs in: 200 with the user and a session cookie', async () => {
      await pact
        .addInteraction()
        .given(STATES.userExists, { email: EMAIL, password: PASSWORD })
        .given(STATES.passwordResetRequested, { user: EMAIL })
        .uponReceiving('a password reset with a valid token')
        .withRequest('POST', '/api/auth/reset-password', (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            token: stateValue('resetToken', EXAMPLE_RESET_TOKEN),
            password: NEW_PASSWORD,
          }),
        )
        .willRespondWith(200, (b) =>
          b
            .headers({ ...JSON_CONTENT, 'Set-Cookie': SETS_SESSION_COOKIE })
            .jsonBody(userBody({ email: equal(EMAIL), emailVerified: boolean(true) })),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          const user = await completePasswordReset(EXAMPLE_RESET_TOKEN, NEW_PASSWORD);
          expect(user.email).toBe(EMAIL);
          expect(shellStore.get(authAtom)).toEqual({ status: 'signed-in', user });
          expect(jar.has(SESSION_COOKIE)).toBe(true);
        });
    });

    it('refuses a token that is not valid: 400 INVALID_RESET_TOKEN, and nobody is signed in', async () => {
      const message = 'This reset link is invalid or has expired. Ask for a new one.';
      await pact
        .addInteraction()
        .given(STATES.userExists, { email: EMAIL })
        .uponReceiving('a password reset with an unknown token')
        .withRequest('POST', '/api/auth/reset-password', (b) =>
          b.headers(JSON_CONTENT).jsonBody({ token: 'not-a-reset-token', password: NEW_PASSWORD }),
        )
        .willRespondWith(400, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('INVALID_RESET_TOKEN', message)),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          const failure = await completePasswordReset('not-a-reset-token', NEW_PASSWORD).catch(
            (e: unknown) => e,
          );
          expect(hasStatus(failure, 400)).toBe(true);
          expect(failure).toHaveProperty('code', 'INVALID_RESET_TOKEN');
          expect(failure).toHaveProperty('message', message);
          expect(shellStore.get(authAtom)).toEqual({ status: 'loading' });
          expect(jar.has(SESSION_COOKIE)).toBe(false);
        });
    });

    it('verifies an email with the mailed token, signed out: 200 with the address', async () => {
      await pact
        .addInteraction()
        .given(STATES.userExists, { email: EMAIL })
        .given(STATES.emailVerificationSent, { user: EMAIL })
        .uponReceiving('an email verification with a valid token')
        .withRequest('POST', '/api/auth/verify-email', (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            token: stateValue('verificationToken', EXAMPLE_VERIFICATION_TOKEN),
          }),
        )
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody({ email: equal(EMAIL) }))
        .executeTest(async (mock) => {
          browseTo(mock.url);
          expect(await verifyEmail(EXAMPLE_VERIFICATION_TOKEN)).toBe(EMAIL);
        });
    });

    it('refuses a verification token that is not valid: 400 INVALID_VERIFICATION_TOKEN', async () => {
      const message = 'This verification link is invalid or has expired.';
      await pact
        .addInteraction()
        .uponReceiving('an email verification with an unknown token')
        .withRequest('POST', '/api/auth/verify-email', (b) =>
          b.headers(JSON_CONTENT).jsonBody({ token: 'not-a-verification-token' }),
        )
        .willRespondWith(400, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('INVALID_VERIFICATION_TOKEN', message)),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url);
          const failure = await verifyEmail('not-a-verification-token').catch((e: unknown) => e);
          expect(hasStatus(failure, 400)).toBe(true);
          expect(failure).toHaveProperty('message', message);
        });
    });
  });

  describe('reporting a message (decision 0221)', () => {
    const REPORTED = {
      id: uuid(EXAMPLE_IDS.bidId),
      targetType: equal('message'),
      targetId: stateId('messageId'),
      reason: equal('off_platform_payment'),
      createdAt: iso8601DateTimeWithMillis('2027-03-25T10:00:00.000Z'),
    };

    it("reports the other person's message: 201", async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, { email: EMAIL })
        .given(STATES.userExists, OTHER)
        .given(STATES.messageExists, { from: OTHER.email, to: EMAIL })
        .uponReceiving('a report of a message asking for payment off BuildBid')
        .withRequest('POST', '/api/reports', (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({
            targetType: 'message',
            targetId: stateId('messageId'),
            reason: 'off_platform_payment',
            details: null,
          }),
        )
        .willRespondWith(201, (b) => b.headers(JSON_CONTENT).jsonBody(REPORTED))
        .executeTest(async (mock) => {
          browseTo(mock.url, true);
          await expect(
            reportMessage(EXAMPLE_IDS.messageId, { reason: 'off_platform_payment', details: null }),
          ).resolves.toBeUndefined();
        });
    });

    it('refuses reporting your own message: 400 CANNOT_REPORT_OWN', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, { email: EMAIL })
        .given(STATES.userExists, OTHER)
        .given(STATES.messageExists, { from: EMAIL, to: OTHER.email })
        .uponReceiving('a report of my own message')
        .withRequest('POST', '/api/reports', (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({
            targetType: 'message',
            targetId: stateId('messageId'),
            reason: 'spam',
            details: null,
          }),
        )
        .willRespondWith(400, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(errorBody('CANNOT_REPORT_OWN', 'You cannot report your own content')),
        )
        .executeTest(async (mock) => {
          browseTo(mock.url, true);
          const failure = await reportMessage(EXAMPLE_IDS.messageId, { reason: 'spam', details: null }).catch(
            (e: unknown) => e,
          );
          expect(hasStatus(failure, 400)).toBe(true);
        });
    });

    it("lists the messages I reported that wait for a decision ('Reported'): 200", async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, { email: EMAIL })
        .given(STATES.userExists, OTHER)
        .given(STATES.messageExists, { from: OTHER.email, to: EMAIL })
        .given(STATES.reportFiled, {
          reporter: EMAIL,
          targetType: 'message',
          target: 'messageId',
          reason: 'off_platform_payment',
        })
        .uponReceiving('a request for my open reports of messages')
        .withRequest('GET', '/api/users/me/reports', (b) =>
          b.headers(WITH_SESSION).query({ targetType: 'message' }),
        )
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(eachLike(REPORTED)))
        .executeTest(async (mock) => {
          browseTo(mock.url, true);
          expect(await reportedMessageIds()).toEqual(new Set([EXAMPLE_IDS.messageId]));
        });
    });

    it('refuses the list to a visitor: 401', async () => {
      await pact
        .addInteraction()
        .uponReceiving("a visitor's request for open reports of messages")
        .withRequest('GET', '/api/users/me/reports', (b) => b.query({ targetType: 'message' }))
        .willRespondWith(401, (b) => b.headers(JSON_CONTENT).jsonBody(NOT_SIGNED_IN))
        .executeTest(async (mock) => {
          browseTo(mock.url, false);
          expect(hasStatus(await reportedMessageIds().catch((e: unknown) => e), 401)).toBe(true);
        });
    });
  });

  itKeepsTheCommittedPact(contract);
});
