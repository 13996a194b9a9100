// @vitest-environment jsdom
/**
 * Consumer side of the account remote's contract: the dashboard, profile, switch-role, pricing and
 * subscribe screens' calls (apps/account/src/api.ts, and the dashboard's project list), through the
 * account remote's own functions on its typed client, against the Pact mock server.
 */
import { describe, expect, it, vi } from 'vitest';

// Before Pact loads: no telemetry from tests.
vi.hoisted(() => {
  process.env.PACT_DO_NOT_TRACK = 'true';
});

import { type ApiUser, hasStatus } from '@buildbid/api-client';
import { MatchersV3 } from '@pact-foundation/pact';
import {
  cancelSubscription,
  changePassword,
  confirmSandboxPayment,
  createAccessToken,
  createSubscription,
  createWebhookEndpoint,
  deleteMyAccount,
  deleteWebhookEndpoint,
  exportMyData,
  getAchievements,
  getBadges,
  getMyReviews,
  getPaymentsConfig,
  getQuota,
  getStats,
  getSubscription,
  listAccessTokens,
  listBlockedUsers,
  listSavedSearches,
  listWebhookDeliveries,
  listWebhookEndpoints,
  paymentPortalUrl,
  resendVerificationEmail,
  resendWebhookDelivery,
  revealWebhookSecret,
  revokeAccessToken,
  rollWebhookSecret,
  sendTestWebhook,
  switchRole,
  unblockUser,
  updateMe,
  updateWebhookEndpoint,
} from '../../apps/account/src/api.ts';
import { loadDashboardProjects } from '../../apps/account/src/Dashboard.tsx';
import {
  allowConsent,
  deleteOAuthApp,
  denyConsent,
  disconnectApp,
  getConsent,
  listConnectedApps,
  listOAuthApps,
  registerOAuthApp,
} from '../../apps/account/src/developer/oauth/api.ts';
import {
  accessTokenBody,
  bidQuotaBody,
  projectSummaryBody,
  userBody,
  userStatsBody,
  WEBHOOK_SECRET,
  webhookDeliveryBody,
  webhookEndpointBody,
} from '../support/bodies.ts';
import {
  CLEARS_SESSION_COOKIE,
  consumerContract,
  EXAMPLE_IDS,
  errorBody,
  itKeepsTheCommittedPact,
  JSON_CONTENT,
  JSON_WITH_SESSION,
  NOT_SIGNED_IN,
  stateId,
  statePath,
  stateValue,
  UNKNOWN_ID,
  WITH_SESSION,
} from '../support/consumer.ts';
import { CONSUMERS, SESSION_COOKIE, STATES } from '../support/contract.ts';

const { like, equal, eachLike, integer, regex, boolean, uuid, iso8601DateTimeWithMillis, fromProviderState } =
  MatchersV3;

const CONSUMER = CONSUMERS.account;
const EMAIL = 'ann@example.com';
const CLIENT = { email: EMAIL, role: 'client' };
const CONTRACTOR = { email: 'marcus@example.com', role: 'contractor', firstName: 'Marcus' };
const EXAMPLE_SECRET = 'seti_sandbox_123_secret_456';
const TOTAL_COUNT = { 'X-Total-Count': regex('\\d+', '1') };

/** The Billing tab's subscription, as the sandbox answers it during a first subscriber's trial. */
function subscriptionBody(overrides: Record<string, unknown> = {}) {
  return {
    plan: like('pro'),
    status: like('trialing'),
    trialEnd: iso8601DateTimeWithMillis('2026-12-01T12:00:00.000Z'),
    currentPeriodEnd: iso8601DateTimeWithMillis('2026-12-01T12:00:00.000Z'),
    nextBillingDate: iso8601DateTimeWithMillis('2026-12-01T12:00:00.000Z'),
    cancelAtPeriodEnd: boolean(false),
    amount: regex('\\d+\\.\\d{2}', '29.00'),
    currency: like('usd'),
    interval: like('month'),
    paymentsMode: like('sandbox'),
    canUpdatePaymentMethod: boolean(false),
    ...overrides,
  };
}

/** Calls the dashboard makes for a signed-in user with this role (only the role matters here). */
const asUser = (role: ApiUser['role']) => ({ ...({} as ApiUser), role }) as ApiUser;

describe(`${CONSUMER} → buildbid-api`, () => {
  const contract = consumerContract(CONSUMER);
  const { pact } = contract;
  const signedIn = (url: string) => contract.browseTo(url, { signedIn: true });
  const signedOut = (url: string) => contract.browseTo(url);

  /** The 401 every signed-in screen handles (toast 'Unauthorized', then the login page). */
  async function refusesWithoutSession(
    description: string,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    path: string,
    call: () => Promise<unknown>,
    body?: unknown,
  ) {
    await pact
      .addInteraction()
      .uponReceiving(description)
      .withRequest(method, path, (b) => {
        if (body !== undefined) b.headers(JSON_CONTENT).jsonBody(body);
      })
      .willRespondWith(401, (b) => b.headers(JSON_CONTENT).jsonBody(NOT_SIGNED_IN))
      .executeTest(async (mock) => {
        signedOut(mock.url);
        expect(hasStatus(await call().catch((e: unknown) => e), 401)).toBe(true);
      });
  }

  describe('switch role (PATCH /api/users/me/role)', () => {
    it('switches to another self-service role: 200 with the updated user', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .uponReceiving('a role switch to contractor')
        .withRequest('PATCH', '/api/users/me/role', (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({ role: 'contractor' }),
        )
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody(userBody({ role: equal('contractor') })),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          await expect(switchRole('contractor')).resolves.toBeUndefined();
        });
    });

    it('refuses without a session: 401 (the page says Unauthorized and goes to the login)', async () => {
      await refusesWithoutSession(
        'a role switch without a session',
        'PATCH',
        '/api/users/me/role',
        () => switchRole('vendor'),
        { role: 'vendor' },
      );
    });
  });

  describe('dashboard', () => {
    it('loads the stats: 200', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CONTRACTOR)
        .uponReceiving('a request for my stats')
        .withRequest('GET', '/api/users/me/stats', (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(userStatsBody()))
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const stats = await getStats();
          expect(stats.bidQuota.remaining).toBe(3);
        });
    });

    it('refuses the stats without a session: 401', async () => {
      await refusesWithoutSession(
        'a request for stats without a session',
        'GET',
        '/api/users/me/stats',
        getStats,
      );
    });

    it('loads the bid quota: 200', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CONTRACTOR)
        .uponReceiving('a request for my bid quota')
        .withRequest('GET', '/api/users/me/quota', (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(bidQuotaBody()))
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect((await getQuota()).limitReached).toBe(false);
        });
    });

    it('refuses the quota without a session: 401', async () => {
      await refusesWithoutSession(
        'a request for the quota without a session',
        'GET',
        '/api/users/me/quota',
        getQuota,
      );
    });

    it('loads my achievements: every category at zero for a new contractor, 200', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CONTRACTOR)
        .uponReceiving('a request for my achievements')
        .withRequest('GET', '/api/users/me/achievements', (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            categories: eachLike({
              category: like('quality'),
              points: equal(0),
              level: integer(1),
              tier: null,
              nextTier: like('bronze'),
              nextTierPoints: integer(25),
              progress: equal(0),
            }),
            badges: [],
          }),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const achievements = await getAchievements();
          expect(achievements.categories[0]).toMatchObject({ points: 0, tier: null, progress: 0 });
        });
    });

    it('refuses the achievements without a session: 401', async () => {
      await refusesWithoutSession(
        'a request for achievements without a session',
        'GET',
        '/api/users/me/achievements',
        getAchievements,
      );
    });

    it('loads a user’s badges: 200 (none yet)', async () => {
      const { path } = statePath('userId', (id) => `/api/users/${id}/badges`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CONTRACTOR)
        .uponReceiving('a request for my badges')
        .withRequest('GET', path, (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody([]))
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect(await getBadges(EXAMPLE_IDS.userId)).toEqual([]);
        });
    });

    it('refuses badges without a session: 401', async () => {
      await refusesWithoutSession(
        'a request for badges without a session',
        'GET',
        `/api/users/${EXAMPLE_IDS.userId}/badges`,
        () => getBadges(EXAMPLE_IDS.userId),
      );
    });

    it('lists the reviews about me: 200, newest first, with the project and its owner', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CONTRACTOR)
        .given(STATES.userExists, CLIENT)
        .given(STATES.projectExists, { owner: EMAIL, title: 'Re-roof the beach house' })
        .given(STATES.bidExists, {
          contractor: CONTRACTOR.email,
          owner: EMAIL,
          status: 'accepted',
          phase: 'completed',
          reviewRating: '5',
          reviewComment: 'On time and tidy.',
        })
        .uponReceiving('a request for the reviews about me')
        .withRequest('GET', '/api/users/me/reviews', (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody(
            eachLike({
              id: uuid(EXAMPLE_IDS.bidId),
              rating: integer(5),
              comment: like('On time and tidy.'),
              projectId: uuid(EXAMPLE_IDS.projectId),
              projectTitle: like('Re-roof the beach house'),
              reviewerName: like('Ann Tester'),
              createdAt: iso8601DateTimeWithMillis('2026-03-01T10:00:00.000Z'),
            }),
          ),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const [review] = await getMyReviews();
          expect(review).toMatchObject({ rating: 5, projectTitle: 'Re-roof the beach house' });
        });
    });

    it('refuses the reviews without a session: 401', async () => {
      await refusesWithoutSession(
        'a request for my reviews without a session',
        'GET',
        '/api/users/me/reviews',
        getMyReviews,
      );
    });

    it('lists a client’s own projects: 200 with the total', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .given(STATES.projectExists, { owner: EMAIL })
        .uponReceiving('a request for my first projects')
        .withRequest('GET', '/api/users/me/projects', (b) => b.headers(WITH_SESSION).query({ limit: '6' }))
        .willRespondWith(200, (b) =>
          b.headers({ ...JSON_CONTENT, ...TOTAL_COUNT }).jsonBody(eachLike(projectSummaryBody())),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const page = await loadDashboardProjects(asUser('client'), '');
          expect(page.total).toBe(1);
          expect(page.projects[0]?.title).toBe('Re-roof a two-storey house');
        });
    });

    it('refuses my projects without a session: 401', async () => {
      await pact
        .addInteraction()
        .uponReceiving('a request for my projects without a session')
        .withRequest('GET', '/api/users/me/projects', (b) => b.query({ limit: '6' }))
        .willRespondWith(401, (b) => b.headers(JSON_CONTENT).jsonBody(NOT_SIGNED_IN))
        .executeTest(async (mock) => {
          signedOut(mock.url);
          const failure = await loadDashboardProjects(asUser('client'), '').catch((e: unknown) => e);
          expect(hasStatus(failure, 401)).toBe(true);
        });
    });

    it('lists the open projects in the header’s country for a contractor: 200 with the total', async () => {
      await pact
        .addInteraction()
        .given(STATES.userExists, CLIENT)
        .given(STATES.projectExists, { owner: EMAIL, country: 'BS' })
        .given(STATES.signedInUser, CONTRACTOR)
        .uponReceiving('a request for the first open projects in a country')
        .withRequest('GET', '/api/projects', (b) =>
          b.headers(WITH_SESSION).query({ country: 'BS', status: 'active', limit: '6' }),
        )
        .willRespondWith(200, (b) =>
          b.headers({ ...JSON_CONTENT, ...TOTAL_COUNT }).jsonBody(eachLike(projectSummaryBody())),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const page = await loadDashboardProjects(asUser('contractor'), 'BS');
          expect(page.total).toBe(1);
        });
    });

    it('refuses open projects without a session: 401', async () => {
      await pact
        .addInteraction()
        .uponReceiving('a request for open projects without a session')
        .withRequest('GET', '/api/projects', (b) => b.query({ country: 'BS', status: 'active', limit: '6' }))
        .willRespondWith(401, (b) => b.headers(JSON_CONTENT).jsonBody(NOT_SIGNED_IN))
        .executeTest(async (mock) => {
          signedOut(mock.url);
          const failure = await loadDashboardProjects(asUser('contractor'), 'BS').catch((e: unknown) => e);
          expect(hasStatus(failure, 401)).toBe(true);
        });
    });
  });

  describe('profile (PATCH /api/users/me)', () => {
    it('saves the profile form: 200 with the user', async () => {
      const form = {
        firstName: 'Annie',
        lastName: 'Example',
        email: EMAIL,
        country: 'BS',
        role: 'client',
      } as const;
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .uponReceiving('a profile update')
        .withRequest('PATCH', '/api/users/me', (b) => b.headers(JSON_WITH_SESSION).jsonBody(form))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody(userBody({ firstName: equal('Annie'), country: equal('BS') })),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          await expect(updateMe(form)).resolves.toBeUndefined();
        });
    });

    it('refuses an email another account has: 409 with the message the form shows', async () => {
      const form = {
        firstName: 'Ann',
        lastName: 'Example',
        email: 'marcus@example.com',
        country: 'US',
        role: 'client',
        // A new email needs the current password (decision 0141); the signed-in state's password.
        currentPassword: 'correct-horse-42',
      } as const;
      await pact
        .addInteraction()
        .given(STATES.userExists, CONTRACTOR)
        .given(STATES.signedInUser, { ...CLIENT, password: 'correct-horse-42' })
        .uponReceiving('a profile update to an email that is taken')
        .withRequest('PATCH', '/api/users/me', (b) => b.headers(JSON_WITH_SESSION).jsonBody(form))
        .willRespondWith(409, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(errorBody('EMAIL_TAKEN', 'An account with this email already exists')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await updateMe(form).catch((e: unknown) => e);
          expect(hasStatus(failure, 409)).toBe(true);
          expect(failure).toHaveProperty('fromServer', true);
        });
    });
  });

  describe('payments', () => {
    it('reads the public payment settings: 200', async () => {
      await pact
        .addInteraction()
        .uponReceiving('a request for the payment settings')
        .withRequest('GET', '/api/config')
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            paymentsMode: like('sandbox'),
            stripePublishableKey: null,
            proPlan: {
              amount: regex('\\d+\\.\\d{2}', '29.00'),
              currency: like('usd'),
              interval: like('month'),
              trialDays: integer(7),
            },
          }),
        )
        .executeTest(async (mock) => {
          signedOut(mock.url);
          expect((await getPaymentsConfig()).paymentsMode).toBe('sandbox');
        });
    });

    it('starts a subscription: 200 with the client secret to confirm', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CONTRACTOR)
        .uponReceiving('a request to start the Pro subscription')
        .withRequest('POST', '/api/create-subscription', (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            clientSecret: like(EXAMPLE_SECRET),
            confirmation: like('setup'),
            alreadySubscribed: equal(false),
            subscriptionId: like('sub_sandbox_1'),
            status: like('incomplete'),
            trialEnd: iso8601DateTimeWithMillis('2026-12-01T12:00:00.000Z'),
            paymentsMode: like('sandbox'),
          }),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const start = await createSubscription();
          expect(start.clientSecret).toBe(EXAMPLE_SECRET);
        });
    });

    it('refuses to start without a session: 401', async () => {
      await refusesWithoutSession(
        'a request to start a subscription without a session',
        'POST',
        '/api/create-subscription',
        createSubscription,
      );
    });

    it('confirms the sandbox payment with a test card: 200 with the subscription', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CONTRACTOR)
        .given(STATES.subscriptionExists, { user: CONTRACTOR.email, confirmed: false })
        .uponReceiving('a sandbox confirmation with a good test card')
        .withRequest('POST', '/api/subscription/sandbox/confirm', (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({
            clientSecret: stateValue('clientSecret', EXAMPLE_SECRET),
            cardNumber: '4242424242424242',
            expiry: '12 / 34',
            cvc: '123',
          }),
        )
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(subscriptionBody()))
        .executeTest(async (mock) => {
          signedIn(mock.url);
          await expect(
            confirmSandboxPayment({
              clientSecret: EXAMPLE_SECRET,
              cardNumber: '4242424242424242',
              expiry: '12 / 34',
              cvc: '123',
            }),
          ).resolves.toBeUndefined();
        });
    });

    it('refuses a declined test card: 400 with the card’s message', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CONTRACTOR)
        .given(STATES.subscriptionExists, { user: CONTRACTOR.email, confirmed: false })
        .uponReceiving('a sandbox confirmation with a declined test card')
        .withRequest('POST', '/api/subscription/sandbox/confirm', (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({
            clientSecret: stateValue('clientSecret', EXAMPLE_SECRET),
            cardNumber: '4000000000000002',
            expiry: '12 / 34',
            cvc: '123',
          }),
        )
        .willRespondWith(400, (b) =>
          b
            .headers(JSON_CONTENT)
            // The card form puts the message under the field the answer names.
            .jsonBody({ ...errorBody('CARD_DECLINED', 'Your card was declined.'), field: 'cardNumber' }),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const card = {
            clientSecret: EXAMPLE_SECRET,
            cardNumber: '4000000000000002',
            expiry: '12 / 34',
            cvc: '123',
          };
          const failure = await confirmSandboxPayment(card).catch((e: unknown) => e);
          expect(failure).toHaveProperty('field', 'cardNumber');
          expect(hasStatus(failure, 400)).toBe(true);
          expect(failure).toHaveProperty('message', 'Your card was declined.');
        });
    });

    it('reads the subscription for the Billing tab: 200', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CONTRACTOR)
        .given(STATES.subscriptionExists, { user: CONTRACTOR.email })
        .uponReceiving('a request for my subscription')
        .withRequest('GET', '/api/subscription', (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(subscriptionBody()))
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect((await getSubscription()).plan).toBe('pro');
        });
    });

    it('refuses the subscription without a session: 401', async () => {
      await refusesWithoutSession(
        'a request for the subscription without a session',
        'GET',
        '/api/subscription',
        getSubscription,
      );
    });

    it('cancels at the end of the period: 200 with the subscription', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CONTRACTOR)
        .given(STATES.subscriptionExists, { user: CONTRACTOR.email })
        .uponReceiving('a cancellation of my subscription')
        .withRequest('POST', '/api/subscription/cancel', (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(subscriptionBody({ cancelAtPeriodEnd: equal(true), nextBillingDate: null })),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect((await cancelSubscription()).cancelAtPeriodEnd).toBe(true);
        });
    });

    it('refuses to cancel without a subscription: 409', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CONTRACTOR)
        .uponReceiving('a cancellation without a subscription')
        .withRequest('POST', '/api/subscription/cancel', (b) => b.headers(WITH_SESSION))
        .willRespondWith(409, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(errorBody('NO_ACTIVE_SUBSCRIPTION', 'You have no subscription to cancel')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect(hasStatus(await cancelSubscription().catch((e: unknown) => e), 409)).toBe(true);
        });
    });

    it('has no billing portal in sandbox mode: 409 (the button is hidden then)', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CONTRACTOR)
        .given(STATES.subscriptionExists, { user: CONTRACTOR.email })
        .uponReceiving('a request for the billing portal in sandbox mode')
        .withRequest('POST', '/api/subscription/portal', (b) => b.headers(WITH_SESSION))
        .willRespondWith(409, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(errorBody('PORTAL_UNAVAILABLE', 'The billing portal is not available')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect(hasStatus(await paymentPortalUrl().catch((e: unknown) => e), 409)).toBe(true);
        });
    });
  });

  describe('account lifecycle (issue 16): verify banner, change password, export, delete', () => {
    const PASSWORD = 'correct-horse-42';
    const SIGNED_IN = { ...CLIENT, password: PASSWORD };

    it('sends a new verification link: 202 with the message the banner shows', async () => {
      const sent = `We sent a new verification link to ${EMAIL}.`;
      await pact
        .addInteraction()
        .given(STATES.signedInUser, SIGNED_IN)
        .uponReceiving('a request for a new verification email')
        .withRequest('POST', '/api/users/me/verification-email', (b) => b.headers(WITH_SESSION))
        .willRespondWith(202, (b) => b.headers(JSON_CONTENT).jsonBody({ message: like(sent) }))
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect(await resendVerificationEmail()).toBe(sent);
        });
    });

    it('has nothing to send once the email is verified: 409 EMAIL_ALREADY_VERIFIED', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, SIGNED_IN)
        .given(STATES.emailVerificationSent, { user: EMAIL, verified: true })
        .uponReceiving('a request for a verification email when the email is verified')
        .withRequest('POST', '/api/users/me/verification-email', (b) => b.headers(WITH_SESSION))
        .willRespondWith(409, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(errorBody('EMAIL_ALREADY_VERIFIED', 'Your email address is already verified')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await resendVerificationEmail().catch((e: unknown) => e);
          expect(hasStatus(failure, 409)).toBe(true);
          expect(failure).toHaveProperty('fromServer', true);
        });
    });

    it('changes the password: 204', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, SIGNED_IN)
        .uponReceiving('a password change with the right current password')
        .withRequest('PUT', '/api/users/me/password', (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({ currentPassword: PASSWORD, newPassword: 'fresh-horse-43' }),
        )
        .willRespondWith(204)
        .executeTest(async (mock) => {
          signedIn(mock.url);
          await expect(
            changePassword({ currentPassword: PASSWORD, newPassword: 'fresh-horse-43' }),
          ).resolves.toBeUndefined();
        });
    });

    it('refuses a wrong current password: 400 WRONG_PASSWORD on the currentPassword field', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, SIGNED_IN)
        .uponReceiving('a password change with a wrong current password')
        .withRequest('PUT', '/api/users/me/password', (b) =>
          b
            .headers(JSON_WITH_SESSION)
            .jsonBody({ currentPassword: 'not-it-at-all', newPassword: 'fresh-horse-43' }),
        )
        .willRespondWith(400, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            ...errorBody('WRONG_PASSWORD', 'Your current password is not correct'),
            // The card puts the message under the field the answer names.
            field: 'currentPassword',
          }),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await changePassword({
            currentPassword: 'not-it-at-all',
            newPassword: 'fresh-horse-43',
          }).catch((e: unknown) => e);
          expect(hasStatus(failure, 400)).toBe(true);
          expect(failure).toHaveProperty('code', 'WRONG_PASSWORD');
          expect(failure).toHaveProperty('field', 'currentPassword');
        });
    });

    it('exports my data: 200, a JSON file named buildbid-data.json', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, SIGNED_IN)
        .uponReceiving('a request for my data export')
        .withRequest('GET', '/api/users/me/export', (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) =>
          b
            .headers({
              ...JSON_CONTENT,
              'Content-Disposition': regex(
                'attachment;\\s*filename="buildbid-data\\.json"',
                'attachment; filename="buildbid-data.json"',
              ),
            })
            .jsonBody({
              exportedAt: iso8601DateTimeWithMillis('2026-11-25T12:00:00.000Z'),
              profile: userBody({ email: equal(EMAIL) }),
              projects: [],
              bids: [],
              messages: [],
              reviews: [],
              // Decision 0194: the saved searches, saved projects and notifications are in it too.
              savedSearches: [],
              savedProjects: [],
              notifications: [],
            }),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const file = await exportMyData();
          const data = JSON.parse(await file.text()) as { profile: ApiUser; projects: unknown[] };
          expect(data.profile.email).toBe(EMAIL);
          expect(data.projects).toEqual([]);
        });
    });

    it('refuses the export without a session: 401', async () => {
      await refusesWithoutSession(
        'a request for the data export without a session',
        'GET',
        '/api/users/me/export',
        exportMyData,
      );
    });

    it('deletes my account with my password: 204, and the session cookie is cleared', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, SIGNED_IN)
        .uponReceiving('an account deletion with the right password')
        .withRequest('POST', '/api/users/me/delete', (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({ password: PASSWORD }),
        )
        .willRespondWith(204, (b) => b.headers({ 'Set-Cookie': CLEARS_SESSION_COOKIE }))
        .executeTest(async (mock) => {
          signedIn(mock.url);
          await deleteMyAccount(PASSWORD);
          expect(contract.jar.size).toBe(0);
        });
    });

    it('refuses to delete with a wrong password: 400 WRONG_PASSWORD', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, SIGNED_IN)
        .uponReceiving('an account deletion with a wrong password')
        .withRequest('POST', '/api/users/me/delete', (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({ password: 'not-it-at-all' }),
        )
        .willRespondWith(400, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(errorBody('WRONG_PASSWORD', 'Your current password is not correct')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await deleteMyAccount('not-it-at-all').catch((e: unknown) => e);
          expect(hasStatus(failure, 400)).toBe(true);
          expect(failure).toHaveProperty('code', 'WRONG_PASSWORD');
          expect(contract.jar.size).toBe(1); // still signed in
        });
    });
  });

  describe('OAuth apps (decision 0213): the Developer page’s apps and connections, and the consent page', () => {
    const NEW_APP = {
      name: 'Site Diary',
      homepageUrl: 'https://sitediary.example',
      redirectUris: ['https://sitediary.example/callback'],
      clientType: 'confidential' as const,
    };
    const APP_STATE = { owner: EMAIL };
    const REQUEST_ENDED_TEXT =
      'This authorization request has expired or was already answered; start again from the app';
    /** oidc-provider's interaction uids: 21 characters of [A-Za-z0-9_-]. */
    const EXAMPLE_UID = 'Yq3v-x_9Kx2mP0aLzT4bW';
    const UNKNOWN_UID = 'NoSuchRequest0000000A';
    /** The consent page's calls from its path, where the interaction's cookies come from the state. */
    const consentPath = (action: 'details' | 'allow' | 'deny') =>
      fromProviderState(`/oauth/consent/\${consentUid}/${action}`, `/oauth/consent/${EXAMPLE_UID}/${action}`);
    /** The session cookie and, under the consent page's path, the interaction's signed cookie. */
    const CONSENT_COOKIES = regex(
      `${SESSION_COOKIE}=[^;\\s]+; buildbid_oauth_interaction=[^;\\s]+; buildbid_oauth_interaction\\.sig=[^;\\s]+`,
      `${SESSION_COOKIE}=c2Vzc2lvbg%3D%3D; buildbid_oauth_interaction=${EXAMPLE_UID}; buildbid_oauth_interaction.sig=c2ln`,
    );
    /** The browser on the consent page: signed in, holding the interaction's cookies. */
    function onConsentPage(url: string) {
      signedIn(url);
      contract.jar.set('buildbid_oauth_interaction', EXAMPLE_UID);
      contract.jar.set('buildbid_oauth_interaction.sig', 'c2ln');
    }
    const scopeWords = (scope: string, description: string) => ({
      scope: like(scope),
      description: like(description),
    });
    const appBody = (overrides: Record<string, unknown> = {}) => ({
      id: uuid(EXAMPLE_IDS.oauthAppId),
      name: like('Site Diary'),
      homepageUrl: like('https://sitediary.example'),
      logoUrl: like('https://sitediary.example/logo.png'),
      redirectUris: eachLike('https://sitediary.example/callback'),
      clientType: like('confidential'),
      createdAt: iso8601DateTimeWithMillis('2027-03-01T12:00:00.000Z'),
      ...overrides,
    });
    /** Where the browser goes after the consent page: the authorization endpoint, which goes on to the app. */
    const REDIRECT_TO = regex(
      'https?://[^/]+/oauth/auth/[\\w-]+',
      `http://localhost:3000/oauth/auth/${EXAMPLE_UID}`,
    );

    it('lists my apps: 200, each with its client ID, homepage, redirect URIs and kind, never a secret', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .given(STATES.oauthAppExists, APP_STATE)
        .uponReceiving('a request for my OAuth apps')
        .withRequest('GET', '/api/oauth-apps', (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody(eachLike(appBody())))
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const [app] = await listOAuthApps();
          expect(app).toMatchObject({ name: 'Site Diary', clientType: 'confidential' });
          expect(JSON.stringify(app)).not.toContain('bbcs_');
        });
    });

    it('refuses my apps without a session: 401', async () => {
      await refusesWithoutSession(
        'a request for my OAuth apps without a session',
        'GET',
        '/api/oauth-apps',
        listOAuthApps,
      );
    });

    it('registers a confidential app: 201 with its client ID and its secret, this once', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .uponReceiving('a new OAuth app')
        .withRequest('POST', '/api/oauth-apps', (b) => b.headers(JSON_WITH_SESSION).jsonBody(NEW_APP))
        .willRespondWith(201, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            client_id: uuid(EXAMPLE_IDS.oauthAppId),
            client_secret: regex('bbcs_[\\x21-\\x7e]+', 'bbcs_3q2-7wZxYvUtSrQpOnMlKjIhGfEdCbA98765432'),
            app: appBody({ name: equal('Site Diary'), clientType: equal('confidential'), logoUrl: null }),
          }),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const registered = await registerOAuthApp(NEW_APP);
          expect(registered.client_secret).toMatch(/^bbcs_/);
          expect(registered.client_id).toBe(registered.app.id);
          expect(registered.app).toMatchObject({ name: 'Site Diary', clientType: 'confidential' });
        });
    });

    it('refuses a redirect URI that is not https: 400 REDIRECT_URI_INVALID on redirectUris (shown under the field)', async () => {
      const bad = { ...NEW_APP, redirectUris: ['http://sitediary.example/callback'] };
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .uponReceiving('a new OAuth app with an http redirect URI')
        .withRequest('POST', '/api/oauth-apps', (b) => b.headers(JSON_WITH_SESSION).jsonBody(bad))
        .willRespondWith(400, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            ...errorBody(
              'REDIRECT_URI_INVALID',
              "Redirect URI 'http://sitediary.example/callback' must use https:// (or http://localhost)",
            ),
            field: 'redirectUris',
          }),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await registerOAuthApp(bad).catch((e: unknown) => e);
          expect(hasStatus(failure, 400)).toBe(true);
          expect(failure).toMatchObject({ code: 'REDIRECT_URI_INVALID', field: 'redirectUris' });
        });
    });

    it('deletes my app: 204', async () => {
      const { path, example } = statePath('oauthAppId', (id) => `/api/oauth-apps/${id}`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .given(STATES.oauthAppExists, APP_STATE)
        .uponReceiving('a deletion of my OAuth app')
        .withRequest('DELETE', path, (b) => b.headers(WITH_SESSION))
        .willRespondWith(204)
        .executeTest(async (mock) => {
          signedIn(mock.url);
          await expect(deleteOAuthApp(example.split('/').at(-1) as string)).resolves.toBeUndefined();
        });
    });

    it('answers 404 APP_NOT_FOUND for an app that is not mine or not there', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .uponReceiving('a deletion of an OAuth app that is not there')
        .withRequest('DELETE', `/api/oauth-apps/${UNKNOWN_ID}`, (b) => b.headers(WITH_SESSION))
        .willRespondWith(404, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('APP_NOT_FOUND', 'App not found')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await deleteOAuthApp(UNKNOWN_ID).catch((e: unknown) => e);
          expect(hasStatus(failure, 404)).toBe(true);
          expect(failure).toHaveProperty('code', 'APP_NOT_FOUND');
        });
    });

    it('lists the apps I connected: 200, each with what it may do in words and since when', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .given(STATES.oauthAppExists, APP_STATE)
        .given(STATES.appConnected, {})
        .uponReceiving('a request for my connected apps')
        .withRequest('GET', '/api/connected-apps', (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody(
            eachLike({
              clientId: uuid(EXAMPLE_IDS.oauthAppId),
              name: like('Site Diary'),
              homepageUrl: like('https://sitediary.example'),
              logoUrl: like('https://sitediary.example/logo.png'),
              scopes: eachLike(
                scopeWords('projects:read', 'See projects, their questions, addenda and files'),
              ),
              grantedAt: iso8601DateTimeWithMillis('2027-03-02T09:30:00.000Z'),
            }),
          ),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const [app] = await listConnectedApps();
          expect(app?.name).toBe('Site Diary');
          expect(app?.scopes[0]).toEqual({
            scope: 'projects:read',
            description: 'See projects, their questions, addenda and files',
          });
        });
    });

    it('refuses my connected apps without a session: 401', async () => {
      await refusesWithoutSession(
        'a request for my connected apps without a session',
        'GET',
        '/api/connected-apps',
        listConnectedApps,
      );
    });

    it('disconnects an app: 204', async () => {
      const { path, example } = statePath('oauthAppId', (id) => `/api/connected-apps/${id}`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .given(STATES.oauthAppExists, APP_STATE)
        .given(STATES.appConnected, {})
        .uponReceiving('a disconnection of a connected app')
        .withRequest('DELETE', path, (b) => b.headers(WITH_SESSION))
        .willRespondWith(204)
        .executeTest(async (mock) => {
          signedIn(mock.url);
          await expect(disconnectApp(example.split('/').at(-1) as string)).resolves.toBeUndefined();
        });
    });

    it('answers 404 CONNECTION_NOT_FOUND for an app I did not connect', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .uponReceiving('a disconnection of an app that is not connected')
        .withRequest('DELETE', `/api/connected-apps/${UNKNOWN_ID}`, (b) => b.headers(WITH_SESSION))
        .willRespondWith(404, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(errorBody('CONNECTION_NOT_FOUND', 'This app is not connected to your account')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await disconnectApp(UNKNOWN_ID).catch((e: unknown) => e);
          expect(hasStatus(failure, 404)).toBe(true);
          expect(failure).toHaveProperty('code', 'CONNECTION_NOT_FOUND');
        });
    });

    it('loads the consent page’s request: 200, the app, the scopes in words and where the browser goes back to', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .given(STATES.oauthAppExists, APP_STATE)
        .given(STATES.consentWaiting, { scope: 'projects:read offline_access' })
        .uponReceiving('a request for the consent page’s authorization request')
        .withRequest('GET', consentPath('details'), (b) => b.headers({ Cookie: CONSENT_COOKIES }))
        .willRespondWith(200, (b) =>
          b.headers({ ...JSON_CONTENT, 'Cache-Control': equal('no-store') }).jsonBody({
            uid: like(EXAMPLE_UID),
            app: {
              clientId: uuid(EXAMPLE_IDS.oauthAppId),
              name: like('Site Diary'),
              homepageUrl: like('https://sitediary.example'),
              logoUrl: like('https://sitediary.example/logo.png'),
            },
            scopes: eachLike(scopeWords('projects:read', 'See projects, their questions, addenda and files')),
            redirectUri: like('https://sitediary.example/callback'),
            loginRequired: boolean(false),
          }),
        )
        .executeTest(async (mock) => {
          onConsentPage(mock.url);
          const details = await getConsent(EXAMPLE_UID);
          expect(details).toMatchObject({ uid: EXAMPLE_UID, app: { name: 'Site Diary' } });
          expect(details.scopes.map((s) => s.scope)).toEqual(['projects:read']);
        });
    });

    it('refuses the consent page’s request without a session: 401 (sign in, then back)', async () => {
      await refusesWithoutSession(
        'a request for the consent page’s authorization request without a session',
        'GET',
        `/oauth/consent/${EXAMPLE_UID}/details`,
        () => getConsent(EXAMPLE_UID),
      );
    });

    it('answers 404 INTERACTION_NOT_FOUND for a request that expired, was answered or never was', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .uponReceiving('a request for an authorization request that is not there')
        .withRequest('GET', `/oauth/consent/${UNKNOWN_UID}/details`, (b) => b.headers(WITH_SESSION))
        .willRespondWith(404, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('INTERACTION_NOT_FOUND', REQUEST_ENDED_TEXT)),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await getConsent(UNKNOWN_UID).catch((e: unknown) => e);
          expect(hasStatus(failure, 404)).toBe(true);
          expect(failure).toHaveProperty('code', 'INTERACTION_NOT_FOUND');
        });
    });

    it('allows the scopes left ticked: 200 with where the browser goes next', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .given(STATES.oauthAppExists, APP_STATE)
        .given(STATES.consentWaiting, { scope: 'projects:read bids:read offline_access' })
        .uponReceiving('the consent page’s allow with some of the scopes')
        .withRequest('POST', consentPath('allow'), (b) =>
          b
            .headers({ ...JSON_CONTENT, Cookie: CONSENT_COOKIES })
            .jsonBody({ scopes: ['projects:read', 'offline_access'] }),
        )
        .willRespondWith(200, (b) =>
          b
            .headers({ ...JSON_CONTENT, 'Cache-Control': equal('no-store') })
            .jsonBody({ redirectTo: REDIRECT_TO }),
        )
        .executeTest(async (mock) => {
          onConsentPage(mock.url);
          const next = await allowConsent(EXAMPLE_UID, ['projects:read', 'offline_access']);
          expect(next).toBe(`http://localhost:3000/oauth/auth/${EXAMPLE_UID}`);
        });
    });

    it('refuses an allow without any BuildBid scope: 400 CONSENT_SCOPES_REQUIRED on scopes (shown under the checkboxes)', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .given(STATES.oauthAppExists, APP_STATE)
        .given(STATES.consentWaiting, { scope: 'projects:read offline_access' })
        .uponReceiving('the consent page’s allow with offline_access alone')
        .withRequest('POST', consentPath('allow'), (b) =>
          b.headers({ ...JSON_CONTENT, Cookie: CONSENT_COOKIES }).jsonBody({ scopes: ['offline_access'] }),
        )
        .willRespondWith(400, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            ...errorBody('CONSENT_SCOPES_REQUIRED', 'Allow at least one kind of access, or deny'),
            field: 'scopes',
          }),
        )
        .executeTest(async (mock) => {
          onConsentPage(mock.url);
          const failure = await allowConsent(EXAMPLE_UID, ['offline_access']).catch((e: unknown) => e);
          expect(hasStatus(failure, 400)).toBe(true);
          expect(failure).toMatchObject({ code: 'CONSENT_SCOPES_REQUIRED', field: 'scopes' });
        });
    });

    it('answers an allow for a request that is gone with 404 INTERACTION_NOT_FOUND', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .uponReceiving('the consent page’s allow for an authorization request that is not there')
        .withRequest('POST', `/oauth/consent/${UNKNOWN_UID}/allow`, (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody({ scopes: ['projects:read'] }),
        )
        .willRespondWith(404, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('INTERACTION_NOT_FOUND', REQUEST_ENDED_TEXT)),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await allowConsent(UNKNOWN_UID, ['projects:read']).catch((e: unknown) => e);
          expect(hasStatus(failure, 404)).toBe(true);
          expect(failure).toHaveProperty('code', 'INTERACTION_NOT_FOUND');
        });
    });

    it('denies: 200 with where the browser goes next (the app hears access_denied)', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .given(STATES.oauthAppExists, APP_STATE)
        .given(STATES.consentWaiting, {})
        .uponReceiving('the consent page’s deny')
        .withRequest('POST', consentPath('deny'), (b) => b.headers({ Cookie: CONSENT_COOKIES }))
        .willRespondWith(200, (b) =>
          b
            .headers({ ...JSON_CONTENT, 'Cache-Control': equal('no-store') })
            .jsonBody({ redirectTo: REDIRECT_TO }),
        )
        .executeTest(async (mock) => {
          onConsentPage(mock.url);
          expect(await denyConsent(EXAMPLE_UID)).toBe(`http://localhost:3000/oauth/auth/${EXAMPLE_UID}`);
        });
    });

    it('answers a deny for a request that is gone with 404 INTERACTION_NOT_FOUND', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .uponReceiving('the consent page’s deny for an authorization request that is not there')
        .withRequest('POST', `/oauth/consent/${UNKNOWN_UID}/deny`, (b) => b.headers(WITH_SESSION))
        .willRespondWith(404, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('INTERACTION_NOT_FOUND', REQUEST_ENDED_TEXT)),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await denyConsent(UNKNOWN_UID).catch((e: unknown) => e);
          expect(hasStatus(failure, 404)).toBe(true);
          expect(failure).toHaveProperty('code', 'INTERACTION_NOT_FOUND');
        });
    });
  });

  describe('personal access tokens (decision 0211): the Developer page', () => {
    const NEW_TOKEN = { name: 'CI deploy', scopes: ['projects:read'], expiresInDays: 30 };

    it('lists my tokens: 200, each with its scopes, dates and status, never a secret', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .given(STATES.accessTokenExists, { user: EMAIL })
        .uponReceiving('a request for my access tokens')
        .withRequest('GET', '/api/access-tokens', (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody(eachLike(accessTokenBody({ status: equal('active') }))),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const [token] = await listAccessTokens();
          expect(token).toMatchObject({ name: 'Nightly bid report', status: 'active', lastUsedAt: null });
          expect(token).not.toHaveProperty('token');
        });
    });

    it('refuses the tokens without a session: 401', async () => {
      await refusesWithoutSession(
        'a request for my access tokens without a session',
        'GET',
        '/api/access-tokens',
        listAccessTokens,
      );
    });

    it('generates a token: 201 with its secret, this once, and its details', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .uponReceiving('a new access token')
        .withRequest('POST', '/api/access-tokens', (b) => b.headers(JSON_WITH_SESSION).jsonBody(NEW_TOKEN))
        .willRespondWith(201, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            token: regex('bbpat_[0-9A-Za-z]{42}', 'bbpat_0123456789abcdefghijklmnopqrstuvwxyzABCDEF'),
            accessToken: accessTokenBody({
              name: equal('CI deploy'),
              scopes: ['projects:read'],
              status: equal('active'),
            }),
          }),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const created = await createAccessToken(NEW_TOKEN);
          expect(created.token).toMatch(/^bbpat_/);
          expect(created.accessToken).toMatchObject({ name: 'CI deploy', scopes: ['projects:read'] });
        });
    });

    it('refuses a 51st active token: 409 TOKEN_LIMIT_REACHED (the dialog toasts it)', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .given(STATES.accessTokenExists, { user: EMAIL, count: 50 })
        .uponReceiving('a new access token beyond the limit')
        .withRequest('POST', '/api/access-tokens', (b) => b.headers(JSON_WITH_SESSION).jsonBody(NEW_TOKEN))
        .willRespondWith(409, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(
              errorBody('TOKEN_LIMIT_REACHED', 'You can have at most 50 active tokens; revoke one first'),
            ),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await createAccessToken(NEW_TOKEN).catch((e: unknown) => e);
          expect(hasStatus(failure, 409)).toBe(true);
          expect(failure).toHaveProperty('code', 'TOKEN_LIMIT_REACHED');
        });
    });

    it('revokes a token: 204', async () => {
      const { path, example } = statePath('accessTokenId', (id) => `/api/access-tokens/${id}`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .given(STATES.accessTokenExists, { user: EMAIL })
        .uponReceiving('a revocation of my access token')
        .withRequest('DELETE', path, (b) => b.headers(WITH_SESSION))
        .willRespondWith(204)
        .executeTest(async (mock) => {
          signedIn(mock.url);
          await expect(revokeAccessToken(example.split('/').at(-1) as string)).resolves.toBeUndefined();
        });
    });

    it('answers 404 TOKEN_NOT_FOUND for a token that is not mine or not there', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .uponReceiving('a revocation of an access token that is not there')
        .withRequest('DELETE', `/api/access-tokens/${UNKNOWN_ID}`, (b) => b.headers(WITH_SESSION))
        .willRespondWith(404, (b) =>
          b.headers(JSON_CONTENT).jsonBody(errorBody('TOKEN_NOT_FOUND', 'Token not found')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await revokeAccessToken(UNKNOWN_ID).catch((e: unknown) => e);
          expect(hasStatus(failure, 404)).toBe(true);
          expect(failure).toHaveProperty('code', 'TOKEN_NOT_FOUND');
        });
    });
  });

  describe('webhooks (decision 0212): the Developer page', () => {
    const HOOK_URL = 'https://hooks.example.com/buildbid';
    const NEW_ENDPOINT = {
      url: HOOK_URL,
      description: 'Bids into our CRM',
      eventTypes: ['bid.received', 'message.received'],
    };
    const idOf = (example: string, at = -1) => example.split('/').at(at) as string;
    const endpointPath = (suffix = '') =>
      statePath('webhookEndpointId', (id) => `/api/webhooks/endpoints/${id}${suffix}`);
    /** The answer to a call on an endpoint that is not the caller's, or not there. */
    const ENDPOINT_NOT_FOUND = errorBody('WEBHOOK_ENDPOINT_NOT_FOUND', 'Webhook endpoint not found');

    async function refusesUnknownEndpoint(
      description: string,
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      suffix: string,
      call: (id: string) => Promise<unknown>,
      body?: unknown,
    ) {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .uponReceiving(description)
        .withRequest(method, `/api/webhooks/endpoints/${UNKNOWN_ID}${suffix}`, (b) => {
          b.headers(body === undefined ? WITH_SESSION : JSON_WITH_SESSION);
          if (body !== undefined) b.jsonBody(body);
        })
        .willRespondWith(404, (b) => b.headers(JSON_CONTENT).jsonBody(ENDPOINT_NOT_FOUND))
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await call(UNKNOWN_ID).catch((e: unknown) => e);
          expect(hasStatus(failure, 404)).toBe(true);
          expect(failure).toHaveProperty('code', 'WEBHOOK_ENDPOINT_NOT_FOUND');
        });
    }

    it('lists my endpoints: 200, each with its events and status, never a secret', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .given(STATES.webhookEndpointExists, { user: EMAIL, description: 'Bids into our CRM' })
        .uponReceiving('a request for my webhook endpoints')
        .withRequest('GET', '/api/webhooks/endpoints', (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody(eachLike(webhookEndpointBody({ status: equal('enabled') }))),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const [endpoint] = await listWebhookEndpoints();
          expect(endpoint).toMatchObject({ status: 'enabled', disabledReason: null, failingSince: null });
          expect(endpoint).not.toHaveProperty('secret');
        });
    });

    it('refuses the endpoints without a session: 401', async () => {
      await refusesWithoutSession(
        'a request for my webhook endpoints without a session',
        'GET',
        '/api/webhooks/endpoints',
        listWebhookEndpoints,
      );
    });

    it('adds an endpoint: 201 with its signing secret and the endpoint, enabled', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .uponReceiving('a new webhook endpoint')
        .withRequest('POST', '/api/webhooks/endpoints', (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody(NEW_ENDPOINT),
        )
        .willRespondWith(201, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            secret: WEBHOOK_SECRET,
            endpoint: webhookEndpointBody({
              url: equal(HOOK_URL),
              eventTypes: ['bid.received', 'message.received'],
              status: equal('enabled'),
            }),
          }),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const created = await createWebhookEndpoint(NEW_ENDPOINT);
          expect(created.secret).toMatch(/^whsec_/);
          expect(created.endpoint).toMatchObject({ url: HOOK_URL, status: 'enabled' });
        });
    });

    it('refuses a URL that is not https: 400 WEBHOOK_URL_NOT_HTTPS naming the field', async () => {
      const body = { ...NEW_ENDPOINT, url: 'http://hooks.example.com/buildbid' };
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .uponReceiving('a new webhook endpoint with an http URL')
        .withRequest('POST', '/api/webhooks/endpoints', (b) => b.headers(JSON_WITH_SESSION).jsonBody(body))
        .willRespondWith(400, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            ...errorBody('WEBHOOK_URL_NOT_HTTPS', 'The endpoint URL must start with https://'),
            field: 'url',
          }),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await createWebhookEndpoint(body).catch((e: unknown) => e);
          expect(hasStatus(failure, 400)).toBe(true);
          expect(failure).toMatchObject({ code: 'WEBHOOK_URL_NOT_HTTPS', field: 'url' });
        });
    });

    it('refuses an 11th endpoint: 409 WEBHOOK_LIMIT_REACHED (the dialog toasts it)', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .given(STATES.webhookEndpointExists, { user: EMAIL, count: 10 })
        .uponReceiving('a new webhook endpoint beyond the limit')
        .withRequest('POST', '/api/webhooks/endpoints', (b) =>
          b.headers(JSON_WITH_SESSION).jsonBody(NEW_ENDPOINT),
        )
        .willRespondWith(409, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(
              errorBody(
                'WEBHOOK_LIMIT_REACHED',
                'You can have at most 10 webhook endpoints; delete one first',
              ),
            ),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await createWebhookEndpoint(NEW_ENDPOINT).catch((e: unknown) => e);
          expect(hasStatus(failure, 409)).toBe(true);
          expect(failure).toHaveProperty('code', 'WEBHOOK_LIMIT_REACHED');
        });
    });

    it('saves the edit form: 200 with the endpoint as saved', async () => {
      const { path, example } = endpointPath();
      const body = { url: 'https://hooks.example.com/v2', description: 'Bids', eventTypes: ['bid.accepted'] };
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .given(STATES.webhookEndpointExists, { user: EMAIL })
        .uponReceiving('an edit of my webhook endpoint')
        .withRequest('PATCH', path, (b) => b.headers(JSON_WITH_SESSION).jsonBody(body))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody(
            webhookEndpointBody({
              url: equal(body.url),
              description: equal('Bids'),
              eventTypes: ['bid.accepted'],
            }),
          ),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const saved = await updateWebhookEndpoint(idOf(example), body);
          expect(saved).toMatchObject({ url: body.url, eventTypes: ['bid.accepted'] });
        });
    });

    it('disables an endpoint: 200, disabled by its owner', async () => {
      const { path, example } = endpointPath();
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .given(STATES.webhookEndpointExists, { user: EMAIL })
        .uponReceiving('my webhook endpoint disabled')
        .withRequest('PATCH', path, (b) => b.headers(JSON_WITH_SESSION).jsonBody({ enabled: false }))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody(
            webhookEndpointBody({
              status: equal('disabled'),
              disabledReason: equal('disabled_by_owner'),
              disabledAt: iso8601DateTimeWithMillis('2027-03-06T12:00:00.000Z'),
            }),
          ),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const saved = await updateWebhookEndpoint(idOf(example), { enabled: false });
          expect(saved).toMatchObject({ status: 'disabled', disabledReason: 'disabled_by_owner' });
        });
    });

    it('answers 404 WEBHOOK_ENDPOINT_NOT_FOUND for an edit of an endpoint that is not mine or not there', async () => {
      await refusesUnknownEndpoint(
        'an edit of a webhook endpoint that is not there',
        'PATCH',
        '',
        (id) => updateWebhookEndpoint(id, { enabled: false }),
        { enabled: false },
      );
    });

    it('deletes an endpoint: 204', async () => {
      const { path, example } = endpointPath();
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .given(STATES.webhookEndpointExists, { user: EMAIL })
        .uponReceiving('a deletion of my webhook endpoint')
        .withRequest('DELETE', path, (b) => b.headers(WITH_SESSION))
        .willRespondWith(204)
        .executeTest(async (mock) => {
          signedIn(mock.url);
          await expect(deleteWebhookEndpoint(idOf(example))).resolves.toBeUndefined();
        });
    });

    it('answers 404 for a deletion of an endpoint that is not there', async () => {
      await refusesUnknownEndpoint(
        'a deletion of a webhook endpoint that is not there',
        'DELETE',
        '',
        deleteWebhookEndpoint,
      );
    });

    it('reveals the signing secret: 200, one secret when it was never rolled', async () => {
      const { path, example } = endpointPath('/secret');
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .given(STATES.webhookEndpointExists, { user: EMAIL })
        .uponReceiving('a request for the signing secret of my webhook endpoint')
        .withRequest('GET', path, (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody({ secret: WEBHOOK_SECRET, previousSecret: null, previousSecretExpiresAt: null }),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const secrets = await revealWebhookSecret(idOf(example, -2));
          expect(secrets.secret).toMatch(/^whsec_/);
          expect(secrets.previousSecret).toBeNull();
        });
    });

    it('answers 404 for the secret of an endpoint that is not there', async () => {
      await refusesUnknownEndpoint(
        'a request for the signing secret of a webhook endpoint that is not there',
        'GET',
        '/secret',
        revealWebhookSecret,
      );
    });

    it('rolls the signing secret: 200 with the new one and the previous one, valid until a date', async () => {
      const { path, example } = endpointPath('/secret/roll');
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .given(STATES.webhookEndpointExists, { user: EMAIL })
        .uponReceiving('a roll of the signing secret of my webhook endpoint')
        .withRequest('POST', path, (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({
            secret: WEBHOOK_SECRET,
            previousSecret: WEBHOOK_SECRET,
            previousSecretExpiresAt: iso8601DateTimeWithMillis('2027-03-02T12:00:00.000Z'),
          }),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const secrets = await rollWebhookSecret(idOf(example, -3));
          expect(secrets.previousSecret).toMatch(/^whsec_/);
          expect(secrets.previousSecretExpiresAt).not.toBeNull();
        });
    });

    it('answers 404 for a roll on an endpoint that is not there', async () => {
      await refusesUnknownEndpoint(
        'a roll of the signing secret of a webhook endpoint that is not there',
        'POST',
        '/secret/roll',
        rollWebhookSecret,
      );
    });

    it('sends a test event: 201 with the ping delivery after its attempt', async () => {
      const { path, example } = endpointPath('/test');
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .given(STATES.webhookEndpointExists, { user: EMAIL })
        .uponReceiving('a test event to my webhook endpoint')
        .withRequest('POST', path, (b) => b.headers(WITH_SESSION))
        .willRespondWith(201, (b) =>
          b.headers(JSON_CONTENT).jsonBody(
            webhookDeliveryBody({
              endpointId: uuid(EXAMPLE_IDS.webhookEndpointId),
              type: equal('ping'),
              status: equal('succeeded'),
            }),
          ),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const delivery = await sendTestWebhook(idOf(example, -2));
          expect(delivery).toMatchObject({ type: 'ping', status: 'succeeded', responseStatus: 200 });
        });
    });

    it('answers 404 for a test event to an endpoint that is not there', async () => {
      await refusesUnknownEndpoint(
        'a test event to a webhook endpoint that is not there',
        'POST',
        '/test',
        sendTestWebhook,
      );
    });

    it("reads an endpoint's delivery log: 200, newest first, one page", async () => {
      const { path, example } = endpointPath('/deliveries');
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .given(STATES.webhookEndpointExists, { user: EMAIL })
        .given(STATES.webhookDeliveryExists, { user: EMAIL })
        .uponReceiving('a request for the delivery log of my webhook endpoint')
        .withRequest('GET', path, (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody({ items: eachLike(webhookDeliveryBody()), nextCursor: null }),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const page = await listWebhookDeliveries(idOf(example, -2));
          expect(page.items[0]).toMatchObject({
            status: 'succeeded',
            responseStatus: 200,
            responseBody: 'ok',
          });
          expect(page.nextCursor).toBeNull();
        });
    });

    it('answers 404 for the log of an endpoint that is not there', async () => {
      await refusesUnknownEndpoint(
        'a request for the delivery log of a webhook endpoint that is not there',
        'GET',
        '/deliveries',
        (id) => listWebhookDeliveries(id),
      );
    });

    it('resends a delivery: 200, the same delivery with one more attempt', async () => {
      const { path, example } = statePath(
        'webhookDeliveryId',
        (id) => `/api/webhooks/deliveries/${id}/resend`,
      );
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .given(STATES.webhookEndpointExists, { user: EMAIL })
        .given(STATES.webhookDeliveryExists, { user: EMAIL })
        .uponReceiving('a resend of a delivery to my webhook endpoint')
        .withRequest('POST', path, (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(webhookDeliveryBody({ id: uuid(EXAMPLE_IDS.webhookDeliveryId), attempts: integer(2) })),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const delivery = await resendWebhookDelivery(idOf(example, -2));
          expect(delivery).toMatchObject({ attempts: 2, status: 'succeeded' });
        });
    });

    it('answers 404 WEBHOOK_DELIVERY_NOT_FOUND for a delivery that is not mine or not there', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .uponReceiving('a resend of a webhook delivery that is not there')
        .withRequest('POST', `/api/webhooks/deliveries/${UNKNOWN_ID}/resend`, (b) => b.headers(WITH_SESSION))
        .willRespondWith(404, (b) =>
          b
            .headers(JSON_CONTENT)
            .jsonBody(errorBody('WEBHOOK_DELIVERY_NOT_FOUND', 'Webhook delivery not found')),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const failure = await resendWebhookDelivery(UNKNOWN_ID).catch((e: unknown) => e);
          expect(hasStatus(failure, 404)).toBe(true);
          expect(failure).toHaveProperty('code', 'WEBHOOK_DELIVERY_NOT_FOUND');
        });
    });

    it('lists my saved searches for project.posted: 200', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .given(STATES.savedSearchExists, { user: EMAIL })
        .uponReceiving('a request for my saved searches from the webhook form')
        .withRequest('GET', '/api/saved-searches', (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody(
            eachLike({
              id: uuid(EXAMPLE_IDS.savedSearchId),
              name: like('Roofs in the Bahamas'),
              filters: { q: like('roof'), country: like('BS'), category: null, budget: null },
              alerts: like('instant'),
              createdAt: iso8601DateTimeWithMillis('2026-11-24T10:00:00.000Z'),
              updatedAt: iso8601DateTimeWithMillis('2026-11-24T10:00:00.000Z'),
            }),
          ),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect(await listSavedSearches()).toMatchObject([{ name: 'Roofs in the Bahamas' }]);
        });
    });

    it('refuses the saved searches without a session: 401', async () => {
      await refusesWithoutSession(
        'a request for my saved searches from the webhook form without a session',
        'GET',
        '/api/saved-searches',
        listSavedSearches,
      );
    });
  });

  describe('blocked people (decision 0220): Profile → Preferences', () => {
    const MARCUS = { ...CONTRACTOR, lastName: 'Rolle', as: 'otherUserId' };

    it('lists the people I blocked: 200, each with name, deleted and when', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .given(STATES.userExists, MARCUS)
        .given(STATES.userBlocked, { blocker: EMAIL, blocked: MARCUS.email })
        .uponReceiving('a request for the people I blocked')
        .withRequest('GET', '/api/users/me/blocks', (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) =>
          b.headers(JSON_CONTENT).jsonBody(
            eachLike({
              id: stateId('otherUserId'),
              firstName: like('Marcus'),
              lastName: like('Rolle'),
              profileImageUrl: null,
              deleted: equal(false),
              blockedAt: iso8601DateTimeWithMillis('2027-03-20T15:04:05.000Z'),
            }),
          ),
        )
        .executeTest(async (mock) => {
          signedIn(mock.url);
          const [marcus] = await listBlockedUsers();
          expect(marcus).toMatchObject({ id: EXAMPLE_IDS.otherUserId, firstName: 'Marcus', deleted: false });
        });
    });

    it('lists nobody when I blocked nobody: 200 []', async () => {
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .uponReceiving('a request for the people I blocked when there are none')
        .withRequest('GET', '/api/users/me/blocks', (b) => b.headers(WITH_SESSION))
        .willRespondWith(200, (b) => b.headers(JSON_CONTENT).jsonBody([]))
        .executeTest(async (mock) => {
          signedIn(mock.url);
          expect(await listBlockedUsers()).toEqual([]);
        });
    });

    it('refuses the list without a session: 401', async () => {
      await refusesWithoutSession(
        'a request for the people I blocked without a session',
        'GET',
        '/api/users/me/blocks',
        listBlockedUsers,
      );
    });

    it('unblocks a person: 204', async () => {
      const { path, example } = statePath('otherUserId', (id) => `/api/users/me/blocks/${id}`);
      await pact
        .addInteraction()
        .given(STATES.signedInUser, CLIENT)
        .given(STATES.userExists, MARCUS)
        .given(STATES.userBlocked, { blocker: EMAIL, blocked: MARCUS.email })
        .uponReceiving('an unblock of a person I blocked')
        .withRequest('DELETE', path, (b) => b.headers(WITH_SESSION))
        .willRespondWith(204)
        .executeTest(async (mock) => {
          signedIn(mock.url);
          await expect(unblockUser(example.split('/').at(-1) as string)).resolves.toBeUndefined();
        });
    });

    it('refuses an unblock without a session: 401', async () => {
      await pact
        .addInteraction()
        .uponReceiving('an unblock without a session')
        .withRequest('DELETE', `/api/users/me/blocks/${UNKNOWN_ID}`)
        .willRespondWith(401, (b) => b.headers(JSON_CONTENT).jsonBody(NOT_SIGNED_IN))
        .executeTest(async (mock) => {
          signedOut(mock.url);
          expect(hasStatus(await unblockUser(UNKNOWN_ID).catch((e: unknown) => e), 401)).toBe(true);
        });
    });
  });

  itKeepsTheCommittedPact(contract);
});
