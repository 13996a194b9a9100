import type { RemoteProps } from '@buildbid/api-client';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import { RemoteRouter } from './RemoteRouter.tsx';

/**
 * What every remote's entry does alike. Opened on its own (its dev server or dist/index.html), a remote
 * only explains itself: its UI needs the props the shell provides, so the shell is what to open
 * (http://localhost:3010 in dev). `remote` is its federation name ('account', 'projects', ...).
 */
export function explainStandaloneRemote(remote: string): void {
  const root = document.getElementById('root');
  if (!root) return;
  root.innerHTML =
    '<main style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">' +
    `<h1>BuildBid ${remote} remote</h1>` +
    `<p>This micro-frontend exposes <code>${remote}/App</code> through <code>mf-manifest.json</code>. ` +
    'It renders inside the BuildBid shell; open the shell to use it.</p></main>';
}

/** The shell's loading indicator: while a page's chunk loads, or a page reads what it needs first. */
export function Spinner() {
  return (
    <div className="spinner-wrap" role="status" aria-label="Loading">
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}

/**
 * The frame of a remote's pages: links navigate through the shell (RemoteRouter), and a page loaded
 * lazily shows the Spinner until its chunk arrives.
 */
export function RemotePages({
  navigate,
  children,
}: {
  navigate: RemoteProps['navigate'];
  children: ReactNode;
}) {
  return (
    <RemoteRouter navigate={navigate}>
      <Suspense fallback={<Spinner />}>{children}</Suspense>
    </RemoteRouter>
  );
}

/**
 * A remote's exposed App (its './App' module's default export): its pages, which route on `props.path`
 * themselves, inside RemotePages.
 */
export function remoteApp(Pages: (props: RemoteProps) => ReactNode) {
  return function App(props: RemoteProps) {
    return (
      <RemotePages navigate={props.navigate}>
        <Pages {...props} />
      </RemotePages>
    );
  };
}

// biome-ignore lint/suspicious/noExplicitAny: each page has its own props; `lazy` takes any component
type Page = ComponentType<any>;

/**
 * A page component loaded when first rendered: `name` is its export in the module `load` imports
 * (`lazyPage(() => import('./Pricing.tsx'), 'PricingPage')`), so the page's code stays out of the first chunk.
 */
export function lazyPage<K extends string, M extends Record<K, Page>>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
