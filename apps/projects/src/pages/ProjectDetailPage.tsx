/**
 * Project detail (section 2.3): the project, the sidebar, and the bids team's Received Bids and bid
 * dialog (loaded from the bids remote, see components/BidsSlots.tsx).
 */

import type { ApiUser, Project, ProjectAttachment, ProjectBid, RemoteProps } from '@buildbid/api-client';
import { distinctServices } from '@buildbid/domain/catalog';
import { biddingClosedReason, isEditable } from '@buildbid/domain/project';
import {
  Busy,
  ConfirmDialog,
  errorText,
  formatAverage,
  formatBudget,
  formatDate,
  formatPostedAgo,
  formatUsd,
  LoadFailed,
  messageOwner,
  OwnerBlock,
  PhaseBadge,
  placeText,
  reportFailure,
  Skeleton,
  StatusBadge,
  serviceLabel,
  stageLabel,
  TitledCard,
  useLoad,
} from '@buildbid/ui';
import { useEffect, useRef, useState } from 'react';
import { Button, Link } from 'react-aria-components';
import { deleteProject, getProject, saveProject, unsaveProject } from '../api.ts';
import { showsPhaseBadge, typeAndCategory } from '../badges.ts';
import { BidDialogSlot, ReceivedBidsSlot } from '../components/BidsSlots.tsx';
import { ProjectProgress } from '../components/ProjectProgress.tsx';
import { AddendaSection, ExtendDeadlineDialog, PostAddendumDialog } from '../components/ProjectUpdates.tsx';
import { QuestionsSection } from '../components/QuestionsSection.tsx';
import { ReportProject } from '../components/ReportProject.tsx';
import { fileKind } from '../rules.ts';

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
    <Busy label="Loading project" className="detail-grid">
      <Skeleton className="card" lines={['title', 'line', 'line short', 'block', 'line', 'line']} />
      <Skeleton className="card" lines={['title', 'block']} />
    </Busy>
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

export function ProjectDetailPage({ id, user, toast, navigate, openMessages, loadModule, realtime }: Props) {
  const project = useLoad<Project | null>(id, () => getProject(id));
  const p = project.state.data ?? null;
  const isOwner = p !== null && p.clientId === user.id;
  const seesBids = p !== null && (isOwner || user.role === 'admin');
  const [bidsVersion, setBidsVersion] = useState(0);
  const [bidList, setBidList] = useState<ProjectBid[]>([]);
  const [bidOpen, setBidOpen] = useState(false);
  const [editingBid, setEditingBid] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deadlineOpen, setDeadlineOpen] = useState(false);
  const [addendumOpen, setAddendumOpen] = useState(false);
  const [addendaVersion, setAddendaVersion] = useState(0);
  const [saveState, setSaveState] = useState<{ saved: boolean; saveCount: number } | null>(null);
  const [saving, setSaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A notification about this project (a new deadline, an addendum) refreshes the page live.
  const reloadProject = project.reload;
  useEffect(
    () =>
      realtime?.subscribe((message) => {
        const data = message.data as { relatedEntityId?: unknown } | undefined;
        if (message.type !== 'notification' || data?.relatedEntityId !== id) return;
        void reloadProject();
        setAddendaVersion((v) => v + 1);
      }),
    [realtime, id, reloadProject],
  );

  if (project.state.status === 'loading') return <DetailSkeleton />;
  if (project.state.status === 'error' && !p) {
    return (
      <LoadFailed title="The project didn't load" heading="h1" onRetry={project.reload}>
        {errorText(project.state.error)}
      </LoadFailed>
    );
  }
  if (!p) return <ProjectNotFound />;

  const savedByMe = saveState?.saved ?? p.savedByMe;
  const saveCount = saveState?.saveCount;
  async function toggleSave() {
    if (!p) return;
    setSaving(true);
    try {
      const state = savedByMe ? await unsaveProject(p.id) : await saveProject(p.id);
      setSaveState(state);
      toast({ title: state.saved ? 'Project saved' : 'Project removed from saved' });
    } catch (error) {
      reportFailure(error, { toast, navigate });
    } finally {
      setSaving(false);
    }
  }

  const myBid = p.myBid ?? null;
  const canBid = user.role === 'contractor' && p.status === 'active' && p.takingBids && !myBid && !isOwner;
  const place = placeText(p);
  const stage = stageLabel(p.projectStage);
  const images = p.attachments.filter((a) => fileKind(a.mimeType || a.name) === 'image');
  const documents = p.attachments.filter((a) => fileKind(a.mimeType || a.name) !== 'image');
  const similar = new URLSearchParams({ category: p.category, country: p.country }).toString();

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
            {p.hidden && (
              <p className="alert alert-destructive" role="note">
                Hidden by BuildBid's moderators: only its owner and BuildBid's admins can see this project.
              </p>
            )}
            <div className="detail-head">
              <h1 id="project-title" className="page-title">
                {p.title}
              </h1>
              <div className="badge-row">
                <StatusBadge status={p.status} />
                {showsPhaseBadge(p) && <PhaseBadge phase={p.currentPhase} bidDeadline={p.bidDeadline} />}
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
                <dd>
                  {formatPostedAgo(p.createdAt)}{' '}
                  <span className="muted small">({formatDate(p.createdAt)})</span>
                </dd>
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
              {typeAndCategory(p.projectType, p.category).map((b) => (
                <span key={b} className="badge badge-outline">
                  {b}
                </span>
              ))}
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
                  {distinctServices(p.services).map((s) => (
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

          <AddendaSection projectId={p.id} reloadKey={addendaVersion} />
          <QuestionsSection
            projectId={p.id}
            user={user}
            isOwner={isOwner}
            takingBids={p.takingBids}
            reloadKey={addendaVersion}
            toast={toast}
            navigate={navigate}
          />

          {seesBids && (
            <ReceivedBidsSlot
              loadModule={loadModule}
              projectId={p.id}
              projectTitle={p.title}
              isOwner={isOwner}
              reloadKey={bidsVersion}
              onDecided={() => project.reload()}
              onLoaded={setBidList}
              toast={toast}
              navigate={navigate}
              {...(openMessages ? { openMessages } : {})}
            />
          )}
        </div>

        <aside className="detail-side">
          <TitledCard id="owner-title" title="Project Owner" titleClassName="card-title small-title">
            <OwnerBlock
              owner={p.createdBy}
              onContact={isOwner ? undefined : () => messageOwner(p, { openMessages, toast })}
            />
          </TitledCard>

          <section className="card stack" aria-label="Actions">
            {canBid && (
              <Button className="btn btn-primary btn-block bid-cta-side" onPress={() => setBidOpen(true)}>
                Submit Bid
              </Button>
            )}
            {user.role === 'contractor' && !isOwner && !myBid && !canBid && (
              <p className="card-bid-state">
                <strong>Not accepting bids</strong>{' '}
                <span className="muted small">
                  · {biddingClosedReason(p, new Date()) ?? 'The bid deadline has passed'}
                </span>
              </p>
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
            {!isOwner && (
              <Button
                className={savedByMe ? 'btn btn-secondary btn-block' : 'btn btn-outline btn-block'}
                aria-pressed={savedByMe}
                isDisabled={saving}
                onPress={() => void toggleSave()}
              >
                {savedByMe ? 'Unsave Project' : 'Save Project'}
              </Button>
            )}
            <Link href={`/projects?${similar}`} className="btn btn-outline btn-block">
              View Similar
            </Link>
            {!isOwner && user.role !== 'admin' && <ReportProject projectId={p.id} toast={toast} />}
          </section>

          <TitledCard id="stats-title" title="Project Stats" titleClassName="card-title small-title">
            <dl className="stats-list">
              <div>
                <dt>Views</dt>
                <dd data-testid="view-count">{p.viewCount}</dd>
              </div>
              <div>
                <dt>Saved</dt>
                <dd data-testid="save-count">{saveCount ?? p.saveCount}</dd>
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
          </TitledCard>

          <ProjectProgress
            project={p}
            isOwner={isOwner}
            onChanged={() => project.reload()}
            toast={toast}
            navigate={navigate}
          />

          {isOwner && (
            <section className="card stack" aria-label="Manage project">
              {isEditable(p) && (
                <Link href={`/projects/${p.id}/edit`} className="btn btn-outline btn-block">
                  Edit Project
                </Link>
              )}
              {p.status === 'active' && p.currentPhase === 'bidding' && (
                <>
                  <Button className="btn btn-outline btn-block" onPress={() => setDeadlineOpen(true)}>
                    Extend Deadline
                  </Button>
                  <Button className="btn btn-outline btn-block" onPress={() => setAddendumOpen(true)}>
                    Post Addendum
                  </Button>
                </>
              )}
              <Button className="btn btn-danger btn-block" onPress={() => setDeleteOpen(true)}>
                Delete Project
              </Button>
            </section>
          )}
        </aside>
      </div>

      {canBid && (
        // Below 900 px the side column comes after the description: the bid button stays in reach at the
        // bottom of the screen instead (only one of the two is shown at any width).
        <div className="bid-cta-sticky">
          <span className="muted small">{formatBudget(p.budgetMin, p.budgetMax)}</span>
          <Button className="btn btn-primary" onPress={() => setBidOpen(true)}>
            Submit Bid
          </Button>
        </div>
      )}

      <BidDialogSlot
        loadModule={loadModule}
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
          if (seesBids) setBidsVersion((v) => v + 1);
        }}
      />
      {isOwner && (
        <>
          <ExtendDeadlineDialog
            projectId={p.id}
            current={p.bidDeadline ?? null}
            hasBids={p.bidCount > 0}
            projectDeadline={p.deadline ?? null}
            isOpen={deadlineOpen}
            onOpenChange={setDeadlineOpen}
            onChanged={() => void project.reload()}
            toast={toast}
            navigate={navigate}
          />
          <PostAddendumDialog
            projectId={p.id}
            isOpen={addendumOpen}
            onOpenChange={setAddendumOpen}
            onPosted={() => setAddendaVersion((v) => v + 1)}
            toast={toast}
            navigate={navigate}
          />
        </>
      )}
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
