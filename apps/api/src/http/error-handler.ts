import type { FastifyError, FastifyInstance } from 'fastify';
import { DomainError, type ErrorKind } from '../../../../domain/shared/errors.ts';
import type { ErrorDto } from './schemas.ts';

export const STATUS_BY_KIND: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
};

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Turns a schema failure into one sentence that names the field. */
export function describeValidation(
  issues: ValidationIssue[],
  context: string | undefined,
): { message: string; field?: string } {
  const issue = issues[0];
  if (!issue) return { message: 'Invalid input' };
  const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const missing = issue.keyword === 'required' ? String(issue.params?.missingProperty ?? '') : '';
  const field = missing ? (path ? `${path}.${missing}` : missing) : path;
  const where = field || context || 'request';
  if (issue.keyword === 'required') return { message: `${where} is required`, field };
  if (issue.keyword === 'anyOf' && issue.instancePath) {
    return { message: `${where} has an invalid value`, field };
  }
  return { message: `${where} ${issue.message ?? 'is invalid'}`, ...(field ? { field } : {}) };
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
    if (error instanceof DomainError) {
      status = STATUS_BY_KIND[error.kind];
      body = { message: error.message, code: error.code, ...(error.field ? { field: error.field } : {}) };
    } else if (error.validation) {
      status = 400;
      const { message, field } = describeValidation(error.validation, error.validationContext);
      body = { message, code: 'VALIDATION_FAILED', ...(field ? { field } : {}) };
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = { message: clientMessage(error), code: clientCode(error) };
    } else {
      status = 500;
      body = { message: 'Internal Server Error', code: 'INTERNAL' };
    }
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, status }, body.message);
    return reply.status(status).type('application/json').send(body);
  });
}

function clientCode(error: FastifyError): string {
  if (error.statusCode === 429) return 'RATE_LIMITED';
  if (error.statusCode === 413) return 'PAYLOAD_TOO_LARGE';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return 'MALFORMED_JSON';
  }
  return error.code?.startsWith('FST_') ? 'BAD_REQUEST' : (error.code ?? 'BAD_REQUEST');
}

function clientMessage(error: FastifyError): string {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') return 'The request body is not valid JSON';
  return error.message;
}
