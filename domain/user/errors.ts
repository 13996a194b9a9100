/**
 * The error catalogue of users and accounts (sign-in, passwords, roles, profiles): every code once, with its kind (the HTTP
 * status, apps/api/src/http/error-handler.ts) and the message the API answers with. Throw with
 * `USER_ERRORS.CODE()`; a message given at the throw site replaces the catalogue's (a detail such as a
 * name or a limit). ErrorCode (../shared/error-codes.ts) is built from these catalogues.
 */
import { errorCatalogue } from '../shared/errors.ts';

export const USER_ERRORS = errorCatalogue({
  ADMIN_ONLY: ['forbidden', 'Admin privileges required'],
  CREDENTIALS_REQUIRED: ['invalid', 'Please enter your email and password'],
  EMAIL_ALREADY_VERIFIED: ['conflict', 'Your email is already verified.'],
  EMAIL_CHANGE_LIMITED: ['rate_limited'],
  EMAIL_REQUIRED: ['invalid', 'Please enter your email'],
  EMAIL_TAKEN: ['conflict', 'An account with this email already exists'],
  FIRST_NAME_REQUIRED: ['invalid'],
  INVALID_CREDENTIALS: ['unauthenticated'],
  INVALID_EMAIL: ['invalid', 'Invalid email address'],
  INVALID_RESET_TOKEN: ['invalid'],
  INVALID_ROLE: ['invalid', 'role must be one of client, contractor, vendor'],
  INVALID_VERIFICATION_TOKEN: ['invalid'],
  LAST_ADMIN: ['conflict'],
  LAST_NAME_REQUIRED: ['invalid'],
  NAME_TOO_LONG: ['invalid'],
  ONE_CHANGE_AT_A_TIME: ['invalid'],
  PASSWORD_BLANK: ['invalid', 'Password cannot be only spaces'],
  PASSWORD_REQUIRED: ['invalid'],
  PASSWORD_TOO_COMMON: ['invalid'],
  PASSWORD_TOO_LONG: ['invalid'],
  PASSWORD_TOO_SHORT: ['invalid'],
  ROLE_NOT_SELF_ASSIGNABLE: ['forbidden', 'Only an admin can grant the admin role'],
  SIGNIN_THROTTLED: ['rate_limited'],
  UNAUTHENTICATED: ['unauthenticated', 'You are not signed in'],
  USER_NOT_FOUND: ['not_found', 'User not found'],
  WRONG_PASSWORD: ['invalid'],
  INVALID_RATING_SUMMARY: ['conflict', 'The rating summary does not describe 1-5 star reviews'],
  INVALID_UNSUBSCRIBE_TOKEN: ['invalid', 'This unsubscribe link is not valid'],
});
