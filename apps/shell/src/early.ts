/**
 * What the shell starts before its async boundary (index.tsx), while React and the shared chunks are
 * still downloading: who is signed in, where the remotes are, and the remote the address needs. Before
 * this, each waited for the previous one and for React's first render: the dashboard's remote was
 * requested about 0.7 s after the page (LCP; decision 0185).
 *
 * Kept small and free of React: it runs in the entry chunk.
 */
import { ensureRemotes, loadRemoteApp } from './remotes.ts';
import { resolveRoute } from './routes.ts';

let earlyUser: Promise<Response> | null = null;

/**
 * The first GET /api/auth/session, once (auth.ts's first loadUser() reads it); null afterwards. The probe
 * answers 200 with `user: null` for a visitor, so a signed-out page logs no 401 (decision 0198).
 */
export function takeEarlyUser(): Promise<Response> | null {
  const taken = earlyUser;
  earlyUser = null;
  return taken;
}

export function startEarly(path = window.location.pathname): void {
  const user = fetch('/api/auth/session', { headers: { accept: 'application/json' } });
  earlyUser = user;
  // Read from a copy taken as soon as the answer arrives, before loadUser() reads the body itself.
  const signedIn = user.then(async (response) =>
    response.ok ? Boolean(((await response.clone().json()) as { user?: unknown }).user) : false,
  );
  const remotes = ensureRemotes();
  // The remote this address shows is loaded as soon as both answers are in, not after the first render.
  // A failure is left to RemoteView, which loads again and shows its error panel.
  Promise.all([signedIn, remotes])
    .then(([isSignedIn]) => {
      const route = resolveRoute(path, isSignedIn ? 'signed-in' : 'signed-out');
      if (route.kind === 'remote') return loadRemoteApp(route.remote, false);
      return undefined;
    })
    .catch(() => {});
}
