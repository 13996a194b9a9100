/** Project detail (section 2.3): the project, Received Bids, the sidebar and the bid dialog. */
import type { ApiUser, RemoteProps } from '@buildbid/api-client';
import { useEffect, useRef, useState } from 'react';
import { Button, Link } from 'react-aria-components';
import { deleteProject, getProject, listProjectBids, setBidStatus } from '../shared/api.ts';
import { BidDialog } from '../shared/BidDialog.tsx';
import { ConfirmDialog } from '../shared/ConfirmDialog.tsx';
import { messageOwner } from '../shared/chat.ts';
import {
  formatAverage,
  formatBudget,
  formatDate,
  formatRating,
  formatUsd,
  personName,
} from '../shared/format.ts';
import { categoryLabel, placeText, projectTypeLabel, serviceLabel, stageLabel } from '../shared/labels.ts';
import { errorText, reportFailure } from '../shared/notify.ts';
import { PhaseBadge, StatusBadge } from '../shared/PhaseBadge.tsx';
import { fileKind } from '../shared/rules.ts';
import type { Project, ProjectAttachment, ProjectBid } from '../shared/types.ts';
import { useLoad } from '../shared/useLoad.ts';

/** Placeholder figures (section 9). */
export const PLACEHOLDER_VIEWS = 142;
export const PLACEHOLDER_SAVED = 8;
export const OWNER_RATING = '5.0';
export const OWNER_REVIEWS = 12;

export function attachmentUrl(a: Pick<ProjectAttachment, 'name' | 'url'>): string {
  return a.url || `/uploads/${encodeURIComponent(a.name)}`;
}

/** An image that fails to load is replaced by a grey placeholder. */
export function ProjectImage({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <div className={`image-fallback ${className ?? ''}`} role="img" aria-label={alt} />;
  return <img src={src} alt={alt} className={className} onError={() => setFailed(true)} loading="lazy" />;
}

function DetailSkeleton() {
  return (
    <div className="detail-grid" aria-busy="true">
      <span className="sr-only" role="status">
        Loading project
      </span>
      <div className="card" aria-hidden="true">
        <div className="skeleton skeleton-title" />
        <div className="skeleton skeleton-line" />
        <div className="skeleton skeleton-line short" />
        <div className="skeleton skeleton-block" />
        <div className="skeleton skeleton-line" />
        <div className="skeleton skeleton-line" />
      </div>
      <div className="card" aria-hidden="true">
        <div className="skeleton skeleton-title" />
        <div className="skeleton skeleton-block" />
      </div>
    </div>
  );
}

export function ProjectNotFound({ children }: { children?: React.ReactNode }) {
  return (
    <div className="card not-found-card">
      <h1 className="page-title">Project Not Found</h1>
      <p className="muted">The project you're looking for doesn't exist.</p>
      {children ?? (
        <Link href="/projects" className="btn btn-primary">
          Back to Projects
        </Link>
      )}
    </div>
  );
}

type Props = RemoteProps & { user: ApiUser; id: string };

export function ProjectDetailPage({ id, user, toast, navigate, openMessages }: Props) {
  const project = useLoad<Project | null>(id, () => getProject(id));
  const p = project.state.data ?? null;
  const isOwner = p !== null && p.clientId === user.id;
  const seesBids = p !== null && (isOwner || user.role === 'admin');
  const bids = useLoad<ProjectBid[]>(seesBids ? `bids:${id}` : null, () => listProjectBids(id));
  const [bidOpen, setBidOpen] = useState(false);
  const [editingBid, setEditingBid] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deciding, setDeciding] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (project.state.status === 'loading') return <DetailSkeleton />;
  if (project.state.status === 'error' && !p) {
    return (
      <div className="card empty-state" role="alert">
        <h1 className="card-title">The project didn't load</h1>
        <p className="muted">{errorText(project.state.error)}</p>
        <Button className="btn btn-primary" onPress={() => void project.reload()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!p) return <ProjectNotFound />;

  const bidList = bids.state.data ?? [];
  const myBid = p.myBid ?? null;
  const canBid = user.role === 'contractor' && p.status === 'active' && p.takingBids && !myBid && !isOwner;
  const place = placeText(p);
  const type = projectTypeLabel(p.projectType);
  const stage = stageLabel(p.projectStage);
  const images = p.attachments.filter((a) => fileKind(a.mimeType || a.name) === 'image');
  const documents = p.attachments.filter((a) => fileKind(a.mimeType || a.name) !== 'image');
  const similar = new URLSearchParams({ category: p.category, country: p.country }).toString();

  async function decide(bidId: string, status: 'accepted' | 'rejected') {
    setDeciding(bidId);
    try {
      await setBidStatus(bidId, status);
      toast({ title: 'Success', description: 'Bid status updated successfully' });
      await Promise.all([bids.reload(), project.reload()]);
    } catch (error) {
      timer.current = reportFailure(error, { toast, navigate });
    } finally {
      setDeciding(null);
    }
  }

  async function remove() {
    setDeleting(true);
    try {
      await deleteProject(id);
    } catch (error) {
      setDeleting(false);
      timer.current = reportFailure(error, { toast, navigate });
      return;
    }
    setDeleteOpen(false);
    toast({ title: 'Project Deleted', description: 'Project deleted successfully' });
    navigate('/projects');
  }

  return (
    <div className="detail">
      <Link href="/projects" className="text-link back-link">
        ← Back to Projects
      </Link>
      <div className="detail-grid">
        <div className="detail-main">
          <article className="card" aria-labelledby="project-title">
            <div className="detail-head">
              <h1 id="project-title" className="page-title">
                {p.title}
              </h1>
              <div className="badge-row">
                <StatusBadge status={p.status} />
                <PhaseBadge phase={p.currentPhase} bidDeadline={p.bidDeadline} />
              </div>
            </div>
            <dl className="facts">
              {place && (
                <div>
                  <dt>Location</dt>
                  <dd>{place}</dd>
                </div>
              )}
              <div>
                <dt>Posted</dt>
                <dd>{formatDate(p.createdAt)}</dd>
              </div>
              <div>
                <dt>Bid deadline</dt>
                <dd>{p.bidDeadline ? formatDate(p.bidDeadline) : 'Open bidding'}</dd>
              </div>
              <div>
                <dt>Project deadline</dt>
                <dd>{p.deadline ? formatDate(p.deadline) : 'Not set'}</dd>
              </div>
              <div>
                <dt>Budget</dt>
                <dd className="project-budget">{formatBudget(p.budgetMin, p.budgetMax)}</dd>
              </div>
              <div>
                <dt>Bids</dt>
                <dd>{p.bidCount}</dd>
              </div>
              {stage && (
                <div>
                  <dt>Stage</dt>
                  <dd>{stage}</dd>
                </div>
              )}
            </dl>
            <div className="badge-row">
              <span className="badge badge-outline">{categoryLabel(p.category)}</span>
              {type && <span className="badge badge-outline">{type}</span>}
              {p.tags.map((t) => (
                <span key={t} className="tag">
                  #{t}
                </span>
              ))}
            </div>
            <h2 className="section-heading">Description</h2>
            <p className="description">{p.description}</p>
            {p.services.length > 0 && (
              <>
                <h2 className="section-heading">Services Required</h2>
                <div className="badge-row">
                  {p.services.map((s) => (
                    <span key={s} className="badge">
                      {serviceLabel(s)}
                    </span>
                  ))}
                </div>
              </>
            )}
            {p.attachments.length > 0 && (
              <>
                <h2 className="section-heading">Project Files</h2>
                {images.length > 0 && (
                  <div className="file-gallery">
                    {images.map((a) => (
                      <a
                        key={a.name}
                        href={attachmentUrl(a)}
                        target="_blank"
                        rel="noreferrer"
                        className="file-thumb"
                      >
                        <ProjectImage src={attachmentUrl(a)} alt={a.originalName || a.name} />
                      </a>
                    ))}
                  </div>
                )}
                {documents.length > 0 && (
                  <ul className="file-list">
                    {documents.map((a) => (
                      <li key={a.name}>
                        <span aria-hidden="true">
                          {fileKind(a.mimeType || a.name) === 'pdf' ? '📕' : '📄'}
                        </span>
                        <a href={attachmentUrl(a)} target="_blank" rel="noreferrer" className="text-link">
                          {a.originalName || a.name}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </>
            )}
          </article>

          {seesBids && (
            <section className="card" aria-labelledby="received-bids">
              <h2 id="received-bids" className="card-title">
                Received Bids ({bidList.length})
              </h2>
              {bids.state.status === 'loading' ? (
                <div className="skeleton skeleton-block" aria-hidden="true" />
              ) : bids.state.status === 'error' && bidList.length === 0 ? (
                <p className="muted" role="alert">
                  {errorText(bids.state.error)}
                </p>
              ) : bidList.length === 0 ? (
                <p className="muted">No bids yet.</p>
              ) : (
                <ul className="bid-list">
                  {bidList.map((b) => (
                    <li key={b.id} className="bid-item">
                      <div className="bid-item-head">
                        <div className="owner-block">
                          {b.contractor.profileImageUrl ? (
                            <img className="avatar" src={b.contractor.profileImageUrl} alt="" />
                          ) : (
                            <span className="avatar" aria-hidden="true">
                              {(b.contractor.firstName?.[0] ?? '') + (b.contractor.lastName?.[0] ?? '') ||
                                '?'}
                            </span>
                          )}
                          <div>
                            <p className="owner-label">{personName(b.contractor, 'Contractor')}</p>
                            <p className="muted small">
                              <span aria-hidden="true">★</span> {formatRating(b.contractor.rating)} (
                              {b.contractor.reviewCount} reviews)
                            </p>
                          </div>
                        </div>
                        <StatusBadge status={b.status} />
                      </div>
                      <p className="bid-figures">
                        <strong>{formatUsd(b.amount)}</strong>
                        <span className="muted"> · {b.timeline} days</span>
                      </p>
                      <p className="description">{b.proposal}</p>
                      {isOwner && b.status === 'pending' && (
                        <div className="actions">
                          <Button
                            className="btn btn-primary"
                            isDisabled={deciding !== null}
                            onPress={() => void decide(b.id, 'accepted')}
                          >
                            Accept
                          </Button>
                          <Button
                            className="btn btn-outline"
                            isDisabled={deciding !== null}
                            onPress={() => void decide(b.id, 'rejected')}
                          >
                            Decline
                          </Button>
                        </div>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          )}
        </div>

        <aside className="detail-side">
          <section className="card" aria-labelledby="owner-title">
            <h2 id="owner-title" className="card-title small-title">
              Project Owner
            </h2>
            <div className="owner-block">
              <span className="avatar" aria-hidden="true">
                {(p.createdBy?.firstName?.[0] ?? 'P') + (p.createdBy?.lastName?.[0] ?? 'O')}
              </span>
              <div>
                <p className="owner-label">{personName(p.createdBy, 'Project Owner')}</p>
                <p className="muted small">
                  <span aria-hidden="true">★</span> {OWNER_RATING} ({OWNER_REVIEWS} reviews)
                </p>
              </div>
            </div>
            {!isOwner && (
              <Button
                className="btn btn-outline btn-block"
                onPress={() => messageOwner(p, { openMessages, toast })}
              >
                Contact Owner
              </Button>
            )}
          </section>

          <section className="card stack" aria-label="Actions">
            {canBid && (
              <Button className="btn btn-primary btn-block" onPress={() => setBidOpen(true)}>
                Submit Bid
              </Button>
            )}
            {myBid && (
              <div className="my-bid">
                <p className="owner-label">Your Bid</p>
                <p>
                  <StatusBadge status={myBid.status} /> <strong>{formatUsd(myBid.amount)}</strong>
                  <span className="muted"> · {myBid.timeline} days</span>
                </p>
                {myBid.status === 'pending' && (
                  <Button
                    className="btn btn-outline btn-block"
                    onPress={() => {
                      setEditingBid(true);
                      setBidOpen(true);
                    }}
                  >
                    Edit Bid
                  </Button>
                )}
              </div>
            )}
            <Button
              className="btn btn-outline btn-block"
              onPress={() => toast({ title: 'Coming Soon', description: 'Saving projects is coming soon.' })}
            >
              Save Project
            </Button>
            <Link href={`/projects?${similar}`} className="btn btn-outline btn-block">
              View Similar
            </Link>
          </section>

          <section className="card" aria-labelledby="stats-title">
            <h2 id="stats-title" className="card-title small-title">
              Project Stats
            </h2>
            <dl className="stats-list">
              <div>
                <dt>Views</dt>
                <dd>{PLACEHOLDER_VIEWS}</dd>
              </div>
              <div>
                <dt>Saved</dt>
                <dd>{PLACEHOLDER_SAVED}</dd>
              </div>
              <div>
                <dt>Bids</dt>
                <dd>{p.bidCount}</dd>
              </div>
              <div>
                <dt>Average bid</dt>
                <dd>
                  {p.averageBid ? formatUsd(p.averageBid) : formatAverage(bidList.map((b) => b.amount))}
                </dd>
              </div>
            </dl>
          </section>

          {isOwner && (
            <section className="card stack" aria-label="Manage project">
              <Link href={`/projects/${p.id}/edit`} className="btn btn-outline btn-block">
                Edit Project
              </Link>
              <Button className="btn btn-danger btn-block" onPress={() => setDeleteOpen(true)}>
                Delete Project
              </Button>
            </section>
          )}
        </aside>
      </div>

      <BidDialog
        project={p}
        isOpen={bidOpen}
        onOpenChange={(open) => {
          setBidOpen(open);
          if (!open) setEditingBid(false);
        }}
        tier={user.subscriptionTier}
        bid={editingBid ? myBid : null}
        toast={toast}
        navigate={navigate}
        onSubmitted={() => {
          void project.reload();
          if (seesBids) void bids.reload();
        }}
      />
      <ConfirmDialog
        isOpen={deleteOpen}
        onOpenChange={setDeleteOpen}
        title="Delete Project?"
        confirmLabel="Delete Project"
        pendingLabel="Deleting..."
        pending={deleting}
        onConfirm={() => void remove()}
      >
        <p>
          This action cannot be undone. This will permanently delete <strong>{p.title}</strong> and remove all
          bids and project data.
        </p>
      </ConfirmDialog>
    </div>
  );
}
