/**
 * Modules one remote exposes to another through federation, typed here so that neither imports the
 * other's source: the bids remote implements these props, the projects remote renders them.
 * Changing a props type is a change of this package's version (see docs/remote-teams.md).
 */
import type { ProjectBid, RemoteProps } from '@buildbid/api-client';
import { type ComponentType, useCallback, useEffect, useState } from 'react';

export interface BidDialogProject {
  id: string;
  title: string;
  location: string | null;
  category: string;
  budgetMin: string | null;
  budgetMax: string | null;
}

export interface EditableBid {
  id: string;
  amount: string | number;
  timeline: number;
  proposal: string;
}

/** 'bids/BidDialog': submit a bid on a project, or edit the caller's pending bid. */
export interface BidDialogProps extends Pick<RemoteProps, 'toast' | 'navigate'> {
  project: BidDialogProject;
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  /** The caller's plan, until GET /api/users/me/stats answers. */
  tier: string;
  /** Set to edit this (pending) bid instead of submitting a new one. */
  bid?: EditableBid | null;
  /** After success: refresh the project's bids, the user's bids and stats. */
  onSubmitted?(): void;
}

/** 'bids/ReceivedBids': a project's bids, with Accept and Decline for its owner. */
export interface ReceivedBidsProps extends Pick<RemoteProps, 'toast' | 'navigate' | 'openMessages'> {
  projectId: string;
  /** Named in the message dialog's title when the owner messages a bidder. */
  projectTitle?: string;
  /** The project's owner decides on pending bids; an admin only reads them. */
  isOwner: boolean;
  /** Changes when the page wants the list fetched again (e.g. after a bid was submitted). */
  reloadKey?: number;
  /** After an accept or decline: the page refreshes the project (status, bid count). */
  onDecided?(): void | Promise<void>;
  /** Every time the list arrives: the page's sidebar averages the amounts. */
  onLoaded?(bids: ProjectBid[]): void;
}

export interface BidDialogModule {
  BidDialog: ComponentType<BidDialogProps>;
}

export interface ReceivedBidsModule {
  ReceivedBids: ComponentType<ReceivedBidsProps>;
}

export type RemoteModuleState<T> =
  | { status: 'loading' }
  | { status: 'ready'; module: T }
  | { status: 'error'; error: unknown }
  /** The shell offers no `loadModule` (an older shell, or a unit test). */
  | { status: 'unavailable' };

/** Loads another remote's exposed module through the shell (RemoteProps.loadModule), with a retry. */
export function useRemoteModule<T>(loadModule: RemoteProps['loadModule'], id: string) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<RemoteModuleState<T>>(
    loadModule ? { status: 'loading' } : { status: 'unavailable' },
  );
  useEffect(() => {
    if (!loadModule) {
      setState({ status: 'unavailable' });
      return;
    }
    let live = true;
    void attempt;
    setState((prev) => (prev.status === 'ready' ? prev : { status: 'loading' }));
    loadModule<T>(id).then(
      (module) => {
        if (live) setState({ status: 'ready', module });
      },
      (error: unknown) => {
        console.error(`'${id}' failed to load`, error);
        if (live) setState({ status: 'error', error });
      },
    );
    return () => {
      live = false;
    };
  }, [loadModule, id, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
