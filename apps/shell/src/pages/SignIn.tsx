import { serverMessage } from '@buildbid/api-client';
import { TextInput } from '@buildbid/ui';
import { useState } from 'react';
import { Link } from 'react-aria-components';
import { signIn } from '../auth.ts';
import { AuthForm, AuthPage, AuthSwitch, EmailField, useAuthForm } from '../components/AuthForm.tsx';
import { navigate } from '../router.ts';
import { takeReturnPath } from '../routes.ts';

export function SignInPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useAuthForm({
    check: () => (email.trim() === '' || password === '' ? 'Please enter your email and password' : null),
    async send() {
      await signIn(email.trim(), password);
      navigate(takeReturnPath() ?? '/');
    },
    failed: (error) => serverMessage(error, 'Invalid email or password'),
  });

  return (
    <AuthPage title="Sign in to your account">
      <h2 className="card-title">Welcome Back</h2>
      <p className="card-description">Enter your credentials to continue</p>
      <AuthForm form={form} submit="Sign in" busyText="Signing in..." validationBehavior="aria">
        <EmailField value={email} onChange={setEmail} />
        <TextInput
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
      </AuthForm>
      <AuthSwitch prompt="New to BuildBid?" href="/register">
        Create an account
      </AuthSwitch>
    </AuthPage>
  );
}
