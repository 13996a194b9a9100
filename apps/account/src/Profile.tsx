/**
 * Profile (/profile, accounts-and-shell section 2): a left column with the person, their stats and
 * badges, and the tabs Profile, Billing, Services (contractors), Notifications and Preferences, one
 * module each in profile/.
 */
import { type ApiUser, type RemoteProps, ROLE_LABELS } from '@buildbid/api-client';
import { formatDate, formatRating, personName, TitledCard } from '@buildbid/ui';
import { type ReactNode, useEffect, useState } from 'react';
import { Button, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import {
  getBadges,
  getMyReviews,
  getStats,
  type ReceivedReview,
  type UserBadge,
  type UserStats,
} from './api.ts';
import { BadgeList } from './badges.tsx';
import { BillingTab } from './profile/BillingTab.tsx';
import { BlockedPeopleCard } from './profile/BlockedPeople.tsx';
import { NotificationsTab } from './profile/NotificationsTab.tsx';
import { PreferencesTab } from './profile/PreferencesTab.tsx';
import { ChangePasswordCard, ProfileTab } from './profile/ProfileTab.tsx';
import { ServicesTab } from './profile/ServicesTab.tsx';
import { countryName, Facts, type Shell } from './profile/shared.tsx';
import { joinedText, successRate } from './profile-rules.ts';

export const PROFILE_BADGES = 6;

type Props = RemoteProps & { user: ApiUser };

function initials(user: ApiUser): string {
  const source = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.name || user.email;
  return (
    source
      .split(/\s+/)
      .map((p) => p[0] ?? '')
      .join('')
      .slice(0, 2)
      .toUpperCase() || '?'
  );
}

/** First and last name; else the account's name, else its email. */
function fullName(user: ApiUser): string {
  return personName(user, user.name || user.email);
}

// ---- Left column ---------------------------------------------------------------------------

function ProfileSummary({ user }: { user: ApiUser }) {
  return (
    <section className="card profile-summary" aria-label="Your profile">
      {user.profileImageUrl ? (
        <img className="profile-avatar" src={user.profileImageUrl} alt="" />
      ) : (
        <span className="profile-avatar" aria-hidden="true">
          {initials(user)}
        </span>
      )}
      <h1 className="profile-name">{fullName(user)}</h1>
      <p className="badge-row">
        <span className="badge">{ROLE_LABELS[user.role]}</span>
        {user.subscriptionTier === 'pro' && <span className="badge badge-accent">Pro</span>}
      </p>
      {user.role === 'contractor' && (
        <p className="profile-rating">
          <span aria-hidden="true" className="star">
            ★
          </span>{' '}
          {formatRating(user.rating)}{' '}
          <span className="muted">
            ({user.reviewCount} {user.reviewCount === 1 ? 'review' : 'reviews'})
          </span>
        </p>
      )}
      <Facts
        className="profile-facts"
        rows={[
          ['Email', user.email],
          ['Country', countryName(user.country)],
          ['Joined', joinedText(user.createdAt)],
        ]}
      />
    </section>
  );
}

function YourStats({ stats }: { stats: UserStats | null }) {
  const rows: Array<[string, ReactNode]> = stats
    ? [
        ['Total Bids', stats.totalBids],
        ['Won Projects', stats.wonProjects],
        ['Bids This Month', stats.bidsThisMonth],
        ['Success Rate', `${successRate(stats.wonProjects, stats.totalBids)}%`],
        ['Tier', stats.subscriptionTier === 'pro' ? 'Pro' : 'Free'],
      ]
    : [];
  return (
    <TitledCard id="your-stats-title" title="Your Stats" busy={stats === null}>
      {stats === null ? (
        <p className="muted small">Loading...</p>
      ) : (
        <dl className="profile-stats">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </TitledCard>
  );
}

function BadgesCard({ badges }: { badges: readonly UserBadge[] }) {
  const [all, setAll] = useState(false);
  if (badges.length === 0) return null;
  return (
    <TitledCard id="badges-title" title="Badges">
      <BadgeList badges={badges} max={all ? badges.length : PROFILE_BADGES} />
      {!all && badges.length > PROFILE_BADGES && (
        <Button className="btn btn-outline btn-block btn-small" onPress={() => setAll(true)}>
          View All Badges
        </Button>
      )}
    </TitledCard>
  );
}

/**
 * What owners wrote about the contractor's work (decision 0183), newest first: stars, the comment, the
 * project and who wrote it. Null while loading; the card says when there are none yet or they failed.
 */
export function ReviewsCard({ reviews }: { reviews: readonly ReceivedReview[] | null | 'failed' }) {
  return (
    <TitledCard id="reviews-title" title="Reviews" busy={reviews === null}>
      {reviews === null ? (
        <p className="muted small">Loading...</p>
      ) : reviews === 'failed' ? (
        <p className="muted small">Your reviews could not be loaded. Reload the page to try again.</p>
      ) : reviews.length === 0 ? (
        <p className="muted small">No reviews yet. Owners review you after they mark your work completed.</p>
      ) : (
        <ul className="review-list">
          {reviews.map((r) => (
            <li key={r.id} className="review-item">
              <span className="stars" role="img" aria-label={`${r.rating} out of 5 stars`}>
                {'★'.repeat(r.rating)}
                <span className="stars-off">{'★'.repeat(5 - r.rating)}</span>
              </span>
              {r.comment && <p className="review-comment">{r.comment}</p>}
              <p className="muted small">
                {r.reviewerName} · {r.projectTitle ?? 'A deleted project'} · {formatDate(r.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </TitledCard>
  );
}
// ---- Page ----------------------------------------------------------------------------------

const TAB_IDS = ['profile', 'billing', 'services', 'notifications', 'preferences'] as const;
type TabId = (typeof TAB_IDS)[number];

function initialTab(search: string, isContractor: boolean): TabId {
  const wanted = new URLSearchParams(search).get('tab');
  const tab = (TAB_IDS as readonly string[]).includes(wanted ?? '') ? (wanted as TabId) : 'profile';
  return tab === 'services' && !isContractor ? 'profile' : tab;
}

export function ProfilePage(props: Props) {
  const { user, search } = props;
  const isContractor = user.role === 'contractor';
  const shell: Shell = { toast: props.toast, navigate: props.navigate, refreshUser: props.refreshUser };
  const [tab, setTab] = useState<TabId>(() => initialTab(search, isContractor));
  const [stats, setStats] = useState<UserStats | null>(null);
  const [badges, setBadges] = useState<UserBadge[]>([]);
  const [reviews, setReviews] = useState<ReceivedReview[] | null | 'failed'>(null);

  useEffect(() => {
    let live = true;
    if (isContractor) {
      getStats().then(
        (s) => {
          if (live) setStats(s);
        },
        (error) => console.error('Profile: statistics failed to load', error),
      );
      getMyReviews().then(
        (r) => {
          if (live) setReviews(r);
        },
        (error) => {
          console.error('Profile: reviews failed to load', error);
          if (live) setReviews('failed');
        },
      );
    }
    getBadges(user.id).then(
      (b) => {
        if (live) setBadges(b);
      },
      (error) => console.error('Profile: badges failed to load', error),
    );
    return () => {
      live = false;
    };
  }, [user.id, isContractor]);

  useEffect(() => {
    if (tab === 'services' && !isContractor) setTab('profile');
  }, [tab, isContractor]);

  /** The chosen tab goes into the address (?tab=billing), so a reload or a shared link keeps it. */
  function selectTab(next: TabId) {
    setTab(next);
    const url = new URL(window.location.href);
    if (next === 'profile') url.searchParams.delete('tab');
    else url.searchParams.set('tab', next);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }

  const tabs: Array<{ id: TabId; label: string }> = [
    { id: 'profile', label: 'Profile' },
    { id: 'billing', label: 'Billing' },
    ...(isContractor ? [{ id: 'services' as const, label: 'Services' }] : []),
    { id: 'notifications', label: 'Notifications' },
    { id: 'preferences', label: 'Preferences' },
  ];

  return (
    <div className="profile-page">
      <aside className="profile-side">
        <ProfileSummary user={user} />
        {isContractor && <YourStats stats={stats} />}
        <BadgesCard badges={badges} />
        {isContractor && <ReviewsCard reviews={reviews} />}
      </aside>
      <section className="card profile-main" aria-label="Account settings">
        <Tabs selectedKey={tab} onSelectionChange={(k) => selectTab(k as TabId)} className="tabs">
          <TabList aria-label="Profile sections" className="tab-list">
            {tabs.map((t) => (
              <Tab key={t.id} id={t.id} className="tab">
                {t.label}
              </Tab>
            ))}
          </TabList>
          <TabPanel id="profile" className="tab-panel">
            <ProfileTab user={user} shell={shell} />
            <ChangePasswordCard shell={shell} />
          </TabPanel>
          <TabPanel id="billing" className="tab-panel">
            <BillingTab user={user} shell={shell} />
          </TabPanel>
          {isContractor && (
            <TabPanel id="services" className="tab-panel">
              <ServicesTab user={user} shell={shell} />
            </TabPanel>
          )}
          <TabPanel id="notifications" className="tab-panel">
            <NotificationsTab user={user} shell={shell} />
          </TabPanel>
          <TabPanel id="preferences" className="tab-panel">
            <PreferencesTab shell={shell} />
            <BlockedPeopleCard shell={shell} />
          </TabPanel>
        </Tabs>
      </section>
    </div>
  );
}
