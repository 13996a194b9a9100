import type { RemoteModule, RemoteProps } from '@buildbid/api-client';
import { Component, type ErrorInfo, type ReactNode, useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { loadRemoteApp, type RemoteLoader } from '../remotes.ts';
import type { RemoteName } from '../routes.ts';
import { Spinner } from './Spinner.tsx';

const SECTION_NAMES: Record<RemoteName, string> = {
  account: 'account',
  projects: 'projects',
  bids: 'bids',
  admin: 'admin',
};

/** Shown inside the shell when a remote fails to load or to render. Never a blank page. */
function RemoteErrorPanel({ name, onRetry }: { name: RemoteName; onRetry(): void }) {
  return (
    <div className="card error-panel" role="alert">
      <h2 className="error-panel-title">This section didn't load</h2>
      <p className="muted">
        We couldn't load the {SECTION_NAMES[name]} part of BuildBid. Check your connection, then try again.
      </p>
      <Button className="btn btn-primary" onPress={onRetry}>
        Try again
      </Button>
    </div>
  );
}

interface BoundaryProps {
  name: RemoteName;
  onRetry(): void;
  children: ReactNode;
}

/** Catches a remote's render errors; the panel's retry reloads the remote. */
class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`The '${this.props.name}' remote failed to render`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failed) return <RemoteErrorPanel name={this.props.name} onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; App: RemoteModule['default'] }
  | { status: 'error'; error: unknown };

interface RemoteViewProps {
  name: RemoteName;
  props: RemoteProps;
  /** Injected in tests; defaults to the Module Federation loader. */
  load?: RemoteLoader;
}

/** Loads '<name>/App' and renders it with the shell's props; failures show the retryable panel. */
export function RemoteView({ name, props, load = loadRemoteApp }: RemoteViewProps) {
  const [attempt, setAttempt] = useState(0);
  // A remote the entry already loaded renders in the first pass, without a spinner and another render.
  const [state, setState] = useState<LoadState>(() => {
    const mod = load.loaded?.(name);
    return mod ? { status: 'ready', App: mod.default } : { status: 'loading' };
  });

  useEffect(() => {
    let live = true;
    if (attempt > 0 || !load.loaded?.(name)) setState({ status: 'loading' });
    load(name, attempt > 0).then(
      (mod) => {
        if (live) setState({ status: 'ready', App: mod.default });
      },
      (error: unknown) => {
        console.error(`The '${name}' remote failed to load`, error);
        if (live) setState({ status: 'error', error });
      },
    );
    return () => {
      live = false;
    };
  }, [name, attempt, load]);

  const retry = () => setAttempt((n) => n + 1);

  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'error') return <RemoteErrorPanel name={name} onRetry={retry} />;
  const { App } = state;
  return (
    <RemoteErrorBoundary key={attempt} name={name} onRetry={retry}>
      <App {...props} />
    </RemoteErrorBoundary>
  );
}
