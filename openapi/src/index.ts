export type { components, operations, paths } from '../schema.d.ts';
export type { Api } from './client.ts';
export { type ApiOptions, createApi, createBrowserApi } from './client.ts';
export { ApiError, hasStatus, serverMessage, toApiError, unwrap } from './errors.ts';
export { newIdempotencyKey, SubmissionKey } from './idempotency.ts';
export { nextCursorOf, type Page, pageOf } from './paging.ts';
export type {
  ChatTarget,
  RealtimeChannel,
  RealtimeMessage,
  RemoteModule,
  RemoteProps,
  ToastInput,
} from './remote.ts';
export type {
  Bid,
  BidStatus,
  OwnBid,
  Project,
  ProjectAddendum,
  ProjectAttachment,
  ProjectBid,
  ProjectData,
  ProjectQuestion,
  ProjectSummary,
  SavedSearch,
  SearchAlerts,
  UserStats,
} from './resources.ts';
export type { ApiErrorBody, ApiUser, Role, SelfServiceRole, SubscriptionTier } from './types.ts';
export { ROLE_LABELS } from './types.ts';
export { fetchWithUploadProgress, type UploadProgress } from './upload.ts';
