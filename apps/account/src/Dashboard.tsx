import { type ApiUser, type RemoteProps, ROLE_LABELS } from '@buildbid/api-client';
import { useEffect, useState } from 'react';
import { Button, Link } from 'react-aria-components';
import { listMyProjects, listProjects, type ProjectPage } from '../../projects/src/shared/api.ts';
import { formatBudget, formatPostedAgo } from '../../projects/src/shared/format.ts';
import { PinIcon } from '../../projects/src/shared/icons.tsx';
import { placeText } from '../../projects/src/shared/labels.ts';
import { errorText } from '../../projects/src/shared/notify.ts';
import { PhaseBadge } from '../../projects/src/shared/PhaseBadge.tsx';
import { useLoad } from '../../projects/src/shared/useLoad.ts';
import {
  type BidQuota,
  getBadges,
  getQuota,
  getStats,
  touchAchievements,
  type UserBadge,
  type UserStats,
} from './api.ts';
import { AchievementCard, RecentBadges, StatsRow, SubscriptionCard } from './DashboardCards.tsx';

/** Dashboard shows the first 5 projects (accounts-and-shell section 9). */
export const DASHBOARD_PROJECTS = 5;

/** The greeting uses the first name, falling back to the user's name. */
export function greetingName(user: ApiUser): string {
  return user.firstName?.trim() || user.name?.trim() || user.email;
}

type Props = Pick<RemoteProps, 'country'> & { user: ApiUser };

/** Clients see their own projects ('My Projects'); others the available ones in the header's country. */
function loadDashboardProjects(user: ApiUser, country: string): Promise<ProjectPage> {
  return user.role === 'client'
    ? listMyProjects(DASHBOARD_PROJECTS + 1)
    : listProjects({ country, status: 'active', limit: DASHBOARD_PROJECTS + 1 });
}

function ProjectList({ user, country }: Props) {
  const isClient = user.role === 'client';
  const key = `${user.id}:${user.role}:${isClient ? '' : country}`;
  const { state, reload } = useLoad<ProjectPage>(key, () => loadDashboardProjects(user, country));
  const heading = isClient ? 'My Projects' : 'Available Projects';
  const projects = state.data?.projects ?? [];
  const more = state.data ? Math.max(state.data.total, projects.length) > DASHBOARD_PROJECTS : false;

  return (
    <section className="card dashboard-projects" aria-labelledby="dashboard-projects-title">
      <div className="dashboard-section-head">
        <h2 id="dashboard-projects-title" className="card-title">
          {heading}
        </h2>
        {more && (
          <Link href="/projects" className="text-link">
            View All Projects
          </Link>
        )}
      </div>
      {state.status === 'loading' ? (
        <div aria-busy="true">
          <span className="sr-only" role="status">
            Loading projects
          </span>
          {[0, 1, 2].map((i) => (
            <div key={i} className="dashboard-project skeleton-row" aria-hidden="true" />
          ))}
        </div>
      ) : state.status === 'error' && !state.data ? (
        <div role="alert" className="dashboard-empty">
          <p className="muted">{errorText(state.error)}</p>
          <Button className="btn btn-outline" onPress={() => void reload()}>
            Try again
          </Button>
        </div>
      ) : projects.length === 0 ? (
        <div className="dashboard-empty">
          <p className="dashboard-empty-title">{isClient ? 'No projects yet' : 'No projects available'}</p>
          {isClient && (
            <Link href="/post-project" className="btn btn-primary">
              Post Your First Project
            </Link>
          )}
        </div>
      ) : (
        <ul className="dashboard-project-list">
          {projects.slice(0, DASHBOARD_PROJECTS).map((p) => {
            const place = placeText(p);
            return (
              <li key={p.id} className="dashboard-project">
                <div className="dashboard-project-main">
                  <Link href={`/projects/${p.id}`} className="dashboard-project-title">
                    {p.title}
                  </Link>
                  <p className="muted small dashboard-project-meta">
                    {place && (
                      <span>
                        <PinIcon /> {place}
                      </span>
                    )}
                    <span>Posted {formatPostedAgo(p.createdAt)}</span>
                    <span>
                      {p.bidCount} {p.bidCount === 1 ? 'bid' : 'bids'}
                    </span>
                  </p>
                </div>
                <div className="dashboard-project-side">
                  <PhaseBadge phase={p.currentPhase} bidDeadline={p.bidDeadline} />
                  <span className="dashboard-project-budget">{formatBudget(p.budgetMin, p.budgetMax)}</span>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

interface Extras {
  stats: UserStats | null;
  quota: BidQuota | null;
  badges: UserBadge[];
}

/** Each call stands alone: one failing leaves the others (and the project list) in place. */
function useDashboardExtras(user: ApiUser): Extras {
  const [extras, setExtras] = useState<Extras>({ stats: null, quota: null, badges: [] });
  const isContractor = user.role === 'contractor';
  useEffect(() => {
    let live = true;
    const update = (patch: Partial<Extras>) => {
      if (live) setExtras((prev) => ({ ...prev, ...patch }));
    };
    const logged = (what: string) => (error: unknown) => console.error(`Dashboard: ${what} failed`, error);
    getStats().then((stats) => update({ stats }), logged('statistics'));
    if (isContractor) getQuota().then((quota) => update({ quota }), logged('bid quota'));
    // The spec's dashboard calls the achievements endpoint and does not use the answer.
    touchAchievements().catch(logged('achievements'));
    getBadges(user.id).then((badges) => update({ badges }), logged('badges'));
    return () => {
      live = false;
    };
  }, [user.id, isContractor]);
  return extras;
}

export function Dashboard({ user, country }: Props) {
  const { stats, quota, badges } = useDashboardExtras(user);
  const isClient = user.role === 'client';
  const isContractor = user.role === 'contractor';
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
      <StatsRow user={user} stats={stats} />
      <div className={isClient || isContractor ? 'dashboard-grid' : 'dashboard-grid dashboard-grid-single'}>
        <ProjectList user={user} country={country} />
        {isClient && (
          <aside className="card dashboard-actions" aria-labelledby="quick-actions-title">
            <h2 id="quick-actions-title" className="card-title">
              Quick Actions
            </h2>
            <Link href="/post-project" className="btn btn-primary btn-block">
              Post New Project
            </Link>
            <Link href="/projects" className="btn btn-outline btn-block">
              View All Projects
            </Link>
          </aside>
        )}
        {isContractor && (
          <aside className="dashboard-side">
            <SubscriptionCard tier={user.subscriptionTier} quota={quota ?? stats?.bidQuota ?? null} />
            <AchievementCard />
          </aside>
        )}
      </div>
      <RecentBadges badges={badges} />
    </section>
  );
}
