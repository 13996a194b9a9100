/**
 * The error catalogue of messages: every code once, with its kind (the HTTP
 * status, apps/api/src/http/error-handler.ts) and the message the API answers with. Throw with
 * `MESSAGE_ERRORS.CODE()`; a message given at the throw site replaces the catalogue's (a detail such as a
 * name or a limit). ErrorCode (../shared/error-codes.ts) is built from these catalogues.
 */
import { errorCatalogue } from '../shared/errors.ts';

export const MESSAGE_ERRORS = errorCatalogue({
  CANNOT_MESSAGE_SELF: ['invalid', 'You cannot send a message to yourself'],
  MESSAGE_EMPTY: ['invalid', 'Message cannot be empty'],
  RECIPIENT_DELETED: ['conflict'],
  UNSUPPORTED_MESSAGE_TYPE: ['invalid'],
  MESSAGE_TOO_LONG: ['invalid'],
});
