/**
 * Provider side: the real API (the same app the integration tests build, on the test database)
 * listens on a free port, and Pact replays every interaction of the committed shell pact against it.
 *
 * State handlers make each interaction's precondition true through the use cases, never through module
 * globals; every interaction starts from empty tables. The consumer sends an example session cookie; for
 * 'a signed-in user' the handler signs in for real and `requestFilter` swaps in that session's cookie.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Before Pact loads: no telemetry from tests.
vi.hoisted(() => {
  process.env.PACT_DO_NOT_TRACK = 'true';
});

import { Verifier } from '@pact-foundation/pact';
import { RegisterUser } from '../../application/accounts/use-cases.ts';
import { buildTestApp, sessionCookie, type TestApp } from '../../tests/integration/support/app.ts';
import { truncateAll } from '../../tests/integration/support/database.ts';
import { PROVIDER, SHELL_AUTH_PACT, STATES } from '../support/contract.ts';

/** What a state's parameters may carry; defaults apply when the consumer leaves one out. */
interface UserParams {
  email?: string;
  password?: string;
}

const DEFAULT_PASSWORD = 'provider-state-password';

describe(`${PROVIDER} honours its consumers' pacts`, () => {
  let api: TestApp;
  let baseUrl: string;
  /** The Cookie header the current interaction should send instead of the consumer's example. */
  let sessionCookieHeader: string | undefined;

  beforeAll(async () => {
    api = await buildTestApp();
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await api?.close();
  });

  /** Registers a user through the use case, as POST /api/auth/register would. */
  async function registerUser({ email = 'ann@example.com', password = DEFAULT_PASSWORD }: UserParams) {
    await api.composition.inContext(() =>
      api.composition.get(RegisterUser).execute({
        email,
        password,
        firstName: 'Ann',
        lastName: 'Example',
        role: 'client',
        country: 'US',
      }),
    );
    return { email, password };
  }

  it('buildbid-shell (auth)', async () => {
    const verifier = new Verifier({
      provider: PROVIDER,
      providerBaseUrl: baseUrl,
      pactUrls: [SHELL_AUTH_PACT],
      logLevel: 'warn',
      // Every interaction, with a state or without, starts from empty tables and no session.
      beforeEach: async () => {
        sessionCookieHeader = undefined;
        await truncateAll(api.composition.orm);
      },
      stateHandlers: {
        // Interactions without a state arrive as the state '' (that call is what runs beforeEach for them).
        '': async () => {},
        [STATES.userExists]: async (params) => {
          await registerUser((params ?? {}) as UserParams);
        },
        [STATES.signedInUser]: async (params) => {
          const { email, password } = await registerUser((params ?? {}) as UserParams);
          // A real sign-in, so the cookie is exactly what the API issues (encrypted session id).
          const response = await api.app.inject({
            method: 'POST',
            url: '/api/auth/signin',
            payload: { email, password },
          });
          expect(response.statusCode, response.body).toBe(200);
          sessionCookieHeader = sessionCookie(response);
        },
      },
      requestFilter: (req: IncomingMessage, _res: ServerResponse, next: () => void) => {
        // Only a request that carries a cookie (the consumer's example) gets the real session's cookie.
        if (req.headers.cookie && sessionCookieHeader) req.headers.cookie = sessionCookieHeader;
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
