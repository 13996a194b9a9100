import { Link } from 'react-aria-components';

/** The brand mark: a roof over a bid bar. Links to '/'. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <Link href="/" className={`logo ${className}`} aria-label="BuildBid home">
      <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--brand)" />
        <path d="M6 16 16 8l10 8" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinejoin="round" />
        <rect x="10" y="18" width="12" height="3.2" rx="1.6" fill="var(--accent)" />
        <rect x="10" y="22.8" width="8" height="3.2" rx="1.6" fill="#fff" />
      </svg>
      <span className="logo-text" aria-hidden="true">
        Build<span className="logo-accent">Bid</span>
      </span>
    </Link>
  );
}
