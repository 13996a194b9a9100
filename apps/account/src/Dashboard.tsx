import { type ApiUser, ROLE_LABELS } from '@buildbid/api-client';

/** The greeting uses the first name, falling back to the user's name. */
export function greetingName(user: ApiUser): string {
  return user.firstName?.trim() || user.name?.trim() || user.email;
}

export function Dashboard({ user }: { user: ApiUser }) {
  return (
    <section className="dashboard">
      <div className="dashboard-head">
        <div>
          <h1 className="page-title">Welcome back, {greetingName(user)}!</h1>
          <p className="dashboard-role">
            <span className="badge">{ROLE_LABELS[user.role]}</span>
            {user.subscriptionTier === 'pro' && (
              <span className="badge badge-accent">Pro Member / Unlimited Bids</span>
            )}
          </p>
        </div>
      </div>
      <div className="card dashboard-soon">
        <p className="muted">
          Your statistics, projects and achievements will appear here. This page is coming soon.
        </p>
      </div>
    </section>
  );
}
