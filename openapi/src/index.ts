export type { Api } from './client.ts';
export { createApi, createBrowserApi } from './client.ts';
export { ApiError, hasStatus, serverMessage, toApiError, unwrap } from './errors.ts';
export type {
  ChatTarget,
  RealtimeChannel,
  RealtimeMessage,
  RemoteModule,
  RemoteProps,
  ToastInput,
} from './remote.ts';
export type { ApiErrorBody, ApiUser, Role, SelfServiceRole, SubscriptionTier } from './types.ts';
export { ROLE_LABELS } from './types.ts';
