/** Badge pieces shared by the dashboard and the profile: tier colours, icons and a badge list. */
import { StrokeIcon } from '@buildbid/ui';
import type { UserBadge } from './api.ts';

/** Tier colours (accounts-and-shell section 2): gold, silver, bronze, platinum. */
export const TIER_COLORS = {
  gold: '#d4a017',
  silver: '#9aa4ae',
  bronze: '#b06a34',
  platinum: '#6d8fb3',
} as const;

export function tierColor(tier: string): string {
  return (TIER_COLORS as Record<string, string>)[tier] ?? TIER_COLORS.bronze;
}

/** The badge catalogue names icons ('star', 'zap', 'shield-check', 'briefcase', 'award'). */
const ICONS: Record<string, React.ReactNode> = {
  star: <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />,
  zap: <path d="M13 2L4 14h7l-1 8 9-12h-7z" />,
  'shield-check': (
    <>
      <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" />
      <path d="M9 12l2 2 4-4" />
    </>
  ),
  briefcase: (
    <>
      <rect x="3" y="7" width="18" height="13" rx="2" />
      <path d="M9 7V5a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v2" />
    </>
  ),
  award: (
    <>
      <circle cx="12" cy="9" r="6" />
      <path d="M8.5 14.5L7 22l5-3 5 3-1.5-7.5" />
    </>
  ),
};

function BadgeIcon({ icon, tier }: { icon: string; tier?: string }) {
  return (
    <span className="badge-icon" style={tier ? { color: tierColor(tier) } : undefined}>
      <StrokeIcon size={18}>{ICONS[icon] ?? ICONS.award}</StrokeIcon>
    </span>
  );
}

/** Up to `max` badges, each with its icon and name. */
export function BadgeList({ badges, max }: { badges: readonly UserBadge[]; max: number }) {
  return (
    <ul className="badge-list">
      {badges.slice(0, max).map((b) => (
        <li key={b.id} className="badge-list-item" title={b.badge.description}>
          <BadgeIcon icon={b.badge.icon} tier={b.badge.tier} />
          <span className="badge-list-name">{b.badge.name}</span>
        </li>
      ))}
    </ul>
  );
}
