import { describe, expect, it } from 'vitest';
import {
  isProjectPhase,
  isProjectStatus,
  isStatusTransitionAllowed,
  PHASE_LABELS,
  PROJECT_PHASES,
  PROJECT_STATUSES,
  type ProjectPhase,
  phaseTransition,
} from '#domain/project/phase.ts';
import { Project } from '#domain/project/project.ts';
import { ConflictError } from '#domain/shared/errors.ts';
import { aClient, aProject, NOW } from '../../fakes/mothers.ts';

const owner = aClient();

/** The allowed phase changes and how each happens; every other pair is refused. */
const ALLOWED: Record<string, string> = {
  'planning->bidding': 'publish',
  'bidding->awarded': 'accept_bid',
  'awarded->in_progress': 'owner_move',
  'in_progress->review': 'owner_move',
  'review->completed': 'owner_move',
};

const pairs = PROJECT_PHASES.flatMap((from) =>
  PROJECT_PHASES.map((to) => [from, to] as [ProjectPhase, ProjectPhase]),
);

describe('phases', () => {
  it('are in the spec order with their labels', () => {
    expect(PROJECT_PHASES).toEqual(['planning', 'bidding', 'awarded', 'in_progress', 'review', 'completed']);
    expect(PHASE_LABELS.bidding).toBe('Accepting Bids');
    expect(PHASE_LABELS.review).toBe('Under Review');
    expect(isProjectPhase('review')).toBe(true);
    expect(isProjectPhase('done')).toBe(false);
  });

  it('covers all 36 (from, to) pairs', () => {
    expect(pairs).toHaveLength(36);
  });

  it.each(pairs)('phaseTransition(%s, %s) matches the table', (from, to) => {
    expect(phaseTransition(from, to)).toBe(ALLOWED[`${from}->${to}`] ?? null);
  });

  it.each(pairs)(
    'movePhase from %s to %s: only owner moves succeed, the rest throw a coded ConflictError',
    (from, to) => {
      const project = Project.restore({
        ...aProject().toSnapshot(),
        currentPhase: from,
        awardedContractorId: 'c1',
        acceptedBidId: 'b1',
      });
      if (ALLOWED[`${from}->${to}`] === 'owner_move') {
        project.movePhase(owner, to, NOW);
        expect(project.currentPhase).toBe(to);
      } else {
        let error: unknown;
        try {
          project.movePhase(owner, to, NOW);
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(ConflictError);
        expect((error as ConflictError).code).toBe('INVALID_PHASE_TRANSITION');
        expect(project.currentPhase).toBe(from);
      }
    },
  );
});

describe('statuses', () => {
  const statusPairs = PROJECT_STATUSES.flatMap((from) => PROJECT_STATUSES.map((to) => [from, to] as const));

  it.each(statusPairs)('status %s → %s', (from, to) => {
    const allowed = from === 'active' && (to === 'completed' || to === 'cancelled');
    expect(isStatusTransitionAllowed(from, to)).toBe(allowed);
  });

  it('recognises statuses', () => {
    expect(isProjectStatus('cancelled')).toBe(true);
    expect(isProjectStatus('archived')).toBe(false);
  });
});
