/**
 * Received Bids (projects-and-bids 2.3): the bids on one project, seen by its owner (with Accept
 * and Decline on pending bids) and by admins. Exposed as 'bids/ReceivedBids' and shown by the
 * projects remote's detail page, so the bids team changes it without a projects release.
 */
import type { ProjectBid } from '@buildbid/api-client';
import {
  ConfirmDialog,
  errorText,
  formatUsd,
  personName,
  type ReceivedBidsProps,
  RemoteRouter,
  reportFailure,
  StatusBadge,
  useLoad,
} from '@buildbid/ui';
import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { listProjectBids, setBidStatus } from './api.ts';
import { BidderRating } from './BidderRating.tsx';
import { CompareBids, DecisionButtons } from './CompareBids.tsx';
import './bids.css';

/**
 * 'Revised {when}' for a pending bid its bidder edited after submitting it (decision 0131: after an answer,
 * a clarification, an addendum or a new deadline); null otherwise.
 */
export function revisedAt(b: Pick<ProjectBid, 'status' | 'createdAt' | 'updatedAt'>): string | null {
  if (b.status !== 'pending' || new Date(b.updatedAt).getTime() <= new Date(b.createdAt).getTime())
    return null;
  return new Date(b.updatedAt).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** Exposed as 'bids/ReceivedBids': rendered inside another remote, so it brings its own RemoteRouter. */
export function ReceivedBids(props: ReceivedBidsProps) {
  return (
    <RemoteRouter navigate={props.navigate}>
      <ReceivedBidsView {...props} />
    </RemoteRouter>
  );
}

function ReceivedBidsView({
  projectId,
  isOwner,
  reloadKey = 0,
  onDecided,
  onLoaded,
  toast,
  navigate,
  openMessages,
  projectTitle,
}: ReceivedBidsProps) {
  const bids = useLoad<ProjectBid[]>(`bids:${projectId}:${reloadKey}`, () => listProjectBids(projectId));
  const [deciding, setDeciding] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ bid: ProjectBid; status: 'accepted' | 'rejected' } | null>(
    null,
  );
  const [comparing, setComparing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // The decided bid's buttons are gone: once the dialog has closed (and restored focus to a button that
  // may no longer exist), focus moves to the list's heading.
  const refocus = useRef(false);
  useEffect(() => {
    if (confirming !== null || !refocus.current) return;
    refocus.current = false;
    const t = setTimeout(() => heading.current?.focus(), 60);
    return () => clearTimeout(t);
  }, [confirming]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const bidList = bids.state.data ?? [];
  const loaded = bids.state.data;
  useEffect(() => {
    if (loaded) onLoaded?.(loaded);
  }, [loaded, onLoaded]);

  /** Accept and Decline only ask; the confirmation dialog decides. */
  function ask(bidId: string, status: 'accepted' | 'rejected') {
    const found = bidList.find((b) => b.id === bidId);
    if (found) setConfirming({ bid: found, status });
  }

  async function decide(bidId: string, status: 'accepted' | 'rejected') {
    setDeciding(bidId);
    try {
      await setBidStatus(bidId, status);
      toast({ title: 'Success', description: 'Bid status updated successfully' });
    } catch (error) {
      timer.current = reportFailure(error, { toast, navigate });
    } finally {
      // Success or failure, the list shows the bids as they are now (no stale buttons after a failure).
      await Promise.all([bids.reload(), onDecided?.()]).catch(() => {});
      setDeciding(null);
      setConfirming(null);
      refocus.current = true;
    }
  }

  const pendingOthers = confirming
    ? bidList.filter((b) => b.status === 'pending' && b.id !== confirming.bid.id).length
    : 0;
  const bidderName = confirming ? personName(confirming.bid.contractor, 'Contractor') : '';

  return (
    <section className="card" aria-labelledby="received-bids">
      <div className="received-head">
        <h2 id="received-bids" className="card-title" ref={heading} tabIndex={-1}>
          Received Bids ({bidList.length})
        </h2>
        {bidList.length > 0 && (
          <Button className="btn btn-outline btn-small" onPress={() => setComparing((c) => !c)}>
            {comparing ? 'List' : 'Compare'}
          </Button>
        )}
      </div>
      {bids.state.status === 'loading' ? (
        <div className="skeleton skeleton-block" aria-hidden="true" />
      ) : bids.state.status === 'error' && bidList.length === 0 ? (
        <p className="muted" role="alert">
          {errorText(bids.state.error)}
        </p>
      ) : bidList.length === 0 ? (
        <p className="muted">No bids yet.</p>
      ) : comparing ? (
        <CompareBids bids={bidList} isOwner={isOwner} deciding={deciding} onDecide={ask} />
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
                      {(b.contractor.firstName?.[0] ?? '') + (b.contractor.lastName?.[0] ?? '') || '?'}
                    </span>
                  )}
                  <div>
                    <p className="owner-label">{personName(b.contractor, 'Contractor')}</p>
                    <p className="muted small">
                      <BidderRating bidder={b.contractor} />
                    </p>
                  </div>
                </div>
                <StatusBadge status={b.status} />
              </div>
              <p className="bid-figures">
                <strong>{formatUsd(b.amount)}</strong>
                <span className="muted"> · {b.timeline} days</span>
                {revisedAt(b) && (
                  <span className="badge badge-outline bid-revised"> Revised {revisedAt(b)}</span>
                )}
              </p>
              <p className="description">{b.proposal}</p>
              {isOwner && (
                <div className="actions">
                  {openMessages && (
                    <Button
                      className="btn btn-outline"
                      aria-label={`Message ${personName(b.contractor, 'Contractor')}`}
                      onPress={() =>
                        openMessages({
                          otherUserId: b.contractorId,
                          otherUserName: personName(b.contractor, 'Contractor'),
                          projectId,
                          ...(projectTitle ? { projectTitle } : {}),
                        })
                      }
                    >
                      Message
                    </Button>
                  )}
                  {b.status === 'pending' && (
                    <DecisionButtons
                      isDisabled={deciding !== null}
                      onDecide={(status) => ask(b.id, status)}
                    />
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        isOpen={confirming !== null}
        onOpenChange={(open) => {
          if (!open && deciding === null) setConfirming(null);
        }}
        title={confirming?.status === 'accepted' ? 'Accept this bid?' : 'Decline this bid?'}
        confirmLabel={confirming?.status === 'accepted' ? 'Accept Bid' : 'Decline Bid'}
        pendingLabel={confirming?.status === 'accepted' ? 'Accepting...' : 'Declining...'}
        pending={deciding !== null}
        tone={confirming?.status === 'accepted' ? 'primary' : 'danger'}
        onConfirm={() => confirming && void decide(confirming.bid.id, confirming.status)}
      >
        {confirming?.status === 'accepted' ? (
          <p>
            Accept the bid of {bidderName} for {formatUsd(confirming.bid.amount)}? The project will be awarded
            to {bidderName}.{' '}
            {pendingOthers === 0
              ? 'There are no other pending bids.'
              : pendingOthers === 1
                ? 'The other pending bid will be declined, and its bidder told.'
                : `The other ${pendingOthers} pending bids will be declined, and their bidders told.`}{' '}
            This cannot be undone.
          </p>
        ) : confirming ? (
          <p>
            Decline the bid of {bidderName} for {formatUsd(confirming.bid.amount)}? {bidderName} will be told.
            This cannot be undone.
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
