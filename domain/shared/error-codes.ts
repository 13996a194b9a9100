/**
 * Every error code the API answers with, built from the context catalogues, so a code is added in one
 * place and a misspelt one fails `npm run typecheck` (the routes' OpenAPI error lists are typed with it).
 */
import type { ACCESS_ERRORS } from '../access/errors.ts';
import type { BID_ERRORS } from '../bid/errors.ts';
import type { CATALOG_ERRORS } from '../catalog/errors.ts';
import type { MESSAGE_ERRORS } from '../message/errors.ts';
import type { NOTIFICATION_ERRORS } from '../notification/errors.ts';
import type { OAUTH_ERRORS } from '../oauth/errors.ts';
import type { PROJECT_ERRORS } from '../project/errors.ts';
import type { REVIEW_ERRORS } from '../review/errors.ts';
import type { SAFETY_ERRORS } from '../safety/errors.ts';
import type { SUBSCRIPTION_ERRORS } from '../subscription/errors.ts';
import type { USER_ERRORS } from '../user/errors.ts';
import type { WEBHOOK_ERRORS } from '../webhook/errors.ts';
import type { HTTP_ONLY_ERROR_CODES, REQUEST_ERRORS } from './request-errors.ts';

export type ErrorCode =
  | keyof typeof PROJECT_ERRORS
  | keyof typeof BID_ERRORS
  | keyof typeof USER_ERRORS
  | keyof typeof SUBSCRIPTION_ERRORS
  | keyof typeof MESSAGE_ERRORS
  | keyof typeof REVIEW_ERRORS
  | keyof typeof NOTIFICATION_ERRORS
  | keyof typeof CATALOG_ERRORS
  | keyof typeof ACCESS_ERRORS
  | keyof typeof OAUTH_ERRORS
  | keyof typeof WEBHOOK_ERRORS
  | keyof typeof SAFETY_ERRORS
  | keyof typeof REQUEST_ERRORS
  | (typeof HTTP_ONLY_ERROR_CODES)[number];
