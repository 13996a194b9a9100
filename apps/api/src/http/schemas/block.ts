import { Type } from 'typebox';
import type { BlockedUserView } from '#application/safety/ports.ts';
import { dateTime, nullable, refTo, uuid } from './common.ts';

// ---- Blocked people (decision 0220) --------------------------------------------------------------

const BlockedUserSchema = Type.Object(
  {
    id: uuid('The blocked user'),
    firstName: nullable(Type.String()),
    lastName: nullable(Type.String()),
    profileImageUrl: nullable(Type.String()),
    deleted: Type.Boolean({
      description: "True once the blocked account was deleted (shown as 'Deleted user')",
    }),
    blockedAt: dateTime('When you blocked them'),
  },
  {
    $id: 'BlockedUser',
    additionalProperties: false,
    description:
      'Someone you blocked: neither of you can message the other, and they cannot bid on your projects',
    examples: [
      {
        id: '7e6d5c4b-3a29-4f18-9e07-d6c5b4a39281',
        firstName: 'Marcus',
        lastName: 'Rolle',
        profileImageUrl: null,
        deleted: false,
        blockedAt: '2027-03-20T15:04:05.000Z',
      },
    ],
  },
);
export const BlockedUserRef = refTo(BlockedUserSchema);

export function toBlockedUserDto(view: BlockedUserView) {
  return {
    id: view.id,
    firstName: view.firstName,
    lastName: view.lastName,
    profileImageUrl: view.profileImageUrl,
    deleted: view.deleted,
    blockedAt: view.blockedAt.toISOString(),
  };
}

export const BLOCK_SCHEMAS = [BlockedUserSchema];
