/**
 * The bid UI on projects pages belongs to the bids team: the bid dialog and Received Bids are
 * loaded at run time from the bids remote ('bids/BidDialog', 'bids/ReceivedBids') through the
 * shell, so a bids release shows here without rebuilding projects. Their props are typed in
 * @buildbid/ui (exposed.ts); nothing here imports the bids remote's source.
 */
import type { RemoteProps } from '@buildbid/api-client';
import {
  type BidDialogModule,
  type BidDialogProps,
  type ReceivedBidsModule,
  type ReceivedBidsProps,
  useRemoteModule,
} from '@buildbid/ui';
import { Button } from 'react-aria-components';

type Loader = Pick<RemoteProps, 'loadModule'>;

/** Shown when the bids remote cannot be loaded: the shell's texts, with a retry. */
function BidsUnavailable({ onRetry }: { onRetry(): void }) {
  return (
    <div className="card error-panel" role="alert">
      <h2 className="card-title">This section didn't load</h2>
      <p className="muted">
        We couldn't load the bids part of BuildBid. Check your connection, then try again.
      </p>
      <Button className="btn btn-primary" onPress={onRetry}>
        Try again
      </Button>
    </div>
  );
}

export function BidDialogSlot({ loadModule, ...props }: BidDialogProps & Loader) {
  const { state, retry } = useRemoteModule<BidDialogModule>(loadModule, 'bids/BidDialog');
  if (state.status === 'ready') return <state.module.BidDialog {...props} />;
  if (state.status === 'error' && props.isOpen) return <BidsUnavailable onRetry={retry} />;
  return null;
}

export function ReceivedBidsSlot({ loadModule, ...props }: ReceivedBidsProps & Loader) {
  const { state, retry } = useRemoteModule<ReceivedBidsModule>(loadModule, 'bids/ReceivedBids');
  if (state.status === 'ready') return <state.module.ReceivedBids {...props} />;
  if (state.status === 'error') return <BidsUnavailable onRetry={retry} />;
  if (state.status === 'unavailable') return null;
  return (
    <section className="card" aria-busy="true">
      <div className="skeleton skeleton-block" aria-hidden="true" />
    </section>
  );
}
