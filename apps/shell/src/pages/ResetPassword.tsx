import { ApiError, serverMessage } from '@buildbid/api-client';
import { useState } from 'react';
import { Link } from 'react-aria-components';
import { completePasswordReset } from '../auth.ts';
import {
  AuthForm,
  AuthPage,
  checkPasswords,
  NewPasswordFields,
  useAuthForm,
} from '../components/AuthForm.tsx';
import { navigate } from '../router.ts';

/** What a used or expired link shows, followed by the 'Ask for a new link' link. */
const DEAD_LINK_MESSAGE = 'This reset link is invalid or has expired.';

/** The token of the mailed link: /reset-password?token=... */
export function tokenOf(search: string): string {
  return new URLSearchParams(search).get('token') ?? '';
}

/** The alert for a refused reset: a password the rules refuse can be fixed here; anything else needs a new link. */
function resetFailure(error: unknown) {
  const passwordRule = error instanceof ApiError && (error.code ?? '').startsWith('PASSWORD_');
  // The API's answer for a used or expired link ends 'Ask for a new one.', and the alert offers the
  // link 'Ask for a new link' right after it: say it once.
  const deadLink = error instanceof ApiError && error.code === 'INVALID_RESET_TOKEN';
  const text = deadLink
    ? DEAD_LINK_MESSAGE
    : serverMessage(error, 'Your password could not be reset. Please try again.');
  if (passwordRule) return text;
  return (
    <>
      {text}{' '}
      <Link href="/forgot-password" className="text-link">
        Ask for a new link
      </Link>
    </>
  );
}

/**
 * /reset-password?token=... (decision 0160): a new password with the register page's rules. Success signs
 * in (the answer is the user) and goes to the dashboard; a bad or expired link says so and offers a new one.
 */
export function ResetPasswordPage({ search }: { search: string }) {
  const token = tokenOf(search);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const form = useAuthForm({
    check: () => checkPasswords(password, confirm),
    async send() {
      await completePasswordReset(token, password);
      navigate('/dashboard');
    },
    failed: resetFailure,
  });

  return (
    <AuthPage title="Choose a new password">
      <AuthForm form={form} submit="Reset password" busyText="Resetting..." validationBehavior="aria">
        <NewPasswordFields
          label="New Password"
          autoFocus
          password={password}
          confirm={confirm}
          onPassword={form.edit(setPassword)}
          onConfirm={form.edit(setConfirm)}
        />
      </AuthForm>
    </AuthPage>
  );
}
