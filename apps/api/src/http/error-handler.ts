import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { DomainError, type ErrorKind, RateLimitError } from '#domain/shared/errors.ts';
import type { ErrorDto } from './schemas.ts';

const STATUS_BY_KIND: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
};

/**
 * An answer of the HTTP layer itself that no domain rule gives (503 NOT_READY from the readiness probe):
 * thrown like a domain error, answered by the one error handler.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
  }
}

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** 'firstName' → 'First name', 'phases.1' → 'Phases 1', 'projectId' → 'Project id': how people name a field. */
export function fieldLabel(field: string): string {
  const words = field
    .replaceAll('.', ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'The request';
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'empty',
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'a valid email address',
  uuid: 'a valid id',
  'date-time': 'a date and time',
  date: 'a date',
  uri: 'a web address',
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Turns a schema failure into one sentence a person can act on, naming the field the way a form
 * labels it: 'First name must be at most 100 characters', 'Email is required'. `field` keeps the
 * property's own name for the client to place the message.
 */
function describeValidation(
  issues: ValidationIssue[],
  context: string | undefined,
): { message: string; field?: string } {
  const issue = issues[0];
  if (!issue) return { message: 'The request is not valid' };
  const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const params = issue.params ?? {};
  const missing = issue.keyword === 'required' ? String(params.missingProperty ?? '') : '';
  const field = missing ? (path ? `${path}.${missing}` : missing) : path;
  const label = field ? fieldLabel(field) : context ? fieldLabel(context) : 'The request';
  const limit = Number(params.limit);
  const withField = (message: string) => ({ message, ...(field ? { field } : {}) });
  switch (issue.keyword) {
    case 'required':
      return withField(`${label} is required`);
    case 'maxLength':
      return withField(`${label} must be at most ${plural(limit, 'character')}`);
    case 'minLength':
      return withField(
        limit <= 1 ? `${label} is required` : `${label} must be at least ${plural(limit, 'character')}`,
      );
    case 'maximum':
      return withField(`${label} must be at most ${limit}`);
    case 'minimum':
      return withField(`${label} must be at least ${limit}`);
    case 'exclusiveMinimum':
      return withField(`${label} must be more than ${limit}`);
    case 'exclusiveMaximum':
      return withField(`${label} must be less than ${limit}`);
    case 'maxItems':
      return withField(`${label} must have at most ${plural(limit, 'item')}`);
    case 'minItems':
      return withField(`${label} must have at least ${plural(limit, 'item')}`);
    case 'format':
      return withField(`${label} must be ${FORMAT_WORDS[String(params.format)] ?? 'in the right format'}`);
    case 'type':
      return withField(`${label} must be ${TYPE_WORDS[String(params.type)] ?? String(params.type)}`);
    case 'pattern':
      return withField(`${label} is not in the right format`);
    case 'additionalProperties':
      return {
        message: `${fieldLabel(String(params.additionalProperty ?? 'This field'))} is not a field this request takes`,
        field: String(params.additionalProperty ?? field),
      };
    case 'enum':
    case 'const':
    case 'anyOf':
      return withField(`${label} has an invalid value`);
    default:
      return withField(`${label} is not valid`);
  }
}

/**
 * The one place that turns errors into HTTP answers. Domain errors map by kind; Fastify's own
 * client errors (bad JSON, schema failures, body too large, rate limits) keep their 4xx status;
 * anything else is a 500 whose details stay in the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & Partial<DomainError>, request, reply) => {
    let status: number;
    let body: ErrorDto;
    if (error instanceof HttpError) {
      status = error.status;
      body = { message: error.message, code: error.code };
    } else if (error instanceof DomainError) {
      status = STATUS_BY_KIND[error.kind];
      body = { message: error.message, code: error.code, ...(error.field ? { field: error.field } : {}) };
    } else if (error.validation) {
      status = 400;
      const { message, field } = describeValidation(error.validation, error.validationContext);
      body = { message, code: 'VALIDATION_FAILED', ...(field ? { field } : {}) };
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { message: clientMessage(error), code: clientCode(error) };
    } else if (isClientAbort(error)) {
      // The browser went away mid-body (an upload's Cancel): nobody reads the answer, and it is no outage.
      status = 400;
      body = { message: 'The client aborted the request before its body arrived', code: 'REQUEST_ABORTED' };
    } else if (isDatabaseUnavailable(error)) {
      // An outage or an overload, not a bug: the client may retry (docs/security.md, database outage).
      status = 503;
      body = {
        message: 'The database is not available right now. Please try again shortly.',
        code: 'DATABASE_UNAVAILABLE',
      };
      reply.header('retry-after', '2');
    } else if (errorCodes(error).includes('22021') || errorCodes(error).includes('22P05')) {
      // A character PostgreSQL cannot store (U+0000) that slipped past the request checks.
      status = 400;
      body = { message: 'The request contains a NUL character, which is never valid text', code: 'NUL_BYTE' };
    } else if (isMalformedMultipart(error)) {
      status = 400;
      body = {
        message: `The multipart/form-data body is malformed: ${error.message}`,
        code: 'MALFORMED_MULTIPART',
      };
    } else {
      status = 500;
      body = { message: 'Internal Server Error', code: 'INTERNAL' };
    }
    if (status === 429 && !reply.hasHeader('retry-after')) {
      // Every 429 says when to come back (decision 0191): the rule's own wait, else a minute.
      const seconds = error instanceof RateLimitError ? error.retryAfterSeconds : undefined;
      reply.header('retry-after', String(seconds ?? DEFAULT_RETRY_AFTER_S));
    }
    if (status === 503) request.log.warn({ err: error }, 'database unavailable');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, status }, body.message);
    return reply.status(status).type('application/json').send(body);
  });
  // A 429 sent without the error handler (none today) still carries Retry-After.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 429 && !reply.hasHeader('retry-after')) {
      reply.header('retry-after', String(DEFAULT_RETRY_AFTER_S));
    }
    return payload;
  });
}

/** Retry-After (seconds) of a 429 whose rule cannot say when a retry will succeed. */
const DEFAULT_RETRY_AFTER_S = 60;

function clientCode(error: FastifyError): string {
  if (error.statusCode === 429) return 'RATE_LIMITED';
  if (error.statusCode === 413) return 'PAYLOAD_TOO_LARGE';
  if (error.statusCode === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return 'MALFORMED_JSON';
  }
  if (error.code && !error.code.startsWith('FST_')) return error.code;
  return codeForStatus(error.statusCode ?? 400);
}

/** The code a framework error gets from its status, so the two always agree: 404 NOT_FOUND, 403 FORBIDDEN. */
function codeForStatus(status: number): string {
  if (status === 400) return 'BAD_REQUEST';
  const words = STATUS_CODES[status];
  return words
    ? words
        .toUpperCase()
        .replace(/[^A-Z0-9]+/g, '_')
        .replace(/^_|_$/g, '')
    : 'BAD_REQUEST';
}

function clientMessage(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') return 'The request body is not valid JSON';
  return error.message;
}

/** The error's codes (pg's SQLSTATE, Node's errno names) down its cause chain. */
function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    const sqlState = (current as { sqlState?: unknown }).sqlState;
    if (typeof sqlState === 'string') codes.push(sqlState);
    current =
      (current as { cause?: unknown; previous?: unknown }).cause ??
      (current as { previous?: unknown }).previous;
  }
  return codes;
}

/** SQLSTATE classes 08 (connection) and 57 (shutdown, cancelled by statement_timeout), and socket errors. */
const UNAVAILABLE_CODES =
  /^(08\w{3}|57P0[1-4]|57014|53300|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH)$/;
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|connect ECONNREFUSED|Client has encountered a connection error|Connection refused|canceling statement due to statement timeout/i;

/** The database could not be reached or did not answer in time (pool acquire, connect, statement timeout). */
function isDatabaseUnavailable(error: unknown): boolean {
  if (errorCodes(error).some((code) => UNAVAILABLE_CODES.test(code))) return true;
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (UNAVAILABLE_MESSAGES.test(current.message)) return true;
    current = current.cause ?? (current as { previous?: unknown }).previous;
  }
  return false;
}

/** Node's answer when the client closes the connection while its request body is still being read. */
function isClientAbort(error: Error & { code?: string }): boolean {
  return error.code === 'ECONNRESET' && error.message === 'aborted';
}

/** busboy's words for a body that is not the multipart it claims to be. */
function isMalformedMultipart(error: Error): boolean {
  return /Unexpected end of (form|multipart)|terminated early|Multipart: Boundary not found|Malformed/i.test(
    error.message,
  );
}
