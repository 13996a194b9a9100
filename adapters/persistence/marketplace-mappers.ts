import { BID_STATUSES, type BidSnapshot, type BidStatus } from '../../domain/bid/bid.ts';
import {
  isProjectPhase,
  isProjectStatus,
  type ProjectPhase,
  type ProjectStatus,
} from '../../domain/project/phase.ts';
import type { ProjectSnapshot } from '../../domain/project/project.ts';
import type { ReviewSnapshot } from '../../domain/review/review.ts';
import { Money } from '../../domain/shared/money.ts';
import type { BidRecord, ProjectRecord, ReviewRecord, StoredAttachment } from './entities.ts';

/** Ids are uuid columns: a malformed id (from a URL, say) cannot match and must not reach PostgreSQL. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(id: string): boolean {
  return UUID_PATTERN.test(id);
}

/** numeric(10,2) text ('5000.00') -> cents, without floating point. */
export function decimalToCents(value: string | number): number {
  return Money.parse(typeof value === 'number' ? value.toFixed(2) : value).cents;
}

/** cents -> numeric(10,2) text. */
export function centsToDecimalText(cents: number): string {
  return Money.fromCents(cents).toDecimalString();
}

function nullableCentsToDecimal(cents: number | null): string | null {
  return cents === null ? null : centsToDecimalText(cents);
}

function nullableDecimalToCents(value: string | number | null | undefined): number | null {
  return value === null || value === undefined ? null : decimalToCents(value);
}

function projectStatus(id: string, value: string): ProjectStatus {
  if (!isProjectStatus(value)) throw new Error(`projects.status of ${id} holds unknown status '${value}'`);
  return value;
}

function projectPhase(id: string, value: string): ProjectPhase {
  if (!isProjectPhase(value))
    throw new Error(`projects.current_phase of ${id} holds unknown phase '${value}'`);
  return value;
}

function bidStatus(id: string, value: string): BidStatus {
  if (!(BID_STATUSES as readonly string[]).includes(value)) {
    throw new Error(`bids.status of ${id} holds unknown status '${value}'`);
  }
  return value as BidStatus;
}

const toDate = (value: Date | string) => new Date(value);
const toNullableDate = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : new Date(value);

/** The columns of a `projects` row that the ORM writes (the search vector is generated; the counts are SqlProjectEngagement's). */
export type ProjectRow = Omit<ProjectRecord, 'searchVector' | 'viewCount' | 'saveCount'>;

/** A `projects` row (as the ORM or a raw query with the same column aliases reads it) -> the snapshot. */
export function projectRowToSnapshot(row: ProjectRow): ProjectSnapshot {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    projectType: row.projectType ?? null,
    category: row.category,
    location: row.location ?? null,
    country: row.country,
    island: row.island ?? null,
    city: row.city ?? null,
    budgetMinCents: nullableDecimalToCents(row.budgetMin),
    budgetMaxCents: nullableDecimalToCents(row.budgetMax),
    status: projectStatus(row.id, row.status),
    clientId: row.clientId,
    attachments: (row.attachments ?? []).map((file) => file.name),
    tags: [...(row.tags ?? [])],
    services: [...(row.services ?? [])],
    servicePhases: [...(row.servicePhases ?? [])],
    projectStage: row.projectStage ?? null,
    contractorNeeds: [...(row.contractorNeeds ?? [])],
    phases: [...(row.phases ?? [])],
    generalContractor: row.generalContractor,
    deadline: toNullableDate(row.deadline),
    bidDeadline: toNullableDate(row.bidDeadline),
    currentPhase: projectPhase(row.id, row.currentPhase),
    phaseStartDate: toDate(row.phaseStartDate),
    acceptedBidId: row.acceptedBidId ?? null,
    awardedContractorId: row.awardedContractorId ?? null,
    createdAt: toDate(row.createdAt),
    updatedAt: toDate(row.updatedAt),
  };
}

/**
 * The snapshot -> the column values. The aggregate keeps only the stored file names; `previous` (the
 * row's current attachments) keeps the details (original name, type, size) of the files still attached.
 */
export function projectSnapshotToRow(
  s: ProjectSnapshot,
  previous: readonly StoredAttachment[] = [],
): ProjectRow {
  return {
    id: s.id,
    title: s.title,
    description: s.description,
    projectType: s.projectType,
    category: s.category,
    location: s.location,
    country: s.country,
    island: s.island,
    city: s.city,
    budgetMin: nullableCentsToDecimal(s.budgetMinCents),
    budgetMax: nullableCentsToDecimal(s.budgetMaxCents),
    status: s.status,
    clientId: s.clientId,
    attachments: s.attachments.map((name) => previous.find((file) => file.name === name) ?? { name }),
    tags: [...s.tags],
    services: [...s.services],
    servicePhases: [...s.servicePhases],
    projectStage: s.projectStage,
    contractorNeeds: [...s.contractorNeeds],
    phases: [...s.phases],
    generalContractor: s.generalContractor,
    deadline: s.deadline === null ? null : new Date(s.deadline),
    bidDeadline: s.bidDeadline === null ? null : new Date(s.bidDeadline),
    currentPhase: s.currentPhase,
    phaseStartDate: new Date(s.phaseStartDate),
    acceptedBidId: s.acceptedBidId,
    awardedContractorId: s.awardedContractorId,
    createdAt: new Date(s.createdAt),
    updatedAt: new Date(s.updatedAt),
  };
}

export function bidRowToSnapshot(row: BidRecord): BidSnapshot {
  return {
    id: row.id,
    projectId: row.projectId,
    contractorId: row.contractorId,
    amountCents: decimalToCents(row.amount),
    timeline: row.timeline,
    proposal: row.proposal,
    status: bidStatus(row.id, row.status),
    createdAt: toDate(row.createdAt),
    updatedAt: toDate(row.updatedAt),
  };
}

export function bidSnapshotToRow(s: BidSnapshot): BidRecord {
  return {
    id: s.id,
    projectId: s.projectId,
    contractorId: s.contractorId,
    amount: centsToDecimalText(s.amountCents),
    timeline: s.timeline,
    proposal: s.proposal,
    status: s.status,
    createdAt: new Date(s.createdAt),
    updatedAt: new Date(s.updatedAt),
  };
}

export function reviewRowToSnapshot(row: ReviewRecord): ReviewSnapshot {
  return {
    id: row.id,
    projectId: row.projectId ?? null,
    reviewerId: row.reviewerId,
    revieweeId: row.revieweeId,
    rating: row.rating,
    comment: row.comment ?? null,
    createdAt: toDate(row.createdAt),
  };
}

export function reviewSnapshotToRow(s: ReviewSnapshot): ReviewRecord {
  return {
    id: s.id,
    projectId: s.projectId,
    reviewerId: s.reviewerId,
    revieweeId: s.revieweeId,
    rating: s.rating,
    comment: s.comment,
    createdAt: new Date(s.createdAt),
  };
}
