import type { RemoteProps } from '@buildbid/api-client';

/** The admin remote. Non-admins see the Access Denied card (accounts-and-shell section 2). */
export default function App({ user }: RemoteProps) {
  if (user?.role !== 'admin') {
    return (
      <section className="card" style={{ maxWidth: '32rem', margin: '2rem auto', textAlign: 'center' }}>
        <h1 className="page-title">Access Denied</h1>
        <p className="muted">You do not have permission to access this page. Admin privileges required.</p>
      </section>
    );
  }
  return (
    <section>
      <h1 className="page-title">Admin Dashboard</h1>
      <p className="muted">This page is coming soon.</p>
    </section>
  );
}
