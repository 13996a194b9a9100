import { BID_ERRORS } from '../bid/errors.ts';
import { findIsland, findTown } from '../catalog/bahamas.ts';
import { DEFAULT_PROJECT_COUNTRY, findCountry } from '../catalog/countries.ts';
import {
  canonicalCategory,
  isContractorNeed,
  isPhaseGroup,
  isProjectStage,
  isProjectType,
  isServicePhase,
  POST_FORM_CATEGORY,
} from '../catalog/projects.ts';
import { isKnownServiceId } from '../catalog/service-types.ts';
import { ConflictError, type PermissionError, ValidationError } from '../shared/errors.ts';
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
import { Money } from '../shared/money.ts';
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

export const TITLE_MIN_LENGTH = 5;
export const TITLE_MAX_LENGTH = 255;
export const DESCRIPTION_MIN_LENGTH = 20;
export const DESCRIPTION_MAX_LENGTH = 10_000;
export const MAX_TAGS = 5;
export const TAG_MAX_LENGTH = 50;
export const CATEGORY_MAX_LENGTH = 100;
export const LOCATION_MAX_LENGTH = 255;
export const PLACE_MAX_LENGTH = 100;

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
 * A withdrawn bid (its bidder deleted their account, issue 23) is never accepted, declined or edited: 409
 * BID_WITHDRAWN. Here so both Project and Bid throw the same error.
 */
export function bidWithdrawn(): ConflictError {
  return PROJECT_ERRORS.BID_WITHDRAWN(
    'This bid was withdrawn: its bidder deleted their account, so it can no longer be accepted or declined',
  );
}

/** Who is acting: the signed-in user (a User satisfies this). */
export interface Actor {
  readonly id: string;
  readonly role: Role;
}

export interface ProjectSnapshot {
  id: string;
  title: string;
  description: string;
  projectType: string | null;
  category: string;
  location: string | null;
  country: string;
  island: string | null;
  city: string | null;
  budgetMinCents: number | null;
  budgetMaxCents: number | null;
  status: ProjectStatus;
  clientId: string;
  /** Stored file names, served at /uploads/{name}. */
  attachments: string[];
  tags: string[];
  services: string[];
  servicePhases: string[];
  projectStage: string | null;
  contractorNeeds: string[];
  phases: string[];
  generalContractor: boolean;
  deadline: Date | null;
  bidDeadline: Date | null;
  currentPhase: ProjectPhase;
  phaseStartDate: Date;
  acceptedBidId: string | null;
  /** The bidder of the accepted bid. Kept with acceptedBidId so completion and reviews need no join. */
  awardedContractorId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The fields of the post and edit forms. On edit, a field left undefined keeps its value. */
export interface ProjectDetailsInput {
  title?: string;
  description?: string;
  projectType?: string | null;
  category?: string | null;
  location?: string | null;
  country?: string;
  island?: string | null;
  city?: string | null;
  /** A number or a decimal string with at most 2 decimals; null or '' means negotiable. */
  budgetMin?: number | string | null;
  budgetMax?: number | string | null;
  projectStage?: string | null;
  contractorNeeds?: string[];
  phases?: string[];
  generalContractor?: boolean;
  services?: string[];
  servicePhases?: string[];
  tags?: string[];
  deadline?: Date | null;
  bidDeadline?: Date | null;
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

type Details = Omit<
  ProjectSnapshot,
  | 'id'
  | 'status'
  | 'clientId'
  | 'attachments'
  | 'currentPhase'
  | 'phaseStartDate'
  | 'acceptedBidId'
  | 'awardedContractorId'
  | 'createdAt'
  | 'updatedAt'
>;

function invalid(code: string, message: string, field: string): ValidationError {
  return new ValidationError(code, message, field);
}

function cleanOptionalText(value: string | null | undefined, max: number, field: string): string | null {
  const text = (value ?? '').trim();
  if (text.length > max) throw invalid('TEXT_TOO_LONG', `${field} must be at most ${max} characters`, field);
  return text === '' ? null : text;
}

/** Trims, drops duplicates and checks each value against a catalogue. */
function cleanList(
  values: readonly string[] | undefined,
  isKnown: (v: string) => boolean,
  code: string,
  what: string,
  field: string,
): string[] {
  const out: string[] = [];
  for (const raw of values ?? []) {
    const value = raw.trim();
    if (!isKnown(value)) throw invalid(code, `Unknown ${what} '${raw}'`, field);
    if (!out.includes(value)) out.push(value);
  }
  return out;
}

/** Tags: trimmed, non-empty, no duplicates (ignoring case), at most 5, each at most 50 characters. */
export function cleanTags(tags: readonly string[] | undefined): string[] {
  const out: string[] = [];
  for (const raw of tags ?? []) {
    const tag = raw.trim();
    if (tag === '') throw invalid('EMPTY_TAG', 'Tags cannot be empty', 'tags');
    if (tag.length > TAG_MAX_LENGTH) {
      throw invalid('TAG_TOO_LONG', `Tags must be at most ${TAG_MAX_LENGTH} characters`, 'tags');
    }
    if (out.some((t) => t.toLowerCase() === tag.toLowerCase())) {
      throw invalid('DUPLICATE_TAG', `Duplicate tag '${tag}'`, 'tags');
    }
    out.push(tag);
  }
  if (out.length > MAX_TAGS) throw invalid('TOO_MANY_TAGS', `At most ${MAX_TAGS} tags allowed`, 'tags');
  return out;
}

function parseBudget(value: number | string | null | undefined, field: string): number | null {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === ''))
    return null;
  return Money.parse(value, field).cents;
}

function checkDate(value: Date | null | undefined, field: string): Date | null {
  if (value === null || value === undefined) return null;
  if (Number.isNaN(value.getTime())) throw invalid('INVALID_DATE', `${field} is not a valid date`, field);
  return value;
}

/** Validates the whole set of form fields. `changed` says which dates were set now (only those may not be past). */
function validateDetails(
  input: ProjectDetailsInput,
  now: Date,
  changed: { deadline: boolean; bidDeadline: boolean },
): Details {
  const title = (input.title ?? '').trim();
  if (title.length < TITLE_MIN_LENGTH) {
    throw invalid('TITLE_TOO_SHORT', `Title must be at least ${TITLE_MIN_LENGTH} characters`, 'title');
  }
  if (title.length > TITLE_MAX_LENGTH) {
    throw invalid('TITLE_TOO_LONG', `Title must be at most ${TITLE_MAX_LENGTH} characters`, 'title');
  }
  const description = (input.description ?? '').trim();
  if (description.length < DESCRIPTION_MIN_LENGTH) {
    throw invalid(
      'DESCRIPTION_TOO_SHORT',
      `Description must be at least ${DESCRIPTION_MIN_LENGTH} characters`,
      'description',
    );
  }
  if (description.length > DESCRIPTION_MAX_LENGTH) {
    throw invalid(
      'DESCRIPTION_TOO_LONG',
      `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters`,
      'description',
    );
  }

  const projectStage = (input.projectStage ?? '').trim();
  if (projectStage === '') throw invalid('STAGE_REQUIRED', 'Please select a project stage', 'projectStage');
  if (!isProjectStage(projectStage)) {
    throw invalid('UNKNOWN_STAGE', `Unknown project stage '${projectStage}'`, 'projectStage');
  }
  const contractorNeeds = cleanList(
    input.contractorNeeds,
    isContractorNeed,
    'UNKNOWN_CONTRACTOR_NEED',
    'contractor need',
    'contractorNeeds',
  );
  if (contractorNeeds.length === 0) {
    throw invalid('NEEDS_REQUIRED', 'Please select at least one contractor need', 'contractorNeeds');
  }
  const phases = cleanList(input.phases, isPhaseGroup, 'UNKNOWN_PHASE', 'construction phase', 'phases');
  if (phases.length === 0) {
    throw invalid('PHASES_REQUIRED', 'Please select at least one construction phase', 'phases');
  }
  const services = cleanList(input.services, isKnownServiceId, 'UNKNOWN_SERVICE', 'service', 'services');
  const servicePhases = cleanList(
    input.servicePhases,
    isServicePhase,
    'UNKNOWN_SERVICE_PHASE',
    'service phase',
    'servicePhases',
  );

  const projectType = cleanOptionalText(input.projectType, 50, 'projectType');
  if (projectType !== null && !isProjectType(projectType)) {
    throw invalid('UNKNOWN_PROJECT_TYPE', `Unknown project type '${projectType}'`, 'projectType');
  }
  const typedCategory = cleanOptionalText(input.category, CATEGORY_MAX_LENGTH, 'category');
  const category = typedCategory === null ? POST_FORM_CATEGORY : canonicalCategory(typedCategory);

  const country = (input.country ?? '').trim().toUpperCase();
  if (country === '') throw invalid('COUNTRY_REQUIRED', 'Please select a country', 'country');
  const countryInfo = findCountry(country);
  if (!countryInfo) throw invalid('UNKNOWN_COUNTRY', `Unknown country code '${input.country}'`, 'country');
  const typedIsland = cleanOptionalText(input.island, PLACE_MAX_LENGTH, 'island');
  const typedCity = cleanPlaceName(cleanOptionalText(input.city, PLACE_MAX_LENGTH, 'city'));
  const { island, city } =
    country === 'BS' ? bahamianPlace(typedIsland, typedCity) : { island: typedIsland, city: typedCity };
  const location =
    cleanOptionalText(input.location, LOCATION_MAX_LENGTH, 'location') ??
    [city, island, countryInfo.name].filter(Boolean).join(', ');

  const budgetMinCents = parseBudget(input.budgetMin, 'budgetMin');
  const budgetMaxCents = parseBudget(input.budgetMax, 'budgetMax');
  if (budgetMinCents !== null && budgetMaxCents !== null && budgetMinCents > budgetMaxCents) {
    throw invalid(
      'BUDGET_RANGE_INVALID',
      'Minimum budget cannot be greater than maximum budget',
      'budgetMin',
    );
  }

  const bidDeadline = checkDate(input.bidDeadline, 'bidDeadline');
  if (bidDeadline && changed.bidDeadline && bidDeadline.getTime() < now.getTime()) {
    throw invalid('BID_DEADLINE_IN_PAST', 'Bid deadline cannot be in the past', 'bidDeadline');
  }
  const deadline = checkDate(input.deadline, 'deadline');
  if (deadline && changed.deadline && deadline.getTime() < now.getTime()) {
    throw invalid('DEADLINE_IN_PAST', 'Project deadline cannot be in the past', 'deadline');
  }
  if (deadline && bidDeadline && deadline.getTime() < bidDeadline.getTime()) {
    throw invalid(
      'DEADLINE_BEFORE_BID_DEADLINE',
      'Project deadline cannot be before the bid deadline',
      'deadline',
    );
  }

  return {
    title,
    description,
    projectType,
    category,
    location,
    country,
    island,
    city,
    budgetMinCents,
    budgetMaxCents,
    tags: cleanTags(input.tags),
    services,
    servicePhases,
    projectStage,
    contractorNeeds,
    phases,
    generalContractor: input.generalContractor ?? false,
    deadline,
    bidDeadline,
  };
}

/**
 * A town as stored: inner spaces collapsed. Any name with a letter is a town (the catalogue's towns are
 * suggestions: issue 18); one without letters is refused.
 */
function cleanPlaceName(city: string | null): string | null {
  if (city === null) return null;
  const name = city.replace(/\s+/g, ' ');
  if (!/\p{L}/u.test(name)) {
    throw invalid('INVALID_CITY', `'${name}' is not a town name: use letters`, 'city');
  }
  // All lower or all upper case ('spanish wells', 'PALMDALE') reads as a name: capitalise each word.
  // Mixed case is the writer's choice ("McLean's Town") and kept.
  if (name === name.toLowerCase() || name === name.toUpperCase()) {
    return name
      .toLowerCase()
      .replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase());
  }
  return name;
}

/**
 * The island must be one of the Bahamas' (any case); the town may be any name, and a suggested town of
 * the catalogue is written as the catalogue writes it ('nassau' is stored as 'Nassau').
 */
function bahamianPlace(
  island: string | null,
  city: string | null,
): { island: string | null; city: string | null } {
  if (island === null) return { island, city: city === null ? null : (findTown(city) ?? city) };
  const found = findIsland(island);
  if (!found) throw invalid('UNKNOWN_ISLAND', `Unknown island '${island}'`, 'island');
  return { island: found.name, city: city === null ? null : (findTown(city, found) ?? city) };
}

function notOwner(action: string): PermissionError {
  return PROJECT_ERRORS.NOT_PROJECT_OWNER(`Only the project owner can ${action}`);
}

/**
 * The Project aggregate (projects-and-bids sections 3 and 4). Mutating methods check who acts and
 * the state, change the project (and the bids handed to them) and return the domain events to publish.
 */
export class Project {
  #props: ProjectSnapshot;

  private constructor(props: ProjectSnapshot) {
    this.#props = props;
  }

  /** Posting publishes: the project starts active in the bidding phase. Only clients post. */
  static post(input: PostProjectProps): { project: Project; events: DomainEvent[] } {
    if (input.owner.role !== 'client') {
      throw PROJECT_ERRORS.CLIENTS_ONLY();
    }
    const files = input.files ?? [];
    const details = validateDetails(
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

  get id(): string {
    return this.#props.id;
  }
  get title(): string {
    return this.#props.title;
  }
  get clientId(): string {
    return this.#props.clientId;
  }
  get status(): ProjectStatus {
    return this.#props.status;
  }
  get currentPhase(): ProjectPhase {
    return this.#props.currentPhase;
  }
  get acceptedBidId(): string | null {
    return this.#props.acceptedBidId;
  }
  get awardedContractorId(): string | null {
    return this.#props.awardedContractorId;
  }
  get attachments(): readonly string[] {
    return [...this.#props.attachments];
  }
  get createdAt(): Date {
    return this.#props.createdAt;
  }
  get bidDeadline(): Date | null {
    return this.#props.bidDeadline;
  }

  isOwnedBy(userId: string): boolean {
    return this.#props.clientId === userId;
  }

  /** Bids are taken while the status is active, the phase is bidding and the bid deadline (if any) has not passed. */
  isTakingBids(now: Date): boolean {
    // The same rule as assertTakingBids, without building an error for every closed project a page shows.
    return biddingClosedReason(this.#props, now) === null;
  }

  assertTakingBids(now: Date): void {
    this.#assertOpenForBidding();
    const deadline = this.#props.bidDeadline;
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
   * The owner moves the bid deadline (issue 13, decision 0130): never into the past, and never earlier
   * (nor from none to one) while the project has bids. Works after the deadline passed, which reopens
   * bidding. `bidderIds` are the users who bid on the project; they are told.
   */
  changeBidDeadline(actor: Actor, to: Date, bidderIds: readonly string[], now: Date): BidDeadlineChanged {
    this.assertMayChangeBidding(actor, 'change its bid deadline');
    const event = this.#moveBidDeadline(to, bidderIds, now, 'bidDeadline');
    if (!event) {
      throw invalid(
        'BID_DEADLINE_UNCHANGED',
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
    const from = this.#props.bidDeadline;
    if (to !== null && Number.isNaN(to.getTime())) {
      throw invalid('INVALID_DATE', 'bidDeadline is not a valid date', field);
    }
    if (sameDate(to, from)) return null;
    if (to !== null && to.getTime() < now.getTime()) {
      throw invalid('BID_DEADLINE_IN_PAST', 'Bid deadline cannot be in the past', field);
    }
    const shorter = to !== null && (from === null || to.getTime() < from.getTime());
    if (shorter && bidderIds.length > 0) {
      throw new ConflictError(
        'BID_DEADLINE_SHORTENED',
        from === null
          ? 'The project has bids: a bid deadline can no longer be set, only extended'
          : `The project has bids: the bid deadline cannot be moved before ${formatDay(from)}`,
      );
    }
    const deadline = this.#props.deadline;
    if (to !== null && deadline !== null && deadline.getTime() < to.getTime()) {
      throw invalid(
        'DEADLINE_BEFORE_BID_DEADLINE',
        `The bid deadline cannot be after the project deadline (${formatDay(deadline)})`,
        field,
      );
    }
    this.#props.bidDeadline = to;
    this.#props.updatedAt = now;
    return {
      type: 'bid_deadline_changed',
      occurredAt: now,
      projectId: this.#props.id,
      projectTitle: this.#props.title,
      ownerId: this.#props.clientId,
      previousDeadline: from,
      bidDeadline: to,
      recipientIds: [...new Set(bidderIds)].filter((id) => id !== this.#props.clientId),
    };
  }

  /** Status active and phase bidding: what deciding on a bid needs (the bid deadline does not matter). */
  #assertOpenForBidding(): void {
    if (this.#props.status !== 'active') {
      throw PROJECT_ERRORS.PROJECT_NOT_ACTIVE(`This project is ${this.#props.status}`);
    }
    if (this.#props.currentPhase !== 'bidding') {
      throw PROJECT_ERRORS.PROJECT_NOT_BIDDING(
        `This project is not accepting bids (phase: ${PHASE_LABELS[this.#props.currentPhase]})`,
      );
    }
  }

  #assertOwner(actor: Actor, action: string): void {
    if (actor.id !== this.#props.clientId) throw notOwner(action);
  }

  #assertMayDecide(actor: Actor, bid: DecidableBid): void {
    if (actor.id !== this.#props.clientId) {
      if (actor.role === 'admin') {
        throw PROJECT_ERRORS.ADMIN_CANNOT_DECIDE('Admins can see bids but cannot accept or decline them');
      }
      throw notOwner('accept or decline its bids');
    }
    if (bid.projectId !== this.#props.id) {
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
    if (!isEditable(this.#props)) {
      throw PROJECT_ERRORS.PROJECT_NOT_EDITABLE(
        'A project can be edited only while it is active and not yet awarded',
      );
    }
    const current = this.#props;
    const details = validateDetails(
      {
        title: current.title,
        description: current.description,
        projectType: current.projectType,
        category: current.category,
        location: current.location,
        country: current.country,
        island: current.island,
        city: current.city,
        budgetMin: centsToInput(current.budgetMinCents),
        budgetMax: centsToInput(current.budgetMaxCents),
        projectStage: current.projectStage,
        contractorNeeds: current.contractorNeeds,
        phases: current.phases,
        generalContractor: current.generalContractor,
        services: current.services,
        servicePhases: current.servicePhases,
        tags: current.tags,
        deadline: current.deadline,
        bidDeadline: current.bidDeadline,
        ...definedOnly(changes),
      },
      now,
      {
        deadline: changes.deadline !== undefined && !sameDate(changes.deadline, current.deadline),
        bidDeadline: changes.bidDeadline !== undefined && !sameDate(changes.bidDeadline, current.bidDeadline),
      },
    );
    const kept = changes.attachments ?? current.attachments;
    for (const name of kept) {
      if (!current.attachments.includes(name)) {
        throw invalid('UNKNOWN_ATTACHMENT', `The project has no file '${name}'`, 'attachments');
      }
    }
    const keptUnique = [...new Set(kept)];
    const newFiles = changes.newFiles ?? [];
    checkProjectFiles(newFiles, keptUnique.length, true);
    const removedAttachments = current.attachments.filter((a) => !keptUnique.includes(a));
    // A moved bid deadline follows changeBidDeadline's rules; a refused edit leaves the project as it was.
    const { bidDeadline, ...otherDetails } = details;
    this.#props = { ...current, ...otherDetails, bidDeadline: current.bidDeadline };
    let moved: BidDeadlineChanged | null;
    try {
      moved = this.#moveBidDeadline(bidDeadline, bidderIds, now, 'bidDeadline');
    } catch (error) {
      this.#props = current;
      throw error;
    }
    this.#props = {
      ...this.#props,
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
    const events: DomainEvent[] = [bid.accept(now, this.#props.title)];
    for (const other of otherBids) {
      if (other.id !== bid.id && other.projectId === this.#props.id && other.status === 'pending') {
        events.push(other.reject(now, this.#props.title, 'another_bid_accepted'));
      }
    }
    this.#props.acceptedBidId = bid.id;
    this.#props.awardedContractorId = bid.contractorId;
    events.push(this.#changePhase('awarded', now));
    return events;
  }

  /** Declines a pending bid: owner only. The bid becomes rejected and its bidder is told. */
  declineBid(actor: Actor, bid: DecidableBid, now: Date): DomainEvent[] {
    this.#assertMayDecide(actor, bid);
    this.#props.updatedAt = now;
    return [bid.reject(now, this.#props.title, 'declined')];
  }

  /** The owner moves the project on: awarded → in_progress → review → completed. */
  movePhase(actor: Actor, to: string, now: Date): DomainEvent[] {
    this.#assertOwner(actor, 'move its phase');
    if (!isProjectPhase(to)) throw invalid('UNKNOWN_PHASE', `Unknown phase '${to}'`, 'phase');
    const from = this.#props.currentPhase;
    if (phaseTransition(from, to) !== 'owner_move') throw invalidPhaseTransition(from, to);
    if (this.#props.status !== 'active') {
      throw PROJECT_ERRORS.PROJECT_NOT_ACTIVE(`This project is ${this.#props.status}`);
    }
    const events: DomainEvent[] = [this.#changePhase(to, now)];
    if (to === 'completed') {
      this.#props.status = 'completed';
      const contractorId = this.#props.awardedContractorId;
      if (contractorId !== null) {
        const completed: ProjectCompleted = {
          type: 'project_completed',
          occurredAt: now,
          projectId: this.#props.id,
          projectTitle: this.#props.title,
          ownerId: this.#props.clientId,
          recipientId: contractorId,
          services: [...this.#props.services],
        };
        events.push(completed);
      }
    }
    return events;
  }

  /** The owner cancels an active project (any phase before completion). Its pending bids are rejected. */
  cancel(actor: Actor, bids: readonly DecidableBid[], now: Date): DomainEvent[] {
    this.#assertOwner(actor, 'cancel it');
    if (this.#props.status !== 'active') {
      throw PROJECT_ERRORS.PROJECT_NOT_CANCELLABLE(`A ${this.#props.status} project cannot be cancelled`);
    }
    this.#props.status = 'cancelled';
    this.#props.updatedAt = now;
    const cancelled: ProjectCancelled = {
      type: 'project_cancelled',
      occurredAt: now,
      projectId: this.#props.id,
      projectTitle: this.#props.title,
      ownerId: this.#props.clientId,
      awardedContractorId: this.#props.awardedContractorId,
    };
    const events: DomainEvent[] = [cancelled];
    for (const bid of bids) {
      if (bid.projectId === this.#props.id && bid.status === 'pending') {
        events.push(bid.reject(now, this.#props.title, 'project_cancelled') satisfies BidRejected);
      }
    }
    return events;
  }

  /** Owner only. Deleting is permanent; the use case removes the bids and files with it. */
  delete(actor: Actor, bidderIds: readonly string[], now: Date): ProjectDeleted {
    this.#assertOwner(actor, 'delete it');
    return {
      type: 'project_deleted',
      occurredAt: now,
      projectId: this.#props.id,
      projectTitle: this.#props.title,
      ownerId: this.#props.clientId,
      recipientIds: [...new Set(bidderIds)].filter((id) => id !== this.#props.clientId),
      attachments: [...this.#props.attachments],
    };
  }

  #changePhase(to: ProjectPhase, now: Date): ProjectPhaseChanged {
    const from = this.#props.currentPhase;
    this.#props.currentPhase = to;
    this.#props.phaseStartDate = now;
    this.#props.updatedAt = now;
    return {
      type: 'project_phase_changed',
      occurredAt: now,
      projectId: this.#props.id,
      projectTitle: this.#props.title,
      ownerId: this.#props.clientId,
      awardedContractorId: this.#props.awardedContractorId,
      from,
      to,
    };
  }

  toSnapshot(): ProjectSnapshot {
    return cloneSnapshot(this.#props);
  }
}

/** The changes that were given: an undefined field keeps the current value. */
function definedOnly(changes: EditProjectChanges): ProjectDetailsInput {
  const { attachments: _kept, newFiles: _new, ...fields } = changes;
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as ProjectDetailsInput;
}

function centsToInput(cents: number | null): string | null {
  return cents === null ? null : Money.fromCents(cents).toDecimalString();
}

function sameDate(a: Date | null, b: Date | null): boolean {
  return (a?.getTime() ?? null) === (b?.getTime() ?? null);
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
