import type { RemoteProps } from '@buildbid/api-client';

/** The heading for each projects route; the pages themselves arrive with later issues. */
export function titleFor(path: string): string {
  if (path === '/post-project') return 'Post a New Project';
  if (/^\/projects\/[^/]+\/edit$/.test(path)) return 'Edit Project';
  if (/^\/projects\/[^/]+$/.test(path)) return 'Project Details';
  return 'Projects';
}

/** The projects remote: browse, detail, edit and post. */
export default function App({ path }: RemoteProps) {
  return (
    <section>
      <h1 className="page-title">{titleFor(path)}</h1>
      <p className="muted">This page is coming soon.</p>
    </section>
  );
}
