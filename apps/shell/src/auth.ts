import { type ApiUser, hasStatus, unwrap } from '@buildbid/api-client';
import { atom } from 'jotai';
import { api } from './api.ts';
import { navigate } from './router.ts';
import { shellStore } from './store.ts';

export type AuthState =
  | { status: 'loading' }
  | { status: 'signed-in'; user: ApiUser }
  | { status: 'signed-out' };

/** Not loaded until the first GET /api/auth/user answers; then signed in or signed out. */
export const authAtom = atom<AuthState>({ status: 'loading' });

export const userAtom = atom((get) => {
  const auth = get(authAtom);
  return auth.status === 'signed-in' ? auth.user : null;
});

/** The header's country filter: null until the user picks one (then the user's country applies), '' = all. */
export const countryChoiceAtom = atom<string | null>(null);

export const countryFilterAtom = atom((get) => {
  const choice = get(countryChoiceAtom);
  if (choice !== null) return choice;
  return get(userAtom)?.country ?? '';
});

function setUser(user: ApiUser | null): void {
  shellStore.set(authAtom, user ? { status: 'signed-in', user } : { status: 'signed-out' });
}

/** The initial check, and refreshUser() for the remotes. Any failure means signed out. */
export async function loadUser(): Promise<void> {
  try {
    const user: ApiUser = await unwrap(api.GET('/api/auth/user'));
    setUser(user);
  } catch (error) {
    if (!hasStatus(error, 401)) console.error('Auth check failed; treating the visitor as signed out', error);
    setUser(null);
  }
}

export async function signIn(email: string, password: string): Promise<ApiUser> {
  const user: ApiUser = await unwrap(api.POST('/api/auth/signin', { body: { email, password } }));
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

/** Sign-out calls the server (a network failure is only logged), clears the user and goes to '/'. */
export async function signOut(): Promise<void> {
  try {
    await unwrap(api.POST('/api/auth/signout'));
  } catch (error) {
    console.error('Sign-out request failed', error);
  }
  setUser(null);
  shellStore.set(countryChoiceAtom, null);
  navigate('/');
}
