/**
 * The JSON shapes the shell and the remotes pass around, taken from the generated OpenAPI types
 * (../schema.d.ts, produced by openapi-typescript from the API's document), so they cannot drift.
 */
import type { components } from '../schema.d.ts';

/** The user as GET /api/auth/user, POST /api/auth/signin and friends return it. */
export type ApiUser = components['schemas']['User'];

/** The body of every non-OK answer of the API: { message, code, field? }. */
export type ApiErrorBody = components['schemas']['Error'];

export type Role = ApiUser['role'];
export type SelfServiceRole = Exclude<Role, 'admin'>;
export type SubscriptionTier = ApiUser['subscriptionTier'];

export const ROLE_LABELS: Record<Role, string> = {
  client: 'Client',
  contractor: 'Contractor',
  vendor: 'Vendor',
  admin: 'Admin',
};
