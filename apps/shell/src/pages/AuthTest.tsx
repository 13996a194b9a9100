import { useAtomValue } from 'jotai';
import { Link } from 'react-aria-components';
import { authAtom } from '../auth.ts';

/** The signed-in user's details the page lists, in order. */
const DETAILS: ReadonlyArray<readonly [string, 'id' | 'name' | 'email' | 'role' | 'subscriptionTier']> = [
  ['ID', 'id'],
  ['Name', 'name'],
  ['Email', 'email'],
  ['Role', 'role'],
  ['Subscription Tier', 'subscriptionTier'],
];

/** A diagnostic page: the authentication state and the signed-in user's details. */
export function AuthTestPage() {
  const auth = useAtomValue(authAtom);
  const state =
    auth.status === 'loading' ? 'Loading' : auth.status === 'signed-in' ? 'Logged In' : 'Not Logged In';
  return (
    <main id="main" className="container page">
      <h1 className="page-title">Authentication Test</h1>
      <div className="card stack">
        <p>
          Status: <strong className={`state state-${auth.status}`}>{state}</strong>
        </p>
        {auth.status === 'signed-in' && (
          <dl className="details">
            {DETAILS.map(([term, key]) => (
              <div key={key}>
                <dt>{term}</dt>
                <dd>{auth.user[key]}</dd>
              </div>
            ))}
          </dl>
        )}
        <div className="actions">
          {auth.status === 'signed-in' ? (
            <>
              <Link href="/post-project" className="btn btn-primary">
                Go to Post Project
              </Link>
              {/* Sign-out is POST only (docs/decisions/0140): a full-page form, not a link. */}
              <form method="post" action="/api/logout" className="inline-form">
                <button type="submit" className="btn btn-outline">
                  Log Out
                </button>
              </form>
            </>
          ) : auth.status === 'signed-out' ? (
            <Link href="/api/login" className="btn btn-primary">
              Log In
            </Link>
          ) : null}
        </div>
      </div>
    </main>
  );
}
