/**
 * Every API operation a frontend calls is in that frontend's pact, with a success answer and (where the
 * API documents one of 401/403/404/409) an error answer; and a pact claims no operation the frontend no longer calls.
 *
 * The calls come from the frontends' source (support/operations.ts: the typed client's
 * `.GET('/api/...')`-style calls, including those in shared code a frontend imports by name); the
 * covered operations come from the committed pact files, mapped onto openapi/openapi.json's templates.
 * A new call without a pact interaction fails `npm test` here, naming the file and line.
 */
import { describe, expect, it } from 'vitest';
import { CONSUMERS, type FrontendName, pactFileOf } from './support/contract.ts';
import {
  callsIn,
  documentedStatuses,
  interactionsOf,
  operationsCalledBy,
  ROOT,
  templateOf,
} from './support/operations.ts';

const FRONTENDS = Object.keys(CONSUMERS) as FrontendName[];

/**
 * Calls whose success answer the provider verification cannot produce, with the reason. Each must still
 * be called and still have its error interaction; the check fails once an entry is no longer needed.
 */
const SUCCESS_NOT_VERIFIABLE: Partial<Record<FrontendName, Record<string, string>>> = {
  account: {
    'POST /api/subscription/portal':
      "Stripe's billing portal exists only with Stripe keys; the verification runs the sandbox gateway, " +
      'where the answer is 409 PORTAL_UNAVAILABLE (that interaction is in the pact; the Billing tab hides ' +
      "'Update Payment Method' when canUpdatePaymentMethod is false). Covered by tests/integration/api/subscription-stripe.test.ts.",
  },
};

const is2xx = (status: number) => status >= 200 && status < 300;
const is4xx = (status: number) => status >= 400 && status < 500;
/**
 * The errors a screen handles on its own: not signed in, not allowed, not there, in conflict. (400 is a
 * request the typed client would not build; 413, 415 and 429 are answered the same way for every call.)
 */
const MAIN_ERRORS = ['401', '403', '404', '409'];

describe('the operation scanner', () => {
  it('finds the typed client’s calls, the exported function they sit in, and maps paths to templates', () => {
    const calls = callsIn(`${ROOT}/apps/shell/src/auth.ts`);
    expect(calls.map((c) => c.operation)).toEqual(
      expect.arrayContaining(['GET /api/auth/session', 'POST /api/auth/signin', 'POST /api/auth/signout']),
    );
    expect(calls.find((c) => c.operation === 'GET /api/auth/session')?.exportedIn).toBe('loadUser');
    // The consent page's calls live under its own path, /oauth/consent/{uid} (decision 0213).
    expect(callsIn(`${ROOT}/apps/account/src/developer/oauth/api.ts`).map((c) => c.operation)).toEqual(
      expect.arrayContaining(['GET /oauth/consent/{uid}/details', 'POST /oauth/consent/{uid}/allow']),
    );
    const templates = ['/api/users/me', '/api/users/{id}/badges', '/api/notifications/{id}/read'];
    expect(templateOf('/api/users/me', templates)).toBe('/api/users/me');
    expect(templateOf('/api/users/7e6d5c4b/badges', templates)).toBe('/api/users/{id}/badges');
    expect(templateOf('/api/notifications/mark-all-read', templates)).toBeNull();
  });

  it.each(FRONTENDS)('finds the API calls of %s', (frontend) => {
    expect(operationsCalledBy(frontend).size).toBeGreaterThan(0);
  });
});

describe.each(FRONTENDS)('the %s frontend’s pact', (frontend) => {
  const called = () => operationsCalledBy(frontend);
  const where = (operation: string) =>
    (called().get(operation) ?? []).map((c) => `${c.file}:${c.line}`).join(', ');

  it('covers every operation the frontend calls with a success answer', () => {
    const interactions = interactionsOf(frontend);
    const excepted = SUCCESS_NOT_VERIFIABLE[frontend] ?? {};
    const missing = [...called().keys()]
      .filter((operation) => !(operation in excepted))
      .filter((operation) => !interactions.some((i) => i.operation === operation && is2xx(i.status)))
      .map((operation) => `${operation} (called in ${where(operation)})`);
    expect(
      missing,
      `${pactFileOf(CONSUMERS[frontend])} has no success interaction for these calls: add them to ` +
        `contracts/consumer/${frontend}.pact.test.ts (contracts/README.md, "Adding an interaction")`,
    ).toEqual([]);
  });

  it('lists only needed exceptions to the success rule', () => {
    const interactions = interactionsOf(frontend);
    const stale = Object.keys(SUCCESS_NOT_VERIFIABLE[frontend] ?? {}).filter(
      (operation) =>
        !called().has(operation) || interactions.some((i) => i.operation === operation && is2xx(i.status)),
    );
    expect(stale, 'remove these from SUCCESS_NOT_VERIFIABLE').toEqual([]);
  });

  it('covers an error answer of every called operation that documents a main error (401/403/404/409)', () => {
    const interactions = interactionsOf(frontend);
    const statuses = documentedStatuses();
    const missing = [...called().keys()]
      .filter((operation) => (statuses.get(operation) ?? []).some((s) => MAIN_ERRORS.includes(s)))
      .filter((operation) => !interactions.some((i) => i.operation === operation && is4xx(i.status)))
      .map((operation) => `${operation} (called in ${where(operation)})`);
    expect(missing, `add the main error answer of these calls to the ${frontend} pact`).toEqual([]);
  });

  it('claims no operation the frontend does not call', () => {
    const stale = interactionsOf(frontend)
      .filter((i) => !called().has(i.operation))
      .map((i) => `${i.operation}: '${i.description}'`);
    expect(stale, `the ${frontend} pact has interactions for calls its source no longer makes`).toEqual([]);
  });
});
