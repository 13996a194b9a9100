import { join } from 'node:path';

/** The two sides of the contract, as Pact names them (and as the pact file is named). */
export const CONSUMER = 'buildbid-shell';
export const PROVIDER = 'buildbid-api';

/** Where the committed contracts live: contracts/pacts/<consumer>-<provider>.json. */
// import.meta.dirname, not new URL(..., import.meta.url): under jsdom, URL is jsdom's and Node refuses it.
export const PACTS_DIR = join(import.meta.dirname, '..', 'pacts');
export const SHELL_AUTH_PACT = join(PACTS_DIR, `${CONSUMER}-${PROVIDER}.json`);

/** The session cookie's name (apps/api/src/http/auth.ts SESSION_COOKIE); the value is opaque to the shell. */
export const SESSION_COOKIE = 'buildbid_session';

/** Provider states: the consumer names them, the provider's state handlers make them true. */
export const STATES = {
  /** params: { email } and optionally { password }. */
  userExists: 'a user exists',
  /** params: { email }. The request's Cookie header is replaced by a real session of that user. */
  signedInUser: 'a signed-in user',
} as const;
