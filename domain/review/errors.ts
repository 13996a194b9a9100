/**
 * The error catalogue of reviews: every code once, with its kind (the HTTP
 * status, apps/api/src/http/error-handler.ts) and the message the API answers with. Throw with
 * `REVIEW_ERRORS.CODE()`; a message given at the throw site replaces the catalogue's (a detail such as a
 * name or a limit). ErrorCode (../shared/error-codes.ts) is built from these catalogues.
 */
import { errorCatalogue } from '../shared/errors.ts';

export const REVIEW_ERRORS = errorCatalogue({
  COMMENT_TOO_LONG: ['invalid'],
  INVALID_RATING: ['invalid'],
  NO_AWARDED_CONTRACTOR: ['conflict', 'This project has no awarded contractor to review'],
  PROJECT_NOT_COMPLETED: ['conflict', 'Only a completed project can be reviewed'],
  REVIEW_ALREADY_EXISTS: ['conflict', 'You have already reviewed this project'],
});
