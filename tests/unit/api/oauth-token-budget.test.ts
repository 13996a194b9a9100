import { describe, expect, it } from 'vitest';
import { clientIdOf } from '#api/http/oauth-token-budget.ts';

/** Which app a token request names, for its budget (decision 0213); the budget itself: tests/integration/oauth/token-rate-limit.test.ts. */
const APP = '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const basic = (user: string, password = 'bbcs_secret') =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe('the app a token request names', () => {
  it('is HTTP Basic’s user (form-encoded, RFC 6749 section 2.3.1), or else the form’s client_id', () => {
    expect(clientIdOf(basic(APP), '')).toBe(APP);
    expect(clientIdOf(basic(encodeURIComponent(APP.toUpperCase())), '')).toBe(APP);
    expect(clientIdOf(undefined, `grant_type=refresh_token&client_id=${APP}`)).toBe(APP);
    // HTTP Basic is what authenticates the app: a client_id in the form beside it does not choose the budget.
    expect(clientIdOf(basic(APP), 'client_id=00000000-0000-4000-8000-000000000000')).toBe(APP);
    // Another scheme is no HTTP Basic: the form names the app.
    expect(clientIdOf('Bearer abc', `client_id=${APP}`)).toBe(APP);
  });

  it('is none for anything that cannot name an app: no id, not a UUID, the id twice, a broken header', () => {
    expect(clientIdOf(undefined, 'grant_type=refresh_token')).toBeNull();
    expect(clientIdOf(undefined, 'client_id=nobody')).toBeNull();
    expect(clientIdOf(undefined, `client_id=${APP}&client_id=${APP}`)).toBeNull();
    expect(clientIdOf(basic('%E0%A4%A'), '')).toBeNull();
  });
});
