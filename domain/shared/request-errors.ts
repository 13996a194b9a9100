/**
 * The error catalogue of requests as such, whatever the context (the HTTP layer's own codes, money and dates): every code once, with its kind (the HTTP
 * status, apps/api/src/http/error-handler.ts) and the message the API answers with. Throw with
 * `REQUEST_ERRORS.CODE()`; a message given at the throw site replaces the catalogue's (a detail such as a
 * name or a limit). ErrorCode (../shared/error-codes.ts) is built from these catalogues.
 */
import { errorCatalogue } from './errors.ts';

export const REQUEST_ERRORS = errorCatalogue({
  BAD_REQUEST: ['invalid'],
  DUPLICATE_FIELD: ['invalid', 'Send projectData only once'],
  FILE_NOT_FOUND: ['not_found', 'File not found'],
  IDEMPOTENCY_KEY_IN_USE: ['conflict'],
  IDEMPOTENCY_KEY_REUSED: ['conflict'],
  INVALID_DATE: ['invalid'],
  INVALID_IDEMPOTENCY_KEY: ['invalid'],
  INVALID_MONEY: ['invalid'],
  MALFORMED_JSON: ['invalid'],
  MALFORMED_MULTIPART: ['invalid'],
  MONEY_TOO_LARGE: ['invalid'],
  MONEY_TOO_PRECISE: ['invalid'],
  MULTIPART_REQUIRED: ['invalid'],
  NUL_BYTE: ['invalid', 'A file name contains a NUL character'],
  ORIGIN_FORBIDDEN: ['forbidden'],
  PAYLOAD_TOO_LARGE: ['too_large'],
  RATE_LIMITED: ['rate_limited'],
  TEXT_TOO_LARGE: ['too_large', 'text is too large'],
  THUMBNAIL_NOT_FOUND: ['not_found', 'Thumbnail not found'],
  TOO_MANY_PARTS: ['too_large', 'The form has too many fields'],
  UNEXPECTED_FILE_FIELD: ['invalid'],
  VALIDATION_FAILED: ['invalid', 'projectData is invalid'],
  UNKNOWN_TIME_ZONE: ['invalid'],
});

/** Answers of the HTTP layer that are no DomainError: 415 and 503. */
export const HTTP_ONLY_ERROR_CODES = ['UNSUPPORTED_MEDIA_TYPE', 'NOT_READY', 'DATABASE_UNAVAILABLE'] as const;
