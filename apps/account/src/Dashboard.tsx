import { type ApiUser, type RemoteProps, ROLE_LABELS } from '@buildbid/api-client';
import {
  Busy,
  errorText,
  formatBudget,
  formatPostedAgo,
  LoadFailed,
  PhaseBadge,
  PinIcon,
  placeText,
  Skeleton,
  TitledCard,
  useLoad,
} from '@buildbid/ui';
import { useEffect, useState } from 'react';
import { Button, Link } from 'react-aria-components';
import {
  type Achievements,
  type BidQuota,
  getAchievements,
  getBadges,
  getQuota,
  getStats,
  listMyProjects,
  listProjects,
  type ProjectPage,
  resendVerificationEmail,
  type UserBadge,
  type UserStats,
} from './api.ts';
import { AchievementCard, RecentBadges, StatsRow, SubscriptionCard } from './DashboardCards.tsx';

/** Dashboard shows the first 5 projects (accounts-and-shell section 9). */
const DASHBOARD_PROJECTS = 5;

/** The greeting uses the first name, falling back to the user's name. */
function greetingName(user: ApiUser): string {
  return user.firstName?.trim() || user.name?.trim() || user.email;
}

type Props = Pick<RemoteProps, 'country'> & { user: ApiUser };

/** Clients see their own projects ('My Projects'); others the available ones in the header's country. */
export function loadDashboardProjects(user: ApiUser, country: string): Promise<ProjectPage> {
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
        <Busy label="Loading projects">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="dashboard-project skeleton-row" />
          ))}
        </Busy>
      ) : state.status === 'error' && !state.data ? (
        <LoadFailed className="dashboard-empty" retryClassName="btn btn-outline" onRetry={reload}>
          {errorText(state.error)}
        </LoadFailed>
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
                    {p.clientId === user.id && (
                      <span data-testid="dashboard-views">
                        {p.viewCount} {p.viewCount === 1 ? 'view' : 'views'}
                      </span>
                    )}
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

/**
 * Until the address is verified (decision 0160): the banner says where the link went and sends a new one.
 * The answer's message (or the refusal) shows in the banner itself.
 */
function VerifyEmailBanner({ email }: { email: string }) {
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<{ text: string; failed: boolean } | null>(null);

  async function resend() {
    setSending(true);
    setAnswer(null);
    try {
      setAnswer({ text: await resendVerificationEmail(), failed: false });
    } catch (error) {
      setAnswer({ text: errorText(error), failed: true });
    }
    setSending(false);
  }

  return (
    <section className="verify-banner" aria-label="Verify your email">
      <p className="verify-banner-text">Please verify your email address. We sent a link to {email}.</p>
      <Button className="btn btn-outline btn-small" isPending={sending} onPress={() => void resend()}>
        {sending ? 'Sending...' : 'Resend'}
      </Button>
      {/* Present before the answer, so screen readers announce what arrives in it. */}
      <p className="verify-banner-answer small" role="status">
        {answer && !answer.failed ? answer.text : ''}
      </p>
      {answer?.failed && (
        <p className="verify-banner-answer field-error" role="alert">
          {answer.text}
        </p>
      )}
    </section>
  );
}

interface Extras {
  stats: UserStats | null;
  quota: BidQuota | null;
  badges: UserBadge[];
  achievements: Achievements | null;
}

/** Each call stands alone: one failing leaves the others (and the project list) in place. */
function useDashboardExtras(user: ApiUser): Extras {
  const [extras, setExtras] = useState<Extras>({
    stats: null,
    quota: null,
    badges: [],
    achievements: null,
  });
  const isContractor = user.role === 'contractor';
  useEffect(() => {
    let live = true;
    const update = (patch: Partial<Extras>) => {
      if (live) setExtras((prev) => ({ ...prev, ...patch }));
    };
    const logged = (what: string) => (error: unknown) => console.error(`Dashboard: ${what} failed`, error);
    getStats().then((stats) => update({ stats }), logged('statistics'));
    if (isContractor) getQuota().then((quota) => update({ quota }), logged('bid quota'));
    getAchievements().then((achievements) => update({ achievements }), logged('achievements'));
    getBadges(user.id).then((badges) => update({ badges }), logged('badges'));
    return () => {
      live = false;
    };
  }, [user.id, isContractor]);
  return extras;
}

export function Dashboard({ user, country }: Props) {
  const { stats, quota, badges, achievements } = useDashboardExtras(user);
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
      {user.emailVerified === false && <VerifyEmailBanner email={user.email} />}
      <StatsRow user={user} stats={stats} />
      <div className={isClient || isContractor ? 'dashboard-grid' : 'dashboard-grid dashboard-grid-single'}>
        <ProjectList user={user} country={country} />
        {isClient && (
          <TitledCard as="aside" id="quick-actions-title" title="Quick Actions" className="dashboard-actions">
            <Link href="/post-project" className="btn btn-primary btn-block">
              Post New Project
            </Link>
            <Link href="/projects" className="btn btn-outline btn-block">
              View All Projects
            </Link>
          </TitledCard>
        )}
        {isContractor && (
          <aside className="dashboard-side">
            <SubscriptionCard tier={user.subscriptionTier} quota={quota ?? stats?.bidQuota ?? null} />
            <AchievementCard achievements={achievements} />
          </aside>
        )}
      </div>
      <RecentBadges badges={badges} />
    </section>
  );
}
