import { BID_ERRORS } from '../bid/errors.ts';

import { DEFAULT_PROJECT_COUNTRY } from '../catalog/countries.ts';

import { withFields } from '../shared/entity.ts';
import type { ConflictError, PermissionError } from '../shared/errors.ts';
import type {
  BidAccepted,
  BidDeadlineChanged,
  BidRejected,
  BidRejectionReason,
  DomainEvent,
  ProjectCancelled,
  ProjectCompleted,
  ProjectDeleted,
  ProjectPhaseChanged,
  ProjectPosted,
} from '../shared/events.ts';

import { REQUEST_ERRORS } from '../shared/request-errors.ts';
import { formatDay } from '../shared/time-zone.ts';
import type { Role } from '../user/user.ts';
import { PROJECT_ERRORS } from './errors.ts';
import { checkProjectFiles, type UploadedFile } from './files.ts';
import {
  biddingClosedReason,
  invalidPhaseTransition,
  isEditable,
  isProjectPhase,
  PHASE_LABELS,
  type ProjectPhase,
  type ProjectStatus,
  phaseTransition,
} from './phase.ts';
import { ProjectDetails, type ProjectDetailsInput, sameDate } from './project-details.ts';

export type { ProjectDetailsInput } from './project-details.ts';

/**
 * What Project needs of a bid to decide on it (the Bid aggregate satisfies it). Declared here so the
 * project module does not depend on the bid module, which depends on it.
 */
export interface DecidableBid {
  readonly id: string;
  readonly projectId: string;
  readonly contractorId: string;
  readonly status: 'pending' | 'accepted' | 'rejected' | 'withdrawn';
  accept(now: Date, projectTitle: string): BidAccepted;
  reject(now: Date, projectTitle: string, reason: BidRejectionReason): BidRejected;
}

/**
 * A withdrawn bid (its bidder deleted their account, decision 0193, or was suspended, decision 0223) is never
 * accepted, declined or edited: 409 BID_WITHDRAWN. Here so both Project and Bid throw the same error.
 */
export function bidWithdrawn(): ConflictError {
  return PROJECT_ERRORS.BID_WITHDRAWN(
    "This bid was withdrawn: its bidder's account was deleted or suspended, so it can no longer be accepted or declined",
  );
}

/** Who is acting: the signed-in user (a User satisfies this). */
export interface Actor {
  readonly id: string;
  readonly role: Role;
}

/** The project as stored: its checked form fields (ProjectDetails) and its state. */
export interface ProjectSnapshot extends ProjectDetails {
  id: string;
  status: ProjectStatus;
  clientId: string;
  /** Stored file names, served at /uploads/{name}. */
  attachments: string[];
  currentPhase: ProjectPhase;
  phaseStartDate: Date;
  acceptedBidId: string | null;
  /** The bidder of the accepted bid. Kept with acceptedBidId so completion and reviews need no join. */
  awardedContractorId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface PostProjectProps extends ProjectDetailsInput {
  id: string;
  owner: Actor;
  /** Files already received for the project (see checkUploadedFile). */
  files?: readonly UploadedFile[];
  now: Date;
}

export interface EditProjectChanges extends ProjectDetailsInput {
  /** The stored file names to keep; undefined keeps them all. Names the project does not have are refused. */
  attachments?: string[];
  newFiles?: readonly UploadedFile[];
}

export interface EditResult {
  /** Stored files the edit dropped; the use case removes them from storage after commit. */
  removedAttachments: string[];
  /** BidDeadlineChanged when the edit moved the bid deadline. */
  events: DomainEvent[];
}

function notOwner(action: string): PermissionError {
  return PROJECT_ERRORS.NOT_PROJECT_OWNER(`Only the project owner can ${action}`);
}

/**
 * The Project aggregate (projects-and-bids sections 3 and 4). Mutating methods check who acts and
 * the state, change the project (and the bids handed to them) and return the domain events to publish.
 */
export class Project extends withFields<ProjectSnapshot>()(
  'title',
  'clientId',
  'status',
  'currentPhase',
  'acceptedBidId',
  'awardedContractorId',
  'createdAt',
  'bidDeadline',
) {
  private constructor(props: ProjectSnapshot) {
    super(props);
  }

  /** Posting publishes: the project starts active in the bidding phase. Only clients post. */
  static post(input: PostProjectProps): { project: Project; events: DomainEvent[] } {
    if (input.owner.role !== 'client') {
      throw PROJECT_ERRORS.CLIENTS_ONLY();
    }
    const files = input.files ?? [];
    const details = ProjectDetails.from(
      { ...input, country: input.country ?? DEFAULT_PROJECT_COUNTRY },
      input.now,
      { deadline: true, bidDeadline: true },
    );
    checkProjectFiles(files, 0, false);
    const project = new Project({
      ...details,
      id: input.id,
      status: 'active',
      clientId: input.owner.id,
      attachments: files.map((f) => f.name),
      currentPhase: 'bidding',
      phaseStartDate: input.now,
      acceptedBidId: null,
      awardedContractorId: null,
      createdAt: input.now,
      updatedAt: input.now,
    });
    const posted: ProjectPosted = {
      type: 'project_posted',
      occurredAt: input.now,
      projectId: input.id,
      ownerId: input.owner.id,
      services: [...details.services],
      country: details.country,
    };
    return { project, events: [posted] };
  }

  static restore(snapshot: ProjectSnapshot): Project {
    return new Project(cloneSnapshot(snapshot));
  }

  get attachments(): readonly string[] {
    return [...this.props.attachments];
  }
  isOwnedBy(userId: string): boolean {
    return this.props.clientId === userId;
  }

  /** Bids are taken while the status is active, the phase is bidding and the bid deadline (if any) has not passed. */
  isTakingBids(now: Date): boolean {
    // The same rule as assertTakingBids, without building an error for every closed project a page shows.
    return biddingClosedReason(this.props, now) === null;
  }

  assertTakingBids(now: Date): void {
    this.#assertOpenForBidding();
    const deadline = this.props.bidDeadline;
    if (deadline && now.getTime() > deadline.getTime()) {
      throw PROJECT_ERRORS.BID_DEADLINE_PASSED(
        `The bid deadline for this project, ${formatDay(deadline)}, has passed`,
      );
    }
  }

  /** Owner only, while the project is active and in bidding: what changing the bidding terms needs. */
  assertMayChangeBidding(actor: Actor, action: string): void {
    this.#assertOwner(actor, action);
    this.#assertOpenForBidding();
  }

  /**
   * The owner moves the bid deadline (decision 0130): never into the past, and never earlier
   * (nor from none to one) while the project has bids. Works after the deadline passed, which reopens
   * bidding. `bidderIds` are the users who bid on the project; they are told.
   */
  changeBidDeadline(actor: Actor, to: Date, bidderIds: readonly string[], now: Date): BidDeadlineChanged {
    this.assertMayChangeBidding(actor, 'change its bid deadline');
    const event = this.#moveBidDeadline(to, bidderIds, now, 'bidDeadline');
    if (!event) {
      throw PROJECT_ERRORS.BID_DEADLINE_UNCHANGED(
        'The new bid deadline is the same as the current one',
        'bidDeadline',
      );
    }
    return event;
  }

  /** Checks and applies a new bid deadline; null when it is the same as the current one. */
  #moveBidDeadline(
    to: Date | null,
    bidderIds: readonly string[],
    now: Date,
    field: string,
  ): BidDeadlineChanged | null {
    const from = this.props.bidDeadline;
    if (to !== null && Number.isNaN(to.getTime())) {
      throw REQUEST_ERRORS.INVALID_DATE('bidDeadline is not a valid date', field);
    }
    if (sameDate(to, from)) return null;
    if (to !== null && to.getTime() < now.getTime()) {
      throw PROJECT_ERRORS.BID_DEADLINE_IN_PAST('Bid deadline cannot be in the past', field);
    }
    const shorter = to !== null && (from === null || to.getTime() < from.getTime());
    if (shorter && bidderIds.length > 0) {
      throw PROJECT_ERRORS.BID_DEADLINE_SHORTENED(
        from === null
          ? 'The project has bids: a bid deadline can no longer be set, only extended'
          : `The project has bids: the bid deadline cannot be moved before ${formatDay(from)}`,
      );
    }
    const deadline = this.props.deadline;
    if (to !== null && deadline !== null && deadline.getTime() < to.getTime()) {
      throw PROJECT_ERRORS.DEADLINE_BEFORE_BID_DEADLINE(
        `The bid deadline cannot be after the project deadline (${formatDay(deadline)})`,
        field,
      );
    }
    this.props.bidDeadline = to;
    this.props.updatedAt = now;
    return {
      type: 'bid_deadline_changed',
      ...this.#about(now),
      previousDeadline: from,
      bidDeadline: to,
      recipientIds: [...new Set(bidderIds)].filter((id) => id !== this.props.clientId),
    };
  }

  /** Status active and phase bidding: what deciding on a bid needs (the bid deadline does not matter). */
  #assertOpenForBidding(): void {
    if (this.props.status !== 'active') {
      throw PROJECT_ERRORS.PROJECT_NOT_ACTIVE(`This project is ${this.props.status}`);
    }
    if (this.props.currentPhase !== 'bidding') {
      throw PROJECT_ERRORS.PROJECT_NOT_BIDDING(
        `This project is not accepting bids (phase: ${PHASE_LABELS[this.props.currentPhase]})`,
      );
    }
  }

  #assertOwner(actor: Actor, action: string): void {
    if (actor.id !== this.props.clientId) throw notOwner(action);
  }

  #assertMayDecide(actor: Actor, bid: DecidableBid): void {
    if (actor.id !== this.props.clientId) {
      if (actor.role === 'admin') {
        throw PROJECT_ERRORS.ADMIN_CANNOT_DECIDE('Admins can see bids but cannot accept or decline them');
      }
      throw notOwner('accept or decline its bids');
    }
    if (bid.projectId !== this.props.id) {
      throw BID_ERRORS.BID_NOT_ON_PROJECT();
    }
    if (bid.status === 'withdrawn') throw bidWithdrawn();
    if (bid.status !== 'pending') {
      throw BID_ERRORS.BID_NOT_PENDING(`This bid is already ${bid.status}`);
    }
  }

  /**
   * Owner only, while active and not yet awarded. Returns the stored files the edit dropped. A changed
   * bid deadline follows changeBidDeadline's rules (`bidderIds`: who bid; they are told).
   */
  edit(actor: Actor, changes: EditProjectChanges, now: Date, bidderIds: readonly string[] = []): EditResult {
    this.#assertOwner(actor, 'edit it');
    if (!isEditable(this.props)) {
      throw PROJECT_ERRORS.PROJECT_NOT_EDITABLE(
        'A project can be edited only while it is active and not yet awarded',
      );
    }
    const current = this.props;
    const details = ProjectDetails.edit(current, changes, now);
    const kept = changes.attachments ?? current.attachments;
    for (const name of kept) {
      if (!current.attachments.includes(name)) {
        throw PROJECT_ERRORS.UNKNOWN_ATTACHMENT(`The project has no file '${name}'`, 'attachments');
      }
    }
    const keptUnique = [...new Set(kept)];
    const newFiles = changes.newFiles ?? [];
    checkProjectFiles(newFiles, keptUnique.length, true);
    const removedAttachments = current.attachments.filter((a) => !keptUnique.includes(a));
    // A moved bid deadline follows changeBidDeadline's rules; a refused edit leaves the project as it was.
    const { bidDeadline, ...otherDetails } = details;
    this.props = { ...current, ...otherDetails, bidDeadline: current.bidDeadline };
    let moved: BidDeadlineChanged | null;
    try {
      moved = this.#moveBidDeadline(bidDeadline, bidderIds, now, 'bidDeadline');
    } catch (error) {
      this.props = current;
      throw error;
    }
    this.props = {
      ...this.props,
      attachments: [...keptUnique, ...newFiles.map((f) => f.name)],
      updatedAt: now,
    };
    return { removedAttachments, events: moved ? [moved] : [] };
  }

  /**
   * Accepts a pending bid: owner only, while the project is active and in bidding. The bid becomes
   * accepted, the project records it and moves to awarded, and every other pending bid is rejected.
   * `otherBids` are the project's other bids (any status; only pending ones change).
   */
  acceptBid(actor: Actor, bid: DecidableBid, otherBids: readonly DecidableBid[], now: Date): DomainEvent[] {
    this.#assertMayDecide(actor, bid);
    this.#assertOpenForBidding();
    const events: DomainEvent[] = [bid.accept(now, this.props.title)];
    for (const other of otherBids) {
      if (other.id !== bid.id && other.projectId === this.props.id && other.status === 'pending') {
        events.push(other.reject(now, this.props.title, 'another_bid_accepted'));
      }
    }
    this.props.acceptedBidId = bid.id;
    this.props.awardedContractorId = bid.contractorId;
    events.push(this.#changePhase('awarded', now));
    return events;
  }

  /** Declines a pending bid: owner only. The bid becomes rejected and its bidder is told. */
  declineBid(actor: Actor, bid: DecidableBid, now: Date): DomainEvent[] {
    this.#assertMayDecide(actor, bid);
    this.props.updatedAt = now;
    return [bid.reject(now, this.props.title, 'declined')];
  }

  /** The owner moves the project on: awarded → in_progress → review → completed. */
  movePhase(actor: Actor, to: string, now: Date): DomainEvent[] {
    this.#assertOwner(actor, 'move its phase');
    if (!isProjectPhase(to)) throw PROJECT_ERRORS.UNKNOWN_PHASE(`Unknown phase '${to}'`, 'phase');
    const from = this.props.currentPhase;
    if (phaseTransition(from, to) !== 'owner_move') throw invalidPhaseTransition(from, to);
    if (this.props.status !== 'active') {
      throw PROJECT_ERRORS.PROJECT_NOT_ACTIVE(`This project is ${this.props.status}`);
    }
    const events: DomainEvent[] = [this.#changePhase(to, now)];
    if (to === 'completed') {
      this.props.status = 'completed';
      const contractorId = this.props.awardedContractorId;
      if (contractorId !== null) {
        const completed: ProjectCompleted = {
          type: 'project_completed',
          ...this.#about(now),
          recipientId: contractorId,
          services: [...this.props.services],
        };
        events.push(completed);
      }
    }
    return events;
  }

  /** The owner cancels an active project (any phase before completion). Its pending bids are rejected. */
  cancel(actor: Actor, bids: readonly DecidableBid[], now: Date): DomainEvent[] {
    this.#assertOwner(actor, 'cancel it');
    if (this.props.status !== 'active') {
      throw PROJECT_ERRORS.PROJECT_NOT_CANCELLABLE(`A ${this.props.status} project cannot be cancelled`);
    }
    this.props.status = 'cancelled';
    this.props.updatedAt = now;
    const cancelled: ProjectCancelled = {
      type: 'project_cancelled',
      ...this.#about(now),
      awardedContractorId: this.props.awardedContractorId,
    };
    const events: DomainEvent[] = [cancelled];
    for (const bid of bids) {
      if (bid.projectId === this.props.id && bid.status === 'pending') {
        events.push(bid.reject(now, this.props.title, 'project_cancelled') satisfies BidRejected);
      }
    }
    return events;
  }

  /** Owner only. Deleting is permanent; the use case removes the bids and files with it. */
  delete(actor: Actor, bidderIds: readonly string[], now: Date): ProjectDeleted {
    this.#assertOwner(actor, 'delete it');
    return {
      type: 'project_deleted',
      ...this.#about(now),
      recipientIds: [...new Set(bidderIds)].filter((id) => id !== this.props.clientId),
      attachments: [...this.props.attachments],
    };
  }

  #changePhase(to: ProjectPhase, now: Date): ProjectPhaseChanged {
    const from = this.props.currentPhase;
    this.props.currentPhase = to;
    this.props.phaseStartDate = now;
    this.props.updatedAt = now;
    return {
      type: 'project_phase_changed',
      ...this.#about(now),
      awardedContractorId: this.props.awardedContractorId,
      from,
      to,
    };
  }

  protected override copy(props: ProjectSnapshot): ProjectSnapshot {
    return cloneSnapshot(props);
  }

  /** What every event about the project's own course says (ProjectEventBase). */
  #about(now: Date) {
    return {
      occurredAt: now,
      projectId: this.props.id,
      projectTitle: this.props.title,
      ownerId: this.props.clientId,
    };
  }
}

function cloneSnapshot(s: ProjectSnapshot): ProjectSnapshot {
  return {
    ...s,
    attachments: [...s.attachments],
    tags: [...s.tags],
    services: [...s.services],
    servicePhases: [...s.servicePhases],
    contractorNeeds: [...s.contractorNeeds],
    phases: [...s.phases],
  };
}
