/**
 * The error catalogue of the catalogue (countries, services): every code once, with its kind (the HTTP
 * status, apps/api/src/http/error-handler.ts) and the message the API answers with. Throw with
 * `CATALOG_ERRORS.CODE()`; a message given at the throw site replaces the catalogue's (a detail such as a
 * name or a limit). ErrorCode (../shared/error-codes.ts) is built from these catalogues.
 */
import { errorCatalogue } from '../shared/errors.ts';

export const CATALOG_ERRORS = errorCatalogue({
  COUNTRY_REQUIRED: ['invalid', 'Country is required'],
  UNKNOWN_COUNTRY: ['invalid'],
  UNKNOWN_SERVICE: ['invalid'],
});
