import { Button, Link } from 'react-aria-components';
import { formatBudget, formatDate, formatPostedAgo } from '../shared/format.ts';
import { MessageIcon, PinIcon, ShareIcon } from '../shared/icons.tsx';
import { categoryLabel, placeText, projectTypeLabel, serviceLabel } from '../shared/labels.ts';
import { PhaseBadge } from '../shared/PhaseBadge.tsx';
import type { ProjectSummary } from '../shared/types.ts';

export const CARD_SERVICES = 3;
export const CARD_TAGS = 2;
/** Placeholder owner rating (section 2.2: a fixed rating). */
export const OWNER_PLACEHOLDER_RATING = '5.0';

interface Props {
  project: ProjectSummary;
  canBid: boolean;
  onBid(project: ProjectSummary): void;
  onMessage(project: ProjectSummary): void;
  now?: Date;
}

/** The project card of section 2.2. */
export function ProjectCard({ project, canBid, onBid, onMessage, now }: Props) {
  const services = project.services ?? [];
  const tags = project.tags ?? [];
  const type = projectTypeLabel(project.projectType);
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
      <div className="badge-row">
        {type && <span className="badge badge-outline">{type}</span>}
        {project.category && <span className="badge badge-outline">{categoryLabel(project.category)}</span>}
      </div>
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
      <div className="owner-block">
        <span className="avatar" aria-hidden="true">
          PO
        </span>
        <div>
          <p className="owner-label">Project Owner</p>
          <p className="muted small">
            <span aria-hidden="true">★</span> {OWNER_PLACEHOLDER_RATING}
            <span className="sr-only"> rating</span>
          </p>
        </div>
      </div>
      <div className="image-placeholders" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <div className="project-card-actions">
        {canBid && project.status === 'active' && (
          <Button className="btn btn-primary" onPress={() => onBid(project)}>
            Submit Bid
          </Button>
        )}
        <Link href={`/projects/${project.id}`} className="btn btn-outline">
          View Details
        </Link>
        <span className="project-card-icons">
          <Button
            className="btn btn-ghost btn-icon"
            aria-label={`Message the owner of ${project.title}`}
            onPress={() => onMessage(project)}
          >
            <MessageIcon />
          </Button>
          <Button className="btn btn-ghost btn-icon" aria-label={`Share ${project.title}`}>
            <ShareIcon />
          </Button>
        </span>
      </div>
    </article>
  );
}

export function SkeletonCard() {
  return (
    <div className="card project-card skeleton-card" aria-hidden="true">
      <div className="skeleton skeleton-title" />
      <div className="skeleton skeleton-line" />
      <div className="skeleton skeleton-line" />
      <div className="skeleton skeleton-line short" />
      <div className="skeleton skeleton-block" />
    </div>
  );
}
