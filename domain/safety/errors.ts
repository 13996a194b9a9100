/**
 * The error catalogue of trust and safety (blocks, decision 0220): kept as data in ./errors.json: every code
 * once, under its kind (the HTTP status, apps/api/src/http/error-handler.ts), with the message the API answers
 * with (null: the throw site gives it). ErrorCode (../shared/error-codes.ts) is built from these catalogues.
 */
import { errorCatalogueOf } from '../shared/errors.ts';
import codes from './errors.json' with { type: 'json' };

export const SAFETY_ERRORS = errorCatalogueOf(codes);
