/**
 * The error catalogue of users and accounts (sign-in, passwords, roles, profiles): kept as data in ./errors.json: every code once, under its kind (the HTTP
 * status, apps/api/src/http/error-handler.ts), with the message the API answers with (null: the throw site gives it). Throw with
 * `USER_ERRORS.CODE()`; a message given at the throw site replaces the catalogue's (a detail such as a
 * name or a limit). ErrorCode (../shared/error-codes.ts) is built from these catalogues.
 */
import { errorCatalogueOf } from '../shared/errors.ts';
import codes from './errors.json' with { type: 'json' };

export const USER_ERRORS = errorCatalogueOf(codes);
