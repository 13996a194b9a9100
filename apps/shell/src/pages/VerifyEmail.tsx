import { serverMessage } from '@buildbid/api-client';
import { useEffect, useState } from 'react';
import { Link } from 'react-aria-components';
import { verifyEmail } from '../api.ts';
import { authAtom, loadUser } from '../auth.ts';
import { Alert, Notice } from '../components/Alert.tsx';
import { AuthPage } from '../components/AuthForm.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { shellStore } from '../store.ts';
import { tokenOf } from './ResetPassword.tsx';

/**
 * One request per token and page load: React's development mode runs an effect twice, and a link
 * must not be spent by the first run and refused to the second.
 */
const verifications = new Map<string, Promise<string>>();

function verifyOnce(token: string): Promise<string> {
  let pending = verifications.get(token);
  if (!pending) {
    pending = verifyEmail(token);
    verifications.set(token, pending);
    // A failed attempt may be retried by opening the link again.
    pending.catch(() => verifications.delete(token));
  }
  return pending;
}

type State = { status: 'checking' } | { status: 'verified' } | { status: 'failed'; message: string };

/**
 * /verify-email?token=... (decision 0160): the mailed link verifies on opening, signed in or not. A signed-in
 * user's state is read again, so the dashboard's banner is gone at once.
 */
export function VerifyEmailPage({ search }: { search: string }) {
  const token = tokenOf(search);
  const [state, setState] = useState<State>({ status: 'checking' });

  useEffect(() => {
    let live = true;
    verifyOnce(token).then(
      async () => {
        if (shellStore.get(authAtom).status === 'signed-in') await loadUser();
        if (live) setState({ status: 'verified' });
      },
      (error: unknown) => {
        if (live)
          setState({ status: 'failed', message: serverMessage(error, 'Your email could not be verified.') });
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <AuthPage title="Verify your email">
      {state.status === 'checking' ? (
        <Spinner />
      ) : state.status === 'verified' ? (
        <>
          <Notice>Your email is verified</Notice>
          <Link href="/dashboard" className="btn btn-primary btn-block">
            Go to your dashboard
          </Link>
        </>
      ) : (
        <Alert>{state.message}</Alert>
      )}
    </AuthPage>
  );
}
