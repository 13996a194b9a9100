import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from '#api/http/error-handler.ts';
import {
  AuthenticationError,
  ConflictError,
  NotFoundError,
  PermissionError,
  TooLargeError,
  ValidationError,
} from '#domain/shared/errors.ts';

function appThrowing(error: unknown) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/boom', async () => {
    throw error;
  });
  return app;
}

describe('the central error handler', () => {
  it.each([
    [new ValidationError('BAD', 'Title must be at least 5 characters', 'title'), 400],
    [new AuthenticationError('UNAUTHENTICATED', 'You are not signed in'), 401],
    [
      new PermissionError(
        'BID_LIMIT_REACHED',
        "You've reached your monthly limit of 3 bids on the free plan.",
      ),
      403,
    ],
    [new NotFoundError('PROJECT_NOT_FOUND', 'Project not found'), 404],
    [new ConflictError('EMAIL_TAKEN', 'An account with this email already exists', 'email'), 409],
    [new TooLargeError('FILE_TOO_LARGE', 'plan.pdf exceeds 80MB limit'), 413],
  ])('maps %s to its status with message, code and field', async (error, status) => {
    const res = await appThrowing(error).inject('/boom');
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({
      message: error.message,
      code: error.code,
      ...(error.field ? { field: error.field } : {}),
    });
  });

  it('hides the internals of an unexpected error', async () => {
    const res = await appThrowing(new Error('connection string postgres://secret@db leaked')).inject('/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal Server Error', code: 'INTERNAL' });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('at ');
  });

  it('answers a client that aborted its upload as a client error, not as a database outage', async () => {
    const aborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    const res = await appThrowing(aborted).inject('/boom');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('REQUEST_ABORTED');
    // A database connection reset is still an outage.
    const dbReset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    expect((await appThrowing(dbReset).inject('/boom')).statusCode).toBe(503);
  });

  it('keeps the status and message of a client error raised by the framework', async () => {
    const res = await appThrowing(Object.assign(new Error('Too many attempts'), { statusCode: 429 })).inject(
      '/boom',
    );
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'Too many attempts', code: 'RATE_LIMITED' });
  });
});
