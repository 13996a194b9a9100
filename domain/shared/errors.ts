/**
 * Typed errors for broken rules. Every error carries a stable string `code` that callers can
 * rely on, and a `kind` that the HTTP layer maps to a status in one place.
 * The domain and application layers throw these; they never know about HTTP.
 */
export type ErrorKind =
  | 'invalid' // 400: the input breaks a rule
  | 'unauthenticated' // 401: nobody is signed in, or the credentials are wrong
  | 'forbidden' // 403: signed in, but not allowed
  | 'not_found' // 404
  | 'conflict' // 409: the current state does not allow it
  | 'too_large' // 413
  | 'rate_limited'; // 429

export abstract class DomainError extends Error {
  abstract readonly kind: ErrorKind;
  readonly code: string;
  /** The input field the error is about, when there is one. */
  readonly field: string | undefined;

  constructor(code: string, message: string, field?: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.field = field;
  }
}

export class ValidationError extends DomainError {
  readonly kind = 'invalid';
}

export class AuthenticationError extends DomainError {
  readonly kind = 'unauthenticated';
}

export class PermissionError extends DomainError {
  readonly kind = 'forbidden';
}

export class NotFoundError extends DomainError {
  readonly kind = 'not_found';
}

export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

export class TooLargeError extends DomainError {
  readonly kind = 'too_large';
}

export class RateLimitError extends DomainError {
  readonly kind = 'rate_limited';
  /** Whole seconds until a retry can succeed, when the rule knows (the answer's Retry-After). */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: string, message: string, retryAfterSeconds?: number) {
    super(code, message);
    this.retryAfterSeconds =
      retryAfterSeconds === undefined ? undefined : Math.max(1, Math.ceil(retryAfterSeconds));
  }
}
