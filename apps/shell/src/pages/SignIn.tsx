import { serverMessage } from '@buildbid/api-client';
import { type FormEvent, useState } from 'react';
import { Button, Form, Link } from 'react-aria-components';
import { signIn } from '../auth.ts';
import { Alert } from '../components/Alert.tsx';
import { Field } from '../components/Field.tsx';
import { Logo } from '../components/Logo.tsx';
import { navigate } from '../router.ts';
import { takeReturnPath } from '../routes.ts';

export function SignInPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ text: string; n: number } | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (text: string) => setError((prev) => ({ text, n: (prev?.n ?? 0) + 1 }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (email.trim() === '' || password === '') {
      fail('Please enter your email and password');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signIn(email.trim(), password);
      navigate(takeReturnPath() ?? '/');
    } catch (err) {
      fail(serverMessage(err, 'Invalid email or password'));
      setBusy(false);
    }
  }

  return (
    <main id="main" className="auth-page">
      <div className="auth-column">
        <div className="auth-brand">
          <Logo />
        </div>
        <h1 className="auth-title">Sign in to your account</h1>
        <div className="card auth-card">
          <h2 className="card-title">Welcome Back</h2>
          <p className="card-description">Enter your credentials to continue</p>
          {error && <Alert focusKey={error.n}>{error.text}</Alert>}
          <Form className="form" onSubmit={onSubmit} validationBehavior="aria">
            <Field
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={setEmail}
            />
            <Field
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
            />
            <p className="auth-forgot">
              <Link href="/forgot-password" className="text-link">
                Forgot password?
              </Link>
            </p>
            <Button type="submit" className="btn btn-primary btn-block" isPending={busy}>
              {busy ? 'Signing in...' : 'Sign in'}
            </Button>
          </Form>
          <p className="auth-switch">
            New to BuildBid?{' '}
            <Link href="/register" className="text-link">
              Create an account
            </Link>
          </p>
        </div>
      </div>
    </main>
  );
}
