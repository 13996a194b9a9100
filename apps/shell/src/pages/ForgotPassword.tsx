import { serverMessage } from '@buildbid/api-client';
import { MAX_EMAIL_LENGTH } from '@buildbid/domain/account';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button, Form, Link } from 'react-aria-components';
import { requestPasswordReset } from '../api.ts';
import { Alert } from '../components/Alert.tsx';
import { Field } from '../components/Field.tsx';
import { Logo } from '../components/Logo.tsx';

/**
 * /forgot-password (decision 0160): asks for the account's email and shows the server's answer, which is
 * the same whether an account exists or not (so the page tells no one who has an account).
 */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<{ text: string; n: number } | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sentRef = useRef<HTMLParagraphElement>(null);

  const fail = (text: string) => setError((prev) => ({ text, n: (prev?.n ?? 0) + 1 }));

  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (email.trim() === '') {
      fail('Please enter your email');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setSent(await requestPasswordReset(email.trim()));
    } catch (err) {
      fail(serverMessage(err, 'The reset link could not be sent. Please try again.'));
    }
    setBusy(false);
  }

  return (
    <main id="main" className="auth-page">
      <div className="auth-column">
        <div className="auth-brand">
          <Logo />
        </div>
        <h1 className="auth-title">Reset your password</h1>
        <div className="card auth-card">
          {sent ? (
            <p ref={sentRef} className="auth-notice" role="status" tabIndex={-1}>
              {sent}
            </p>
          ) : (
            <>
              <p className="card-description">
                Enter the email of your account and we will send you a link to choose a new password.
              </p>
              {error && <Alert focusKey={error.n}>{error.text}</Alert>}
              <Form className="form" onSubmit={onSubmit} validationBehavior="aria">
                <Field
                  label="Email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  autoFocus
                  maxLength={MAX_EMAIL_LENGTH}
                  value={email}
                  onChange={(value) => {
                    setEmail(value);
                    setError(null);
                  }}
                />
                <Button type="submit" className="btn btn-primary btn-block" isPending={busy}>
                  {busy ? 'Sending...' : 'Send reset link'}
                </Button>
              </Form>
            </>
          )}
          <p className="auth-switch">
            Remembered it?{' '}
            <Link href="/signin" className="text-link">
              Sign in
            </Link>
          </p>
        </div>
      </div>
    </main>
  );
}
