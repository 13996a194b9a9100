import { Type } from 'typebox';
import type { AdminActionView } from '#application/admin/ports.ts';
import {
  MAX_SUSPENSION_DAYS,
  MAX_SUSPENSION_REASON_LENGTH,
  type SuspensionSnapshot,
} from '#domain/safety/suspension.ts';
import { dateTime, iso, nullable, refTo, uuid } from './common.ts';

// ---- Suspensions (decision 0223) and the admin actions log (decision 0224) ------------------------------------

const SuspensionSchema = Type.Object(
  {
    id: uuid('The suspension'),
    userId: uuid('The suspended user'),
    reason: Type.String({
      description: 'Why, in the admin’s words (the notice mailed to the user quotes it)',
    }),
    startsAt: dateTime('When it began'),
    endsAt: nullable(
      dateTime('Its last instant: the end of its last day in Nassau; null until an admin lifts it'),
    ),
    liftedAt: nullable(dateTime('When an admin lifted it; null while it stands or once it ran out')),
    reportId: nullable(uuid('The report it closed, when it came from the moderation queue')),
  },
  {
    $id: 'Suspension',
    additionalProperties: false,
    description:
      'A suspension of an account: while it stands (not lifted, its end not passed) the user cannot sign in, ' +
      'their open projects are hidden and take no bids, and no mail but its notices goes to them',
    examples: [
      {
        id: '3f2e1d0c-9b8a-4c7d-8e6f-5a4b3c2d1e0f',
        userId: '7e6d5c4b-3a29-4f18-9e07-d6c5b4a39281',
        reason: 'Asked clients to pay outside BuildBid.',
        startsAt: '2026-11-26T15:04:05.000Z',
        endsAt: '2026-12-04T04:59:59.999Z',
        liftedAt: null,
        reportId: null,
      },
    ],
  },
);
export const SuspensionRef = refTo(SuspensionSchema);

export function toSuspensionDto(s: SuspensionSnapshot) {
  return {
    id: s.id,
    userId: s.userId,
    reason: s.reason,
    startsAt: s.startsAt.toISOString(),
    endsAt: iso(s.endsAt),
    liftedAt: iso(s.liftedAt),
    reportId: s.reportId,
  };
}

/** What an admin sends to suspend a user. */
export const SuspendBody = Type.Object(
  {
    // The range is the domain's rule (400 INVALID_SUSPENSION_DAYS names it), not the schema's.
    days: nullable(
      Type.Integer({
        description: `For how many days, 1-${MAX_SUSPENSION_DAYS} (it lasts through the last of them, Nassau time); null: until an admin lifts it`,
      }),
    ),
    reason: Type.String({
      minLength: 1,
      maxLength: MAX_SUSPENSION_REASON_LENGTH,
      description: 'Why, for the user (the notice quotes it) and the audit log',
    }),
    reportId: Type.Optional(
      nullable(uuid('The report this closes, when the moderation queue suspends (kept in the audit log)')),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      { days: 7, reason: 'Asked clients to pay outside BuildBid.' },
      { days: null, reason: 'Fraud.' },
    ],
  },
);

const AuditPersonSchema = Type.Object(
  {
    id: uuid(),
    name: Type.String({ description: "'First Last', or the email without a name" }),
    email: Type.String(),
  },
  { additionalProperties: false },
);

const AdminActionSchema = Type.Object(
  {
    id: uuid(),
    admin: Type.Union([AuditPersonSchema, Type.Null()], {
      description: 'Who acted; null once their account is gone',
    }),
    user: AuditPersonSchema,
    action: Type.Union([Type.Literal('user_suspended'), Type.Literal('suspension_lifted')], {
      description: 'What the admin did (more kinds may come: show an unknown one as it is)',
    }),
    reason: nullable(
      Type.String({ description: 'Why (a suspension’s reason); null when the action has none' }),
    ),
    endsAt: nullable(dateTime('A suspension’s last instant; null for until lifted, and for other actions')),
    reportId: nullable(uuid('The report the action closed, when it came from the moderation queue')),
    createdAt: dateTime(),
  },
  {
    $id: 'AdminAction',
    additionalProperties: false,
    description: 'One entry of the admin actions log (beside role changes): who did what to whom, and why',
  },
);
export const AdminActionRef = refTo(AdminActionSchema);

export function toAdminActionDto(view: AdminActionView) {
  return {
    id: view.id,
    admin: view.actor,
    user: view.target,
    action: view.action,
    reason: view.reason,
    endsAt: iso(view.endsAt),
    reportId: view.reportId,
    createdAt: view.createdAt.toISOString(),
  };
}

export const SUSPENSION_SCHEMAS = [SuspensionSchema, AdminActionSchema];
