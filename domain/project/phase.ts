import type { ConflictError } from '../shared/errors.ts';
import { PROJECT_ERRORS } from './errors.ts';

/** Project phases in the spec's order, with their labels (projects-and-bids section 4). */
export const PROJECT_PHASES = [
  'planning',
  'bidding',
  'awarded',
  'in_progress',
  'review',
  'completed',
] as const;
export type ProjectPhase = (typeof PROJECT_PHASES)[number];

export const PHASE_LABELS: Readonly<Record<ProjectPhase, string>> = {
  planning: 'Planning',
  bidding: 'Accepting Bids',
  awarded: 'Awarded',
  in_progress: 'In Progress',
  review: 'Under Review',
  completed: 'Completed',
};

export const PROJECT_STATUSES = ['active', 'completed', 'cancelled'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export function isProjectPhase(value: string): value is ProjectPhase {
  return (PROJECT_PHASES as readonly string[]).includes(value);
}

export function isProjectStatus(value: string): value is ProjectStatus {
  return (PROJECT_STATUSES as readonly string[]).includes(value);
}

/**
 * How each allowed phase change happens. Every pair not listed is refused.
 * - publish: posting a project (it is stored straight in bidding; planning is never kept);
 * - accept_bid: the owner accepts a bid;
 * - owner_move: the owner moves the project on with "move phase".
 */
export type PhaseTrigger = 'publish' | 'accept_bid' | 'owner_move';

const TRANSITIONS: ReadonlyArray<readonly [ProjectPhase, ProjectPhase, PhaseTrigger]> = [
  ['planning', 'bidding', 'publish'],
  ['bidding', 'awarded', 'accept_bid'],
  ['awarded', 'in_progress', 'owner_move'],
  ['in_progress', 'review', 'owner_move'],
  ['review', 'completed', 'owner_move'],
];

/** The trigger that may move a project from `from` to `to`, or null when that change is never allowed. */
export function phaseTransition(from: ProjectPhase, to: ProjectPhase): PhaseTrigger | null {
  return TRANSITIONS.find(([f, t]) => f === from && t === to)?.[2] ?? null;
}

/** The status changes: active to completed (phase reaches completed) or cancelled (owner cancels). */
export function isStatusTransitionAllowed(from: ProjectStatus, to: ProjectStatus): boolean {
  return from === 'active' && (to === 'completed' || to === 'cancelled');
}

export function invalidPhaseTransition(from: ProjectPhase, to: ProjectPhase): ConflictError {
  return PROJECT_ERRORS.INVALID_PHASE_TRANSITION(
    `A project cannot move from ${PHASE_LABELS[from]} to ${PHASE_LABELS[to]}`,
    'phase',
  );
}

/**
 * Whether the owner may still edit the project: while it is active and not yet awarded (planning or
 * bidding). The aggregate enforces it (PROJECT_NOT_EDITABLE); the pages offer 'Edit Project' by it.
 */
export function isEditable(project: { status: string; currentPhase: string }): boolean {
  return (
    project.status === 'active' && (project.currentPhase === 'planning' || project.currentPhase === 'bidding')
  );
}

/**
 * Why a project takes no bids now, or null while it does: the same rule as Project.assertTakingBids
 * (status active, phase bidding, bid deadline not passed), as a short reason the pages show under
 * 'Not accepting bids'.
 */
export function biddingClosedReason(
  project: { status: string; currentPhase: string; bidDeadline: Date | string | null },
  now: Date,
): string | null {
  if (project.status !== 'active') return `This project is ${project.status}`;
  if (project.currentPhase !== 'bidding') {
    const label = isProjectPhase(project.currentPhase)
      ? PHASE_LABELS[project.currentPhase]
      : project.currentPhase;
    return `Phase: ${label}`;
  }
  if (project.bidDeadline !== null && now.getTime() > new Date(project.bidDeadline).getTime()) {
    return 'The bid deadline has passed';
  }
  return null;
}
