/**
 * Received Bids (projects-and-bids 2.3): the bids on one project, seen by its owner (with Accept
 * and Decline on pending bids) and by admins. Exposed as 'bids/ReceivedBids' and shown by the
 * projects remote's detail page, so the bids team changes it without a projects release.
 */
import type { ProjectBid } from '@buildbid/api-client';
import {
  errorText,
  formatRating,
  formatUsd,
  personName,
  plural,
  type ReceivedBidsProps,
  reportFailure,
  StatusBadge,
  useLoad,
} from '@buildbid/ui';
import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { listProjectBids, setBidStatus } from './api.ts';
import { CompareBids } from './CompareBids.tsx';
import './bids.css';

/**
 * 'Revised {when}' for a pending bid its bidder edited after submitting it (issue 13: after an answer,
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

export function ReceivedBids({
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
  const [comparing, setComparing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const bidList = bids.state.data ?? [];
  const loaded = bids.state.data;
  useEffect(() => {
    if (loaded) onLoaded?.(loaded);
  }, [loaded, onLoaded]);

  async function decide(bidId: string, status: 'accepted' | 'rejected') {
    setDeciding(bidId);
    try {
      await setBidStatus(bidId, status);
      toast({ title: 'Success', description: 'Bid status updated successfully' });
      await Promise.all([bids.reload(), onDecided?.()]);
    } catch (error) {
      timer.current = reportFailure(error, { toast, navigate });
    } finally {
      setDeciding(null);
    }
  }

  return (
    <section className="card" aria-labelledby="received-bids">
      <div className="received-head">
        <h2 id="received-bids" className="card-title">
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
        <CompareBids
          bids={bidList}
          isOwner={isOwner}
          deciding={deciding}
          onDecide={(id, status) => void decide(id, status)}
        />
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
                      {b.contractor.reviewCount > 0 ? (
                        <>
                          <span aria-hidden="true">★</span> {formatRating(b.contractor.rating)} (
                          {plural(b.contractor.reviewCount, 'review')})
                        </>
                      ) : (
                        'No reviews yet'
                      )}
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
                    <>
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
                    </>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
