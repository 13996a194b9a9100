import { ApiError, hasStatus, type RemoteProps } from '@buildbid/api-client';

/** The login endpoint, and the delay before going there after a 401 (section 9). */
export const LOGIN_URL = '/api/login';
export const UNAUTHORIZED_REDIRECT_MS = 500;

type Shell = Pick<RemoteProps, 'toast' | 'navigate'>;

/** 'You are logged out. Logging in again...' after bid and edit failures; 'Please log in again' after create. */
export const LOGGED_OUT_TEXT = 'You are logged out. Logging in again...';

/** The text of a failed call: the server's message, or '{status}: {body}' (ApiError's own fallback). */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}

/** '{status}: {message}' for a failed create (server message or raw body). */
export function statusText(error: unknown): string {
  if (error instanceof ApiError)
    return error.fromServer ? `${error.status}: ${error.message}` : error.message;
  return errorText(error);
}

/**
 * The spec's failure toasts: 401 → destructive 'Unauthorized' and the login endpoint after 500 ms;
 * anything else → destructive 'Error' with the message. Returns the redirect timer, if any.
 */
export function reportFailure(
  error: unknown,
  shell: Shell,
  options: { unauthorizedText?: string; describe?: (error: unknown) => string } = {},
): ReturnType<typeof setTimeout> | undefined {
  if (hasStatus(error, 401)) {
    shell.toast({
      title: 'Unauthorized',
      description: options.unauthorizedText ?? LOGGED_OUT_TEXT,
      variant: 'destructive',
    });
    return setTimeout(() => shell.navigate(LOGIN_URL), UNAUTHORIZED_REDIRECT_MS);
  }
  shell.toast({
    title: 'Error',
    description: (options.describe ?? errorText)(error),
    variant: 'destructive',
  });
  return undefined;
}

export function isBidLimitError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'BID_LIMIT_REACHED';
}
