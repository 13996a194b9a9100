import { type ApiUser, hasStatus, unwrap } from '@buildbid/api-client';
import { atom } from 'jotai';
import { api, resetPassword } from './api.ts';
import { takeEarlyUser } from './early.ts';
import { navigate } from './router.ts';
import { shellStore } from './store.ts';

export type AuthState =
  | { status: 'loading' }
  | { status: 'signed-in'; user: ApiUser }
  | { status: 'signed-out' };

/** Not loaded until the first GET /api/auth/session answers; then signed in or signed out. */
export const authAtom = atom<AuthState>({ status: 'loading' });

const userAtom = atom((get) => {
  const auth = get(authAtom);
  return auth.status === 'signed-in' ? auth.user : null;
});

/** Where the header's country choice is kept, so a reload keeps it (cleared at sign-out). */
const COUNTRY_CHOICE_KEY = 'buildbid.countryFilter';

function storedCountryChoice(): string | null {
  try {
    return globalThis.localStorage?.getItem(COUNTRY_CHOICE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Remembers (or, with null, forgets) the header's country choice across reloads. */
function rememberCountryChoice(choice: string | null): void {
  try {
    if (choice === null) globalThis.localStorage?.removeItem(COUNTRY_CHOICE_KEY);
    else globalThis.localStorage?.setItem(COUNTRY_CHOICE_KEY, choice);
  } catch {
    // Storage unavailable (private mode): the choice lasts until the reload.
  }
}

const countryChoiceBase = atom<string | null>(storedCountryChoice());

/**
 * The header's country filter: null until the user picks one (then the user's country applies),
 * '' = all. The choice survives a reload.
 */
export const countryChoiceAtom = atom(
  (get) => get(countryChoiceBase),
  (_get, set, choice: string | null) => {
    set(countryChoiceBase, choice);
    rememberCountryChoice(choice);
  },
);

export const countryFilterAtom = atom((get) => {
  const choice = get(countryChoiceAtom);
  if (choice !== null) return choice;
  return get(userAtom)?.country ?? '';
});

function setUser(user: ApiUser | null): void {
  shellStore.set(authAtom, user ? { status: 'signed-in', user } : { status: 'signed-out' });
}

/**
 * The initial check, and refreshUser() for the remotes. Any failure means signed out. The first call
 * reads the answer the entry asked for before React loaded (early.ts). The session probe answers
 * `user: null` for a visitor, never 401, so a signed-out page logs no failed request (decision 0198).
 */
export async function loadUser(): Promise<void> {
  try {
    const early = takeEarlyUser();
    const { user } = await unwrap(
      early ? api.GET('/api/auth/session', { fetch: () => early }) : api.GET('/api/auth/session'),
    );
    setUser(user);
  } catch (error) {
    if (!hasStatus(error, 401)) console.error('Auth check failed; treating the visitor as signed out', error);
    setUser(null);
  }
}

/**
 * The server ended this tab's session (its socket closed with 4401: a sign-out elsewhere, a password change or a
 * deletion on another device, a suspension; decision 0223). The session is asked again: when it is gone, the
 * page shows the user signed out and goes to '/', as after Sign out; when it still stands (a socket closed for
 * another reason), nothing changes. A failed check changes nothing either.
 */
export async function sessionEnded(): Promise<void> {
  try {
    const { user } = await unwrap(api.GET('/api/auth/session'));
    if (user) return;
  } catch (error) {
    if (!hasStatus(error, 401)) {
      console.error('Session check failed after the socket closed', error);
      return;
    }
  }
  if (shellStore.get(authAtom).status !== 'signed-in') return;
  setUser(null);
  shellStore.set(countryChoiceAtom, null);
  navigate('/');
}

export async function signIn(email: string, password: string): Promise<ApiUser> {
  const user: ApiUser = await unwrap(api.POST('/api/auth/signin', { body: { email, password } }));
  setUser(user);
  return user;
}

/**
 * Sets a new password with a mailed reset token. The answer is the user, signed in on a fresh session:
 * the shell shows them signed in at once.
 */
export async function completePasswordReset(token: string, password: string): Promise<ApiUser> {
  const user = await resetPassword(token, password);
  setUser(user);
  return user;
}

export interface RegistrationInput {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  role: 'client' | 'contractor' | 'vendor';
  country: string;
}

export async function register(input: RegistrationInput): Promise<void> {
  await unwrap(api.POST('/api/auth/register', { body: input }));
}

export const SIGN_OUT_FAILED = {
  title: 'Sign Out Failed',
  description: "You are still signed in: we couldn't reach the server. Please try again.",
  variant: 'destructive',
} as const;

/** How long to wait before the one automatic retry of a failed sign-out request. */
const SIGN_OUT_RETRY_MS = 1000;

async function signOutRequest(): Promise<boolean> {
  try {
    await unwrap(api.POST('/api/auth/signout'));
    return true;
  } catch (error) {
    // Already signed out on the server (the session ended): the browser follows.
    if (hasStatus(error, 401)) return true;
    console.error('Sign-out request failed', error);
    return false;
  }
}

/**
 * Sign-out ends the session on the server first. Only when the server confirms does the page show
 * the user signed out (and go to '/'); otherwise the session is still alive, so the user stays signed
 * in on screen, the request is retried once, and then a toast says so (the menu's 'Sign out' tries
 * again). Answers whether the user is signed out.
 */
export async function signOut(
  notify: (t: typeof SIGN_OUT_FAILED) => void,
  retryAfterMs = SIGN_OUT_RETRY_MS,
): Promise<boolean> {
  let done = await signOutRequest();
  if (!done) {
    await new Promise((resolve) => setTimeout(resolve, retryAfterMs));
    done = await signOutRequest();
  }
  if (!done) {
    notify(SIGN_OUT_FAILED);
    return false;
  }
  setUser(null);
  shellStore.set(countryChoiceAtom, null);
  navigate('/');
  return true;
}
