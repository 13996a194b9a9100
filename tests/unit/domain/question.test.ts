import { describe, expect, it } from 'vitest';
import { notificationsForEvent } from '#domain/notification/notification.ts';
import { QUESTIONS_PER_WINDOW, Question } from '#domain/project/question.ts';
import { aClient, aContractor, anAdmin, aProject, aVendor, DAY, NOW } from '../../fakes/mothers.ts';

const owner = aClient();
const asker = aContractor('asker');

function errorOf(fn: () => unknown): { code: string; name: string } {
  try {
    fn();
  } catch (error) {
    return error as { code: string; name: string };
  }
  throw new Error('expected an error');
}

const ask = (o: Partial<Parameters<typeof Question.ask>[0]> = {}) =>
  Question.ask({
    id: 'q1',
    project: aProject({ owner }),
    asker,
    text: 'Is the roof deck sound?',
    askedRecently: 0,
    now: NOW,
    ...o,
  });

describe('project questions (decision 0131)', () => {
  it('a contractor or vendor asks; the owner is told', () => {
    const { question, event } = ask();
    expect(question.toSnapshot()).toMatchObject({
      kind: 'question',
      askerId: 'asker',
      answer: null,
      hidden: false,
    });
    expect(event).toMatchObject({ type: 'question_asked', recipientId: owner.id });
    expect(notificationsForEvent(event)).toMatchObject([{ userId: owner.id, title: 'New question' }]);
    expect(() => ask({ asker: aVendor() })).not.toThrow();
  });

  it('clients, admins and the owner do not ask', () => {
    expect(errorOf(() => ask({ asker: aClient('other') })).code).toBe('ROLE_CANNOT_ASK');
    expect(errorOf(() => ask({ asker: anAdmin() })).code).toBe('ROLE_CANNOT_ASK');
  });

  it('nobody asks on a closed project, nor after the bid deadline', () => {
    const cancelled = aProject({ owner });
    cancelled.cancel(owner, [], NOW);
    expect(errorOf(() => ask({ project: cancelled })).code).toBe('PROJECT_NOT_ACTIVE');
    const ended = aProject({ owner, bidDeadline: new Date(NOW.getTime() + DAY) });
    expect(errorOf(() => ask({ project: ended, now: new Date(NOW.getTime() + 2 * DAY) })).code).toBe(
      'BID_DEADLINE_PASSED',
    );
  });

  it('at most 1,000 characters, not blank, and at most 10 per hour', () => {
    expect(errorOf(() => ask({ text: ' ' })).code).toBe('QUESTION_REQUIRED');
    expect(errorOf(() => ask({ text: 'x'.repeat(1001) })).code).toBe('QUESTION_TOO_LONG');
    expect(() => ask({ text: 'x'.repeat(1000) })).not.toThrow();
    const limited = errorOf(() => ask({ askedRecently: QUESTIONS_PER_WINDOW }));
    expect(limited).toMatchObject({ code: 'QUESTION_RATE_LIMITED', name: 'RateLimitError' });
    expect(() => ask({ askedRecently: QUESTIONS_PER_WINDOW - 1 })).not.toThrow();
  });

  it('only the owner answers, once; the asker and the other bidders are told', () => {
    const project = aProject({ owner });
    const { question } = ask({ project });
    expect(errorOf(() => question.answer(asker, project, { text: 'x' }, [], NOW)).code).toBe(
      'NOT_PROJECT_OWNER',
    );
    expect(errorOf(() => question.answer(anAdmin(), project, { text: 'x' }, [], NOW)).code).toBe(
      'NOT_PROJECT_OWNER',
    );
    const event = question.answer(owner, project, { text: 'Yes.' }, ['asker', 'b2', owner.id], NOW);
    expect(event).toMatchObject({ type: 'question_answered', askerId: 'asker', recipientIds: ['b2'] });
    expect(notificationsForEvent(event).map((n) => [n.userId, n.title])).toEqual([
      ['asker', 'Your question was answered'],
      ['b2', 'New answer'],
    ]);
    expect(errorOf(() => question.answer(owner, project, { text: 'Again' }, [], NOW)).code).toBe(
      'QUESTION_ALREADY_ANSWERED',
    );
  });

  it('the public sees a question only once answered and never without the owner’s consent to the name', () => {
    const project = aProject({ owner });
    const { question } = ask({ project });
    expect(question.isVisibleTo('public', 'someone')).toBe(false);
    expect(question.isVisibleTo('public', 'asker')).toBe(true);
    expect(question.isVisibleTo('owner', owner.id)).toBe(true);
    question.answer(owner, project, { text: 'Yes.' }, [], NOW);
    expect(question.isVisibleTo('public', 'someone')).toBe(true);
    expect(question.toSnapshot().showAsker).toBe(false);
  });

  it('an admin hides abuse; hidden questions are seen by admins only and cannot be answered', () => {
    const project = aProject({ owner });
    const { question } = ask({ project });
    expect(errorOf(() => question.setHidden(owner, true)).code).toBe('ADMIN_ONLY');
    question.setHidden(anAdmin(), true);
    expect(question.isVisibleTo('owner', owner.id)).toBe(false);
    expect(question.isVisibleTo('admin', 'admin-1')).toBe(true);
    expect(errorOf(() => question.answer(owner, project, { text: 'x' }, [], NOW)).code).toBe(
      'QUESTION_HIDDEN',
    );
  });

  it('the owner posts a clarification while bidding; every bidder is told', () => {
    const project = aProject({ owner });
    const { question, event } = Question.clarify({
      id: 'c1',
      project,
      actor: owner,
      text: 'Hours are 8 to 5.',
      bidderIds: ['b1'],
      now: NOW,
    });
    expect(question.toSnapshot()).toMatchObject({
      kind: 'clarification',
      askerId: null,
      answer: 'Hours are 8 to 5.',
    });
    expect(notificationsForEvent(event)).toMatchObject([{ userId: 'b1', title: 'New clarification' }]);
    expect(
      errorOf(() => Question.clarify({ id: 'c2', project, actor: asker, text: 'x', bidderIds: [], now: NOW }))
        .code,
    ).toBe('NOT_PROJECT_OWNER');
  });
});
