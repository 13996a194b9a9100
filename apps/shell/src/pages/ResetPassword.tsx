import { ApiError, serverMessage } from '@buildbid/api-client';
import { MAX_PASSWORD_LENGTH } from '@buildbid/domain/account';
import { type FormEvent, useState } from 'react';
import { Button, Form, Link } from 'react-aria-components';
import { completePasswordReset } from '../auth.ts';
import { Alert } from '../components/Alert.tsx';
import { Field } from '../components/Field.tsx';
import { Logo } from '../components/Logo.tsx';
import { navigate } from '../router.ts';
import { checkPasswords } from './Register.tsx';

/** What a used or expired link shows, followed by the 'Ask for a new link' link. */
export const DEAD_LINK_MESSAGE = 'This reset link is invalid or has expired.';

/** The token of the mailed link: /reset-password?token=... */
export function tokenOf(search: string): string {
  return new URLSearchParams(search).get('token') ?? '';
}

/**
 * /reset-password?token=... (decision 0160): a new password with the register page's rules. Success signs
 * in (the answer is the user) and goes to the dashboard; a bad or expired link says so and offers a new one.
 */
export function ResetPasswordPage({ search }: { search: string }) {
  const token = tokenOf(search);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<{ text: string; n: number; badLink: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (text: string, badLink = false) =>
    setError((prev) => ({ text, n: (prev?.n ?? 0) + 1, badLink }));
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setError(null);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = checkPasswords(password, confirm);
    if (problem) {
      fail(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await completePasswordReset(token, password);
    } catch (err) {
      // A password the rules refuse can be fixed here; anything else (a dead link) needs a new link.
      const passwordRule = err instanceof ApiError && (err.code ?? '').startsWith('PASSWORD_');
      // The API's answer for a used or expired link ends 'Ask for a new one.', and the alert offers the
      // link 'Ask for a new link' right after it: say it once.
      const deadLink = err instanceof ApiError && err.code === 'INVALID_RESET_TOKEN';
      fail(
        deadLink
          ? DEAD_LINK_MESSAGE
          : serverMessage(err, 'Your password could not be reset. Please try again.'),
        !passwordRule,
      );
      setBusy(false);
      return;
    }
    navigate('/dashboard');
  }

  return (
    <main id="main" className="auth-page">
      <div className="auth-column">
        <div className="auth-brand">
          <Logo />
        </div>
        <h1 className="auth-title">Choose a new password</h1>
        <div className="card auth-card">
          {error && (
            <Alert focusKey={error.n}>
              {error.text}
              {error.badLink && (
                <>
                  {' '}
                  <Link href="/forgot-password" className="text-link">
                    Ask for a new link
                  </Link>
                </>
              )}
            </Alert>
          )}
          <Form className="form" onSubmit={onSubmit} validationBehavior="aria">
            <Field
              label="New Password"
              name="password"
              type="password"
              autoComplete="new-password"
              placeholder="Minimum 8 characters"
              autoFocus
              isRequired
              maxLength={MAX_PASSWORD_LENGTH}
              value={password}
              onChange={edit(setPassword)}
            />
            <Field
              label="Confirm Password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              isRequired
              maxLength={MAX_PASSWORD_LENGTH}
              value={confirm}
              onChange={edit(setConfirm)}
            />
            <Button type="submit" className="btn btn-primary btn-block" isPending={busy}>
              {busy ? 'Resetting...' : 'Reset password'}
            </Button>
          </Form>
        </div>
      </div>
    </main>
  );
}
