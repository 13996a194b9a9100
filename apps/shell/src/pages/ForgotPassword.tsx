import { serverMessage } from '@buildbid/api-client';
import { MAX_EMAIL_LENGTH } from '@buildbid/domain/account';
import { useState } from 'react';
import { requestPasswordReset } from '../api.ts';
import { Notice } from '../components/Alert.tsx';
import { AuthForm, AuthPage, AuthSwitch, EmailField, useAuthForm } from '../components/AuthForm.tsx';

/**
 * /forgot-password (decision 0160): asks for the account's email and shows the server's answer, which is
 * the same whether an account exists or not (so the page tells no one who has an account).
 */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const form = useAuthForm({
    check: () => (email.trim() === '' ? 'Please enter your email' : null),
    send: async () => setSent(await requestPasswordReset(email.trim())),
    failed: (error) => serverMessage(error, 'The reset link could not be sent. Please try again.'),
  });

  return (
    <AuthPage title="Reset your password">
      {sent ? (
        <Notice>{sent}</Notice>
      ) : (
        <>
          <p className="card-description">
            Enter the email of your account and we will send you a link to choose a new password.
          </p>
          <AuthForm form={form} submit="Send reset link" busyText="Sending..." validationBehavior="aria">
            <EmailField autoFocus maxLength={MAX_EMAIL_LENGTH} value={email} onChange={form.edit(setEmail)} />
          </AuthForm>
        </>
      )}
      <AuthSwitch prompt="Remembered it?" href="/signin">
        Sign in
      </AuthSwitch>
    </AuthPage>
  );
}
