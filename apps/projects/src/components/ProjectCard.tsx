import type { ProjectSummary } from '@buildbid/api-client';
import { distinctServices } from '@buildbid/domain/catalog';
import { biddingClosedReason } from '@buildbid/domain/project';
import {
  formatBudget,
  formatDate,
  formatPostedAgo,
  MessageIcon,
  OwnerBlock,
  PhaseBadge,
  PinIcon,
  ProjectThumbnails,
  placeText,
  ShareIcon,
  Skeleton,
  StatusBadge,
  serviceLabel,
} from '@buildbid/ui';
import { Button, Link } from 'react-aria-components';
import { typeAndCategory } from '../badges.ts';

const CARD_SERVICES = 3;
const CARD_TAGS = 2;
interface Props {
  project: ProjectSummary;
  canBid: boolean;
  /**
   * The viewer's own bid status on this project: null for none, undefined while unknown (no bid button
   * then, rather than one that would fail).
   */
  myBidStatus?: string | null | undefined;
  onBid(project: ProjectSummary): void;
  onMessage(project: ProjectSummary): void;
  /** The Share button: the project's link by the Web Share API or the clipboard (share.ts). */
  onShare(project: ProjectSummary): void;
  /** The signed-in user's id: their own projects get neither Save nor Contact Owner. */
  viewerId?: string;
  /** Whether the viewer saved this project; undefined hides the Save button. */
  saved?: boolean;
  onToggleSave?(project: ProjectSummary): void;
  now?: Date;
}

/** The project card of section 2.2, with the real owner, thumbnails and Save (decisions 0120 and 0122). */
export function ProjectCard({
  project,
  canBid,
  myBidStatus,
  onBid,
  onMessage,
  onShare,
  viewerId,
  saved,
  onToggleSave,
  now,
}: Props) {
  const own = viewerId !== undefined && viewerId === project.clientId;
  const services = distinctServices(project.services ?? []);
  const tags = project.tags ?? [];
  const badges = typeAndCategory(project.projectType, project.category);
  const place = placeText(project);
  const titleId = `project-${project.id}-title`;
  return (
    <article className="card project-card" aria-labelledby={titleId}>
      <div className="project-card-head">
        <h2 id={titleId} className="project-card-title">
          <Link href={`/projects/${project.id}`} className="project-card-link">
            {project.title}
          </Link>
        </h2>
        <PhaseBadge phase={project.currentPhase} bidDeadline={project.bidDeadline} now={now} />
      </div>
      <p className="project-meta muted small">
        {place && (
          <span>
            <PinIcon /> {place}
          </span>
        )}
        <span>Posted {formatPostedAgo(project.createdAt, now)}</span>
        {project.deadline && <span>Due {formatDate(project.deadline)}</span>}
      </p>
      <p className="clamp-2 project-card-description">{project.description}</p>
      {badges.length > 0 && (
        <div className="badge-row">
          {badges.map((b) => (
            <span key={b} className="badge badge-outline">
              {b}
            </span>
          ))}
        </div>
      )}
      {services.length > 0 && (
        <div className="badge-row">
          {services.slice(0, CARD_SERVICES).map((s) => (
            <span key={s} className="badge">
              {serviceLabel(s)}
            </span>
          ))}
          {services.length > CARD_SERVICES && (
            <span className="muted small">+{services.length - CARD_SERVICES} more services</span>
          )}
        </div>
      )}
      {tags.length > 0 && (
        <div className="badge-row">
          {tags.slice(0, CARD_TAGS).map((t) => (
            <span key={t} className="tag">
              #{t}
            </span>
          ))}
          {tags.length > CARD_TAGS && <span className="muted small">+{tags.length - CARD_TAGS} more</span>}
        </div>
      )}
      <p className="project-budget">{formatBudget(project.budgetMin, project.budgetMax)}</p>
      <OwnerBlock owner={project.createdBy} onContact={own ? undefined : () => onMessage(project)} />
      <ProjectThumbnails attachments={project.attachments ?? []} />
      <div className="project-card-actions">
        {canBid && <BidAction project={project} myBidStatus={myBidStatus} onBid={onBid} now={now} />}
        <Link href={`/projects/${project.id}`} className="btn btn-outline">
          View Details
        </Link>
        {!own && saved !== undefined && onToggleSave && (
          <Button
            className={saved ? 'btn btn-secondary' : 'btn btn-outline'}
            aria-pressed={saved}
            aria-label={`${saved ? 'Unsave' : 'Save'} ${project.title}`}
            onPress={() => onToggleSave(project)}
          >
            {saved ? 'Unsave' : 'Save'}
          </Button>
        )}
        <span className="project-card-icons">
          <Button
            className="btn btn-ghost btn-icon"
            aria-label={`Message the owner of ${project.title}`}
            onPress={() => onMessage(project)}
          >
            <MessageIcon />
          </Button>
          <Button
            className="btn btn-ghost btn-icon"
            aria-label={`Share ${project.title}`}
            onPress={() => onShare(project)}
          >
            <ShareIcon />
          </Button>
        </span>
      </div>
    </article>
  );
}

export function SkeletonCard() {
  return (
    <Skeleton
      className="card project-card skeleton-card"
      lines={['title', 'line', 'line', 'line short', 'block']}
    />
  );
}

/**
 * 'Submit Bid' only where the API would take a bid from this contractor (decision 0183): otherwise their own
 * bid's status, or 'Not accepting bids' with the reason.
 */
function BidAction({
  project,
  myBidStatus,
  onBid,
  now,
}: {
  project: ProjectSummary;
  myBidStatus: string | null | undefined;
  onBid(project: ProjectSummary): void;
  now: Date | undefined;
}) {
  if (myBidStatus === undefined) return null;
  if (myBidStatus !== null) {
    return (
      <p className="card-bid-state">
        Your bid: <StatusBadge status={myBidStatus} />
      </p>
    );
  }
  const closed = biddingClosedReason(project, now ?? new Date());
  if (closed) {
    return (
      <p className="card-bid-state">
        <strong>Not accepting bids</strong> <span className="muted small">· {closed}</span>
      </p>
    );
  }
  return (
    <Button className="btn btn-primary" onPress={() => onBid(project)}>
      Submit Bid
    </Button>
  );
}
