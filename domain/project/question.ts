import { BIDDER_ROLES } from '../bid/bid.ts';
import { BID_ERRORS } from '../bid/errors.ts';
import { withFields } from '../shared/entity.ts';
import { ValidationError } from '../shared/errors.ts';
import type { QuestionAnswered, QuestionAsked } from '../shared/events.ts';
import { USER_ERRORS } from '../user/errors.ts';
import { PROJECT_ERRORS } from './errors.ts';
import type { Actor, Project } from './project.ts';

export const QUESTION_MAX_LENGTH = 1000;
export const ANSWER_MAX_LENGTH = 5000;
/** How many questions one user may ask within QUESTION_WINDOW_MS (across all projects). */
export const QUESTIONS_PER_WINDOW = 10;
export const QUESTION_WINDOW_MS = 60 * 60 * 1000;

type QuestionKind = 'question' | 'clarification';

export interface QuestionSnapshot {
  id: string;
  projectId: string;
  kind: QuestionKind;
  /** Who asked; null for the owner's clarification. */
  askerId: string | null;
  /** The question; null for a clarification. */
  question: string | null;
  /** The owner's answer (or the clarification's text); null until answered. */
  answer: string | null;
  /** Whether the owner chose to show the asker's name with the published question. */
  showAsker: boolean;
  /** Hidden by an admin (abusive): shown to nobody but admins. */
  hidden: boolean;
  createdAt: Date;
  answeredAt: Date | null;
}

/** Who sees what of a question on the project page (decision 0131). */
export type QuestionAudience = 'public' | 'owner' | 'asker' | 'admin';

function text(
  value: string | null | undefined,
  max: number,
  code: string,
  what: string,
  field: string,
): string {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') throw new ValidationError(`${code}_REQUIRED`, `${what} is required`, field);
  if (trimmed.length > max) {
    throw new ValidationError(`${code}_TOO_LONG`, `${what} must be at most ${max} characters`, field);
  }
  return trimmed;
}

/**
 * Project questions (RFIs, decision 0131): a contractor or vendor asks while the project takes bids; the
 * owner answers; the answered question is then public (without the asker's name unless the owner
 * shows it). The owner may also post a clarification without a question. An admin may hide abuse.
 */
export class Question extends withFields<QuestionSnapshot>()('projectId') {
  private constructor(props: QuestionSnapshot) {
    super(props);
  }

  /**
   * A contractor or vendor (not the owner) asks while the project takes bids. `askedRecently`: how
   * many questions the asker asked in the last QUESTION_WINDOW_MS (429 past QUESTIONS_PER_WINDOW).
   */
  static ask(input: {
    id: string;
    project: Project;
    asker: Actor;
    text: string | null | undefined;
    askedRecently: number;
    now: Date;
  }): { question: Question; event: QuestionAsked } {
    const { project, asker, now } = input;
    if (!BIDDER_ROLES.includes(asker.role)) {
      throw PROJECT_ERRORS.ROLE_CANNOT_ASK();
    }
    if (project.isOwnedBy(asker.id)) {
      throw BID_ERRORS.OWN_PROJECT();
    }
    project.assertTakingBids(now);
    const question = text(input.text, QUESTION_MAX_LENGTH, 'QUESTION', 'Question', 'text');
    if (input.askedRecently >= QUESTIONS_PER_WINDOW) {
      throw PROJECT_ERRORS.QUESTION_RATE_LIMITED(
        `You can ask at most ${QUESTIONS_PER_WINDOW} questions per hour. Please try again later.`,
      );
    }
    const q = new Question({
      id: input.id,
      projectId: project.id,
      kind: 'question',
      askerId: asker.id,
      question,
      answer: null,
      showAsker: false,
      hidden: false,
      createdAt: now,
      answeredAt: null,
    });
    const event: QuestionAsked = {
      type: 'question_asked',
      occurredAt: now,
      questionId: input.id,
      projectId: project.id,
      projectTitle: project.title,
      recipientId: project.clientId,
    };
    return { question: q, event };
  }

  /** The owner publishes a clarification without a question, while the project takes bids. */
  static clarify(input: {
    id: string;
    project: Project;
    actor: Actor;
    text: string | null | undefined;
    bidderIds: readonly string[];
    now: Date;
  }): { question: Question; event: QuestionAnswered } {
    const { project, now } = input;
    project.assertMayChangeBidding(input.actor, 'post a clarification');
    const answer = text(input.text, ANSWER_MAX_LENGTH, 'CLARIFICATION', 'Clarification', 'text');
    const q = new Question({
      id: input.id,
      projectId: project.id,
      kind: 'clarification',
      askerId: null,
      question: null,
      answer,
      showAsker: false,
      hidden: false,
      createdAt: now,
      answeredAt: now,
    });
    return { question: q, event: answeredEvent(q.props, project, input.bidderIds, now) };
  }

  static restore(snapshot: QuestionSnapshot): Question {
    return new Question({ ...snapshot });
  }

  /**
   * The owner answers once (409 QUESTION_ALREADY_ANSWERED), while the project is active (answers
   * after the deadline are allowed: they help nobody less). `showAsker` shows the asker's name.
   */
  answer(
    actor: Actor,
    project: Project,
    input: { text: string | null | undefined; showAsker?: boolean },
    bidderIds: readonly string[],
    now: Date,
  ): QuestionAnswered {
    if (project.id !== this.props.projectId) {
      throw PROJECT_ERRORS.QUESTION_NOT_ON_PROJECT();
    }
    if (!project.isOwnedBy(actor.id)) {
      throw PROJECT_ERRORS.NOT_PROJECT_OWNER();
    }
    if (project.status !== 'active') {
      throw PROJECT_ERRORS.PROJECT_NOT_ACTIVE(`This project is ${project.status}`);
    }
    if (this.props.answer !== null) {
      throw PROJECT_ERRORS.QUESTION_ALREADY_ANSWERED();
    }
    if (this.props.hidden) {
      throw PROJECT_ERRORS.QUESTION_HIDDEN();
    }
    const answer = text(input.text, ANSWER_MAX_LENGTH, 'ANSWER', 'Answer', 'answer');
    this.props = { ...this.props, answer, showAsker: input.showAsker ?? false, answeredAt: now };
    return answeredEvent(this.props, project, bidderIds, now);
  }

  /** Admins only: hides (or shows again) an abusive question. */
  setHidden(actor: Actor, hidden: boolean): void {
    if (actor.role !== 'admin') {
      throw USER_ERRORS.ADMIN_ONLY();
    }
    this.props = { ...this.props, hidden };
  }

  /** Whether `audience` sees this question at all. */
  isVisibleTo(audience: QuestionAudience, viewerId: string): boolean {
    const p = this.props;
    if (audience === 'admin') return true;
    if (p.hidden) return false;
    if (audience === 'owner') return true;
    if (p.answer !== null) return true;
    return p.askerId === viewerId;
  }
}

function answeredEvent(
  p: QuestionSnapshot,
  project: Project,
  bidderIds: readonly string[],
  now: Date,
): QuestionAnswered {
  const others = [...new Set(bidderIds)].filter((id) => id !== project.clientId && id !== p.askerId);
  return {
    type: 'question_answered',
    occurredAt: now,
    questionId: p.id,
    kind: p.kind,
    projectId: project.id,
    projectTitle: project.title,
    askerId: p.askerId,
    recipientIds: others,
  };
}
