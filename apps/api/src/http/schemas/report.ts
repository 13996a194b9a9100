import { Type } from 'typebox';
import type {
  ContextMessage,
  ModerationItemView,
  ModerationLogView,
  ModerationPerson,
  MyReportView,
  QueueItemView,
  ReportView,
} from '#application/safety/ports.ts';
import {
  MODERATION_ACTIONS,
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_OUTCOMES,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
} from '#domain/safety/report.ts';
import { dateTime, nullable, refTo, uuid } from './common.ts';

// ---- Reports and the moderation queue (decision 0221) ---------------------------------------------------

export const ReportTargetTypeSchema = Type.Enum([...REPORT_TARGET_TYPES], {
  description:
    "What is reported: a project, a bid, a message, a review, a question, an answer (the owner's answer to a " +
    "question: targetId is the question's id) or a user's profile",
});
const ReportReasonSchema = Type.Enum([...REPORT_REASONS], {
  description:
    'Why: spam, scam (scam or fraud), offensive (offensive or harassing), off_platform_payment (asks for payment off BuildBid), fake_review (reviews only), other (with `details`)',
});

const EXAMPLE_ID = '5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const PROJECT_ID = '0f6a1c2e-8d4b-4e1a-9c3f-2b7d5e8a1c40';
const PERSON = {
  id: '7e6d5c4b-3a29-4f18-9e07-d6c5b4a39281',
  name: 'Marcus Rolle',
  email: 'marcus@example.com',
};

export const ReportBody = Type.Object(
  {
    targetType: ReportTargetTypeSchema,
    targetId: Type.String({ format: 'uuid', description: 'The id of the item (the user id for a profile)' }),
    reason: ReportReasonSchema,
    details: Type.Optional(
      nullable(
        Type.String({
          maxLength: REPORT_DETAILS_MAX_LENGTH * 4,
          description: `What is wrong, in your words: required for 'other', at most ${REPORT_DETAILS_MAX_LENGTH} characters`,
        }),
      ),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      { targetType: 'project', targetId: PROJECT_ID, reason: 'scam', details: 'Asks for a deposit by wire' },
    ],
  },
);

const MyReportSchema = Type.Object(
  {
    id: uuid('The report'),
    targetType: ReportTargetTypeSchema,
    targetId: uuid('The item reported'),
    reason: ReportReasonSchema,
    createdAt: dateTime('When you reported it'),
  },
  {
    $id: 'MyReport',
    additionalProperties: false,
    description: "One of your open reports: the item shows 'Reported' to you until an admin decides on it",
    examples: [
      {
        id: EXAMPLE_ID,
        targetType: 'project',
        targetId: PROJECT_ID,
        reason: 'scam',
        createdAt: '2027-03-25T10:00:00.000Z',
      },
    ],
  },
);
export const MyReportRef = refTo(MyReportSchema);

export function toMyReportDto(r: MyReportView) {
  return {
    id: r.id,
    targetType: r.targetType,
    targetId: r.targetId,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
  };
}

const PersonSchema = Type.Object(
  { id: uuid(), name: Type.String(), email: Type.String() },
  { $id: 'ModerationPerson', additionalProperties: false, description: 'A person as the queue names them' },
);
const PersonRef = refTo(PersonSchema);

const toPerson = (p: ModerationPerson | null) => (p ? { id: p.id, name: p.name, email: p.email } : null);

const QueueItemProperties = {
  targetType: ReportTargetTypeSchema,
  targetId: uuid('The item reported'),
  openReports: Type.Integer({ minimum: 1, description: 'How many reports on it are open' }),
  reporters: Type.Integer({
    minimum: 1,
    description: 'How many different people reported it (BuildBid’s own reports count as one)',
  }),
  reasons: Type.Array(
    Type.Object(
      { reason: ReportReasonSchema, count: Type.Integer({ minimum: 1 }) },
      { additionalProperties: false },
    ),
    { description: 'The reasons given, the most given first' },
  ),
  firstReportedAt: dateTime('The oldest open report'),
  lastReportedAt: dateTime('The newest open report'),
  claim: nullable(
    Type.Object(
      { admin: nullable(PersonRef), claimedAt: dateTime() },
      {
        additionalProperties: false,
        description: 'Who claimed the item: only they act on it until they release it',
      },
    ),
  ),
  summary: Type.String({
    description: "A line naming the item: a project's title, a message's first words...",
  }),
  author: nullable(PersonRef),
  projectId: nullable(uuid('The project the item belongs to (its page: /projects/{projectId})')),
  projectTitle: nullable(Type.String()),
  hidden: Type.Boolean({ description: 'Whether the content is hidden already' }),
};

const QUEUE_ITEM_EXAMPLE = {
  targetType: 'project',
  targetId: PROJECT_ID,
  openReports: 2,
  reporters: 2,
  reasons: [{ reason: 'scam', count: 2 }],
  firstReportedAt: '2027-03-25T10:00:00.000Z',
  lastReportedAt: '2027-03-25T11:30:00.000Z',
  claim: null,
  summary: 'Kitchen remodel, deposit by wire',
  author: PERSON,
  projectId: PROJECT_ID,
  projectTitle: 'Kitchen remodel, deposit by wire',
  hidden: false,
};

const QueueItemSchema = Type.Object(QueueItemProperties, {
  $id: 'ModerationQueueItem',
  additionalProperties: false,
  description: 'An item of the moderation queue: its open reports together',
  examples: [QUEUE_ITEM_EXAMPLE],
});
export const QueueItemRef = refTo(QueueItemSchema);

const ModerationItemSchema = Type.Object(
  {
    ...QueueItemProperties,
    reports: Type.Array(
      Type.Object(
        {
          id: uuid(),
          reporter: nullable(PersonRef),
          reason: ReportReasonSchema,
          details: nullable(Type.String()),
          createdAt: dateTime(),
        },
        { additionalProperties: false, description: 'A report; reporter null: BuildBid’s own report' },
      ),
    ),
    content: nullable(Type.String({ description: 'The reported text itself; null for a profile' })),
    conversation: nullable(
      Type.Array(
        Type.Object(
          {
            id: uuid(),
            senderId: uuid(),
            senderName: Type.String(),
            content: Type.String(),
            createdAt: dateTime(),
            reported: Type.Boolean({ description: 'The reported message itself' }),
            hidden: Type.Boolean(),
          },
          { additionalProperties: false },
        ),
        { description: "A message's conversation: the few messages before and after it, oldest first" },
      ),
    ),
  },
  {
    $id: 'ModerationItem',
    additionalProperties: false,
    description: 'An item of the queue with its open reports and the content in its context',
    examples: [
      {
        ...QUEUE_ITEM_EXAMPLE,
        reports: [
          {
            id: EXAMPLE_ID,
            reporter: PERSON,
            reason: 'scam',
            details: null,
            createdAt: '2027-03-25T10:00:00.000Z',
          },
        ],
        content: 'Send the deposit by wire before we start.',
        conversation: null,
      },
    ],
  },
);
export const ModerationItemRef = refTo(ModerationItemSchema);

function queueFields(v: QueueItemView) {
  return {
    targetType: v.targetType,
    targetId: v.targetId,
    openReports: v.openReports,
    reporters: v.reporters,
    reasons: v.reasons.map((r) => ({ reason: r.reason, count: r.count })),
    firstReportedAt: v.firstReportedAt.toISOString(),
    lastReportedAt: v.lastReportedAt.toISOString(),
    claim: v.claim ? { admin: toPerson(v.claim.admin), claimedAt: v.claim.claimedAt.toISOString() } : null,
    summary: v.summary,
    author: toPerson(v.author),
    projectId: v.projectId,
    projectTitle: v.projectTitle,
    hidden: v.hidden,
  };
}

export const toQueueItemDto = (v: QueueItemView) => queueFields(v);

export function toModerationItemDto(v: ModerationItemView) {
  return {
    ...queueFields(v),
    reports: v.reports.map((r: ReportView) => ({
      id: r.id,
      reporter: toPerson(r.reporter),
      reason: r.reason,
      details: r.details,
      createdAt: r.createdAt.toISOString(),
    })),
    content: v.content,
    conversation:
      v.conversation?.map((m: ContextMessage) => ({
        id: m.id,
        senderId: m.senderId,
        senderName: m.senderName,
        content: m.content,
        createdAt: m.createdAt.toISOString(),
        reported: m.reported,
        hidden: m.hidden,
      })) ?? null,
  };
}

export const DecisionBody = Type.Object(
  {
    action: Type.Enum([...MODERATION_ACTIONS], {
      description:
        "dismiss: the reports were unfounded; hide: the content is hidden from everyone but its author and admins, and its author is told why; warn: its author is warned. ('suspend' joins these later.)",
    }),
    reason: Type.Optional(
      nullable(
        Type.Enum([...REPORT_REASONS], {
          description: 'The reason the author is told: required for hide and warn',
        }),
      ),
    ),
    note: Type.Optional(
      nullable(
        Type.String({
          maxLength: REPORT_DETAILS_MAX_LENGTH * 4,
          description: `Your words to the author (hide, warn), at most ${REPORT_DETAILS_MAX_LENGTH} characters`,
        }),
      ),
    ),
  },
  { additionalProperties: false, examples: [{ action: 'hide', reason: 'scam', note: null }] },
);

const DecisionSchema = Type.Object(
  {
    outcome: Type.Enum([...REPORT_OUTCOMES], { description: 'How the reports were closed' }),
    closedReportIds: Type.Array(uuid(), { description: 'The reports the decision closed' }),
  },
  {
    $id: 'ModerationDecision',
    additionalProperties: false,
    description: 'What a decision did',
    examples: [{ outcome: 'hidden', closedReportIds: [EXAMPLE_ID] }],
  },
);
export const DecisionRef = refTo(DecisionSchema);

const ModerationActionSchema = Type.Object(
  {
    id: uuid(),
    admin: nullable(PersonRef),
    action: Type.Enum([...MODERATION_ACTIONS]),
    targetType: ReportTargetTypeSchema,
    targetId: uuid(),
    user: nullable(PersonRef),
    reason: nullable(ReportReasonSchema),
    note: nullable(Type.String()),
    reportIds: Type.Array(uuid(), { description: 'The reports the decision closed' }),
    createdAt: dateTime(),
  },
  {
    $id: 'ModerationAction',
    additionalProperties: false,
    description: 'A line of the moderation log: an admin’s decision, with the reports it closed',
    examples: [
      {
        id: EXAMPLE_ID,
        admin: PERSON,
        action: 'hide',
        targetType: 'project',
        targetId: PROJECT_ID,
        user: PERSON,
        reason: 'scam',
        note: null,
        reportIds: [EXAMPLE_ID],
        createdAt: '2027-03-25T12:00:00.000Z',
      },
    ],
  },
);
export const ModerationActionRef = refTo(ModerationActionSchema);

export function toModerationActionDto(v: ModerationLogView) {
  return {
    id: v.id,
    admin: toPerson(v.admin),
    action: v.action,
    targetType: v.targetType,
    targetId: v.targetId,
    user: toPerson(v.subject),
    reason: v.reason,
    note: v.note,
    reportIds: v.reportIds,
    createdAt: v.createdAt.toISOString(),
  };
}

export const REPORT_SCHEMAS = [
  MyReportSchema,
  PersonSchema,
  QueueItemSchema,
  ModerationItemSchema,
  DecisionSchema,
  ModerationActionSchema,
];
