import { ApiError, serverMessage, toApiError } from '@buildbid/api-client';
import { describe, expect, it } from 'vitest';

const answer = (status: number, statusText = '') => ({ status, statusText });

describe('toApiError (spec section 8)', () => {
  it("uses the server's message field", () => {
    const error = toApiError(answer(401), {
      message: 'Invalid email or password',
      code: 'INVALID_CREDENTIALS',
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Invalid email or password');
    expect(error.code).toBe('INVALID_CREDENTIALS');
    expect(error.fromServer).toBe(true);
  });

  it("falls back to '{status}: {body text}', or the status text for an empty body", () => {
    expect(toApiError(answer(502, 'Bad Gateway'), 'upstream down').message).toBe('502: upstream down');
    expect(toApiError(answer(500, 'Internal Server Error'), undefined).message).toBe(
      '500: Internal Server Error',
    );
    expect(toApiError(answer(418), { unexpected: true }).message).toBe('418: {"unexpected":true}');
  });

  it('serverMessage prefers the server text and otherwise the fallback', () => {
    expect(serverMessage(toApiError(answer(409), { message: 'Email taken', code: 'EMAIL_TAKEN' }), 'x')).toBe(
      'Email taken',
    );
    expect(serverMessage(toApiError(answer(500), ''), 'Registration failed')).toBe('Registration failed');
    expect(serverMessage(new TypeError('Failed to fetch'), 'Registration failed')).toBe(
      'Registration failed',
    );
  });
});
