import type { RemoteProps } from '@buildbid/api-client';

/** The bids remote: My Bids. The page arrives with a later issue. */
export default function App(_props: RemoteProps) {
  return (
    <section>
      <h1 className="page-title">My Bids</h1>
      <p className="muted">This page is coming soon.</p>
    </section>
  );
}
