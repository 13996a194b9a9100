import { type ApiUser, createBrowserApi, unwrap } from '@buildbid/api-client';

export const api = createBrowserApi();

// ---- Account lifecycle (decision 0160): the public pages a mailed link opens ------------------

/** POST /api/auth/forgot-password: always the same message, whether an account exists or not. */
export async function requestPasswordReset(email: string): Promise<string> {
  const { message } = await unwrap(api.POST('/api/auth/forgot-password', { body: { email } }));
  return message;
}

/**
 * POST /api/auth/reset-password: the mailed token and a new password. Answers the user, signed in on
 * a fresh session (the API revokes every other session of the account).
 */
export function resetPassword(token: string, password: string): Promise<ApiUser> {
  return unwrap(api.POST('/api/auth/reset-password', { body: { token, password } }));
}

/** POST /api/auth/verify-email: the mailed token; answers the verified address. No sign-in needed. */
export async function verifyEmail(token: string): Promise<string> {
  const { email } = await unwrap(api.POST('/api/auth/verify-email', { body: { token } }));
  return email;
}
