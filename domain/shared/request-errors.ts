/**
 * The error catalogue of requests as such, whatever the context (the HTTP layer's own codes, money and dates): kept as data in ./request-errors.json: every code once, under its kind (the HTTP
 * status, apps/api/src/http/error-handler.ts), with the message the API answers with (null: the throw site gives it). Throw with
 * `REQUEST_ERRORS.CODE()`; a message given at the throw site replaces the catalogue's (a detail such as a
 * name or a limit). ErrorCode (../shared/error-codes.ts) is built from these catalogues.
 */
import { errorCatalogueOf } from './errors.ts';
import codes from './request-errors.json' with { type: 'json' };

export const REQUEST_ERRORS = errorCatalogueOf(codes);

/** Answers of the HTTP layer that are no DomainError: 415 and 503. */
export const HTTP_ONLY_ERROR_CODES = ['UNSUPPORTED_MEDIA_TYPE', 'NOT_READY', 'DATABASE_UNAVAILABLE'] as const;
