/**
 * What a third-party credential (a personal access token or an OAuth app's token) may do, one scope per
 * kind of resource and verb (docs/decisions/0211-personal-access-tokens-and-scopes.md). An operation names
 * the one scope it needs in its route options; admin operations and the account's own security (tokens,
 * password, deletion) name none, so no token reaches them.
 */
export const SCOPES = {
  'projects:read': 'See projects, their questions, addenda and files',
  'projects:write': 'Post, edit and run your projects; ask and answer questions',
  'bids:read': 'See your bids and the bids on your projects',
  'bids:write': 'Submit and edit bids, and accept or decline bids on your projects',
  'messages:read': 'Read your conversations',
  'messages:write': 'Send messages as you',
  'notifications:read': 'See your notifications',
  'profile:read': 'See your profile, plan and quota',
  'webhooks:write': 'Register and manage webhook endpoints for you',
} as const;

export type Scope = keyof typeof SCOPES;

export const SCOPE_NAMES = Object.keys(SCOPES) as Scope[];

export function isScope(value: string): value is Scope {
  return Object.hasOwn(SCOPES, value);
}
