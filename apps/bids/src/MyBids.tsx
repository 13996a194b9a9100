/** My Bids (projects-and-bids 2.5): summary cards, tabs with counts, bid cards and empty states. */
import type { ApiUser, OwnBid, RemoteProps } from '@buildbid/api-client';
import {
  Busy,
  EmptyState,
  errorText,
  formatDate,
  formatUsd,
  LoadFailed,
  messageOwner,
  OwnerBlock,
  PhaseBadge,
  PinIcon,
  Skeleton,
  StatusBadge,
  sumAmounts,
  useLoad,
  whenClosed,
} from '@buildbid/ui';
import { useState } from 'react';
import { Button, Link, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { listMyBids } from './api.ts';
import { BidDialog } from './BidDialog.tsx';

export type BidTab = 'all' | 'pending' | 'accepted' | 'rejected';

const TABS: ReadonlyArray<{ id: BidTab; label: string; empty: string }> = [
  { id: 'all', label: 'All', empty: 'No bids yet' },
  { id: 'pending', label: 'Pending', empty: 'No pending bids' },
  { id: 'accepted', label: 'Accepted', empty: 'No accepted bids' },
  { id: 'rejected', label: 'Not Selected', empty: 'No rejected bids' },
];

const CARD_TAGS = 2;

function bidsFor(bids: readonly OwnBid[], tab: BidTab): OwnBid[] {
  return tab === 'all' ? [...bids] : bids.filter((b) => b.status === tab);
}

function summaryOf(bids: readonly OwnBid[]) {
  return {
    pending: bidsFor(bids, 'pending').length,
    accepted: bidsFor(bids, 'accepted').length,
    rejected: bidsFor(bids, 'rejected').length,
    totalValue: sumAmounts(bids.map((b) => b.amount)),
  };
}

function BidCard({ bid, onEdit, onContact }: { bid: OwnBid; onEdit(): void; onContact(): void }) {
  const tags = bid.project?.tags ?? [];
  const titleId = `bid-${bid.id}-title`;
  return (
    <article className="card bid-card" aria-labelledby={titleId}>
      <div className="bid-card-head">
        <div>
          <h3 id={titleId} className="bid-card-title">
            {bid.project?.title ?? 'Project'}
          </h3>
          <p className="muted small bid-card-meta">
            <span>Submitted {formatDate(bid.createdAt)}</span>
            {bid.project?.location && (
              <span>
                <PinIcon /> {bid.project.location}
              </span>
            )}
          </p>
        </div>
        <StatusBadge status={bid.status} />
      </div>
      <p className="clamp-2">{bid.proposal}</p>
      <div className="badge-row">
        {/* Where the awarded work stands (decision 0183): the owner moves it on after the award. */}
        {bid.status === 'accepted' && bid.project?.currentPhase && (
          <span className="bid-card-phase">
            <span className="sr-only">Project phase: </span>
            <PhaseBadge phase={bid.project.currentPhase} bidDeadline={null} />
          </span>
        )}
        {bid.project?.category && <span className="badge badge-outline">{bid.project.category}</span>}
        {tags.slice(0, CARD_TAGS).map((t) => (
          <span key={t} className="tag">
            #{t}
          </span>
        ))}
      </div>
      <div className="bid-card-figures">
        <div>
          <p className="muted small">Bid Amount</p>
          <p className="bid-amount">{formatUsd(bid.amount)}</p>
        </div>
        <div>
          <p className="muted small">Timeline</p>
          <p className="bid-timeline">{bid.timeline} days</p>
        </div>
        {bid.project?.owner && <OwnerBlock owner={bid.project.owner} label="Project Owner" />}
      </div>
      <div className="actions">
        <Link href={`/projects/${bid.projectId ?? bid.project?.id}`} className="btn btn-outline">
          View Project
        </Link>
        {bid.status === 'accepted' && (
          <Button className="btn btn-primary" onPress={onContact}>
            Contact Owner
          </Button>
        )}
        {bid.status === 'pending' && (
          <Button className="btn btn-outline" onPress={onEdit}>
            Edit Bid
          </Button>
        )}
      </div>
    </article>
  );
}

function NoBids({ tab }: { tab: BidTab }) {
  const entry = TABS.find((t) => t.id === tab);
  return (
    <EmptyState title={entry?.empty ?? ''} heading="h3">
      {tab === 'all' && (
        <>
          <p className="muted">Find a project that fits your skills and submit your first bid.</p>
          <Link href="/projects" className="btn btn-primary">
            Browse Projects
          </Link>
        </>
      )}
    </EmptyState>
  );
}

export function MyBidsPage({ user, toast, navigate, openMessages }: RemoteProps & { user: ApiUser }) {
  const { state, reload } = useLoad<OwnBid[]>('my-bids', listMyBids);
  const [tab, setTab] = useState<BidTab>('all');
  const [editing, setEditing] = useState<OwnBid | null>(null);
  const bids = state.data ?? [];
  const summary = summaryOf(bids);

  return (
    <section className="my-bids">
      <h1 className="page-title">My Bids</h1>
      <p className="muted page-lead">Track the bids you have submitted and their status.</p>

      <div className="summary-grid">
        {[
          ['Pending', summary.pending],
          ['Accepted', summary.accepted],
          ['Not Selected', summary.rejected],
          ['Total Value', formatUsd(summary.totalValue)],
        ].map(([label, value]) => (
          <div key={label} className="card summary-card">
            <p className="muted small">{label}</p>
            <p className="summary-value">{value}</p>
          </div>
        ))}
      </div>

      {state.status === 'loading' ? (
        <Busy label="Loading bids">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="card bid-card" lines={['title', 'line', 'line short']} />
          ))}
        </Busy>
      ) : state.status === 'error' && !state.data ? (
        <LoadFailed title="Your bids didn't load" onRetry={reload}>
          {errorText(state.error)}
        </LoadFailed>
      ) : (
        <Tabs selectedKey={tab} onSelectionChange={(k) => setTab(k as BidTab)} className="tabs">
          <TabList aria-label="Bids by status" className="tab-list">
            {TABS.map((t) => (
              <Tab key={t.id} id={t.id} className="tab">
                {t.label} ({bidsFor(bids, t.id).length})
              </Tab>
            ))}
          </TabList>
          {TABS.map((t) => {
            const list = bidsFor(bids, t.id);
            return (
              <TabPanel key={t.id} id={t.id} className="tab-panel">
                {list.length === 0 ? (
                  <NoBids tab={t.id} />
                ) : (
                  <div className="bid-cards">
                    {list.map((b) => (
                      <BidCard
                        key={b.id}
                        bid={b}
                        onEdit={() => setEditing(b)}
                        onContact={() =>
                          messageOwner(
                            {
                              id: b.project.id,
                              title: b.project.title,
                              clientId: b.project.clientId,
                              createdBy: b.project.owner,
                            },
                            { openMessages, toast },
                          )
                        }
                      />
                    ))}
                  </div>
                )}
              </TabPanel>
            );
          })}
        </Tabs>
      )}

      {editing && (
        <BidDialog
          project={{
            id: editing.project?.id ?? editing.projectId,
            title: editing.project?.title ?? 'Project',
            location: editing.project?.location ?? null,
            category: editing.project?.category ?? '',
            budgetMin: editing.project?.budgetMin ?? null,
            budgetMax: editing.project?.budgetMax ?? null,
          }}
          bid={editing}
          isOpen
          onOpenChange={whenClosed(() => setEditing(null))}
          tier={user.subscriptionTier}
          toast={toast}
          navigate={navigate}
          onSubmitted={() => void reload()}
        />
      )}
    </section>
  );
}
