import { useAtomValue } from 'jotai';
import { Link } from 'react-aria-components';
import { authAtom } from '../auth.ts';

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
            <div>
              <dt>ID</dt>
              <dd>{auth.user.id}</dd>
            </div>
            <div>
              <dt>Name</dt>
              <dd>{auth.user.name}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>{auth.user.email}</dd>
            </div>
            <div>
              <dt>Role</dt>
              <dd>{auth.user.role}</dd>
            </div>
            <div>
              <dt>Subscription Tier</dt>
              <dd>{auth.user.subscriptionTier}</dd>
            </div>
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
