import type { components } from '@buildbid/api-client';
import { unwrap } from '@buildbid/api-client';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { Button, Link } from 'react-aria-components';
import { api } from '../api.ts';
import { Logo } from '../components/Logo.tsx';
import { VisitorTopBar } from '../components/VisitorTopBar.tsx';

/**
 * The landing page. Featured Projects, the figures and (once at least three exist) the testimonials are
 * real, from GET /api/landing (decision 0122); the sample quotes below show only before that.
 */
export type LandingData = components['schemas']['Landing'];

/** GET /api/landing (public). */
export function loadLanding(): Promise<LandingData> {
  return unwrap(api.GET('/api/landing'));
}

const ROLE_NAMES: Record<string, string> = {
  client: 'Client',
  contractor: 'Contractor',
  vendor: 'Vendor',
  admin: 'Admin',
};

function usd(value: string | null): string | null {
  if (value === null) return null;
  return Number(value).toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  });
}

function budgetText(min: string | null, max: string | null): string {
  const a = usd(min);
  const b = usd(max);
  return a && b ? `${a} - ${b}` : 'Budget negotiable';
}

/** Relative time as on the cards: 'just now', 'N minutes ago', 'N hours ago', then days and weeks. */
function postedAgo(iso: string, now = Date.now()): string {
  const elapsed = Math.max(0, now - new Date(iso).getTime());
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'} ago`;
  if (elapsed < 60_000) return 'just now';
  if (elapsed < 3_600_000) return unit(Math.floor(elapsed / 60_000), 'minute');
  if (elapsed < 86_400_000) return unit(Math.floor(elapsed / 3_600_000), 'hour');
  const days = Math.floor(elapsed / 86_400_000);
  if (days < 7) return unit(days, 'day');
  if (days < 30) return unit(Math.floor(days / 7), 'week');
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}
const FEATURES = [
  {
    title: 'Post Project Details',
    text: 'Describe the job, from a hurricane-ready roof in Nassau to a beach-house deck in Exuma. Add your timeline, budget, blueprints and photos.',
    icon: '📝',
  },
  {
    title: 'Connect with Professionals',
    text: 'Licensed contractors and trusted material vendors across the islands see your project and reach out.',
    icon: '🤝',
  },
  {
    title: 'Compare Bids',
    text: 'Review competing bids side by side: price, timeline, proposal and the bidder’s ratings.',
    icon: '⚖️',
  },
  {
    title: 'Award Projects',
    text: 'Accept the bid that fits your project and budget, then get building with confidence.',
    icon: '🏆',
  },
];

/** Sample quotes, shown only until three real reviews rated 4 or more exist. */
const TESTIMONIALS = [
  {
    quote:
      'I posted our kitchen on a Monday and had five solid bids by Friday. We picked a local crew who finished ahead of schedule.',
    name: 'Shanice R.',
    role: 'Client',
    place: 'Nassau',
  },
  {
    quote:
      'BuildBid fills the gaps in my calendar. Clear project details mean I price jobs properly the first time.',
    name: 'Marcus T.',
    role: 'Contractor',
    place: 'Freeport',
  },
  {
    quote:
      'Comparing bids side by side took the guesswork out of our storm-shutter upgrade. Fair prices, no surprises.',
    name: 'Olivia & Dean K.',
    role: 'Client',
    place: 'Eleuthera',
  },
  {
    quote:
      'As a lumber and fixtures supplier, I now hear about projects while they are still being planned. That changes everything.',
    name: 'Andre M.',
    role: 'Vendor',
    place: 'Abaco',
  },
];

/** Footer links lead to real pages or anchors (decision 0122); Support is a mailto. */
const FOOTER_LINKS: ReadonlyArray<{ label: string; href: string }> = [
  { label: 'How It Works', href: '#features' },
  { label: 'Pricing', href: '/pricing' },
  { label: 'For Contractors', href: '/register' },
  { label: 'For Clients', href: '/register' },
  { label: 'For Vendors', href: '/register' },
  { label: 'Support', href: 'mailto:support@buildbid.bs' },
];

/**
 * A landing section named by its heading (id `${name}-title`), with an optional lead line under it.
 * `headingRef` makes the heading a focus target (tabIndex -1) for a button that scrolls to it.
 */
function Section({
  id,
  name,
  className,
  innerClassName,
  title,
  lead,
  headingRef,
  children,
}: {
  id?: string;
  name: string;
  className?: string;
  innerClassName?: string;
  title: string;
  lead?: string;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      className={className ? `section ${className}` : 'section'}
      aria-labelledby={`${name}-title`}
    >
      <div className={innerClassName ? `container ${innerClassName}` : 'container'}>
        <h2
          id={`${name}-title`}
          className="section-title"
          ref={headingRef}
          tabIndex={headingRef ? -1 : undefined}
        >
          {title}
        </h2>
        {lead && <p className="section-lead">{lead}</p>}
        {children}
      </div>
    </section>
  );
}

export function LandingPage() {
  const featuresHeading = useRef<HTMLHeadingElement>(null);
  const [landing, setLanding] = useState<LandingData | null>(null);
  useEffect(() => {
    let live = true;
    loadLanding().then(
      (data) => {
        if (live) setLanding(data);
      },
      (error) => console.error('Landing: loading the featured projects failed', error),
    );
    return () => {
      live = false;
    };
  }, []);
  const testimonials =
    landing && landing.testimonials.length > 0
      ? landing.testimonials.map((t) => ({
          quote: t.comment,
          name: t.reviewerFirstName ?? 'A BuildBid member',
          role: ROLE_NAMES[t.reviewerRole] ?? t.reviewerRole,
          place: `${'★'.repeat(t.rating)}`,
        }))
      : TESTIMONIALS;

  function showHowItWorks() {
    const heading = featuresHeading.current;
    if (!heading) return;
    heading.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    heading.focus({ preventScroll: true });
  }

  return (
    <div className="landing" id="top">
      <VisitorTopBar />
      <main id="main">
        <section className="hero">
          <div className="container hero-inner">
            <p className="eyebrow">Construction &amp; renovation across the Bahamas</p>
            <h1 className="hero-title">
              Build it right, <span className="accent-text">bid by bid.</span>
            </h1>
            <p className="hero-lead">
              Post your project once and get competing bids from trusted contractors and suppliers, from
              Nassau to the Out Islands. Compare, choose and get building.
            </p>
            <div className="hero-actions">
              <Link href="/signin" className="btn btn-primary btn-lg">
                Get started
              </Link>
              <Button className="btn btn-outline btn-lg" onPress={showHowItWorks}>
                How it works
              </Button>
            </div>
          </div>
        </section>

        <Section
          id="features"
          name="features"
          title="How BuildBid works"
          lead="Four steps from idea to finished job."
          headingRef={featuresHeading}
        >
          <ol className="feature-grid">
            {FEATURES.map((f, i) => (
              <li key={f.title} className="card feature">
                <span className="feature-icon" aria-hidden="true">
                  {f.icon}
                </span>
                <p className="feature-step">Step {i + 1}</p>
                <h3>{f.title}</h3>
                <p className="muted">{f.text}</p>
              </li>
            ))}
          </ol>
        </Section>

        <Section
          name="featured"
          className="section-alt"
          title="Featured Projects"
          lead="The newest projects open for bids."
        >
          {landing && landing.featured.length === 0 && (
            <p className="muted">No open projects right now. Be the first to post one.</p>
          )}
          <ul className="project-grid">
            {(landing?.featured ?? []).map((p) => (
              <li key={p.id} className="card sample-project" data-testid="featured-project">
                <div className="sample-project-top">
                  <span className="badge">{p.category}</span>
                  <span className="badge badge-success">Active</span>
                </div>
                <h3>{p.title}</h3>
                <p className="muted">
                  <span aria-hidden="true">📍 </span>
                  {[p.city, p.island].filter(Boolean).join(', ') || p.location || p.country}
                </p>
                <p className="muted small">Posted {postedAgo(p.createdAt)}</p>
                <dl className="sample-project-facts">
                  <div>
                    <dt>Budget</dt>
                    <dd>{budgetText(p.budgetMin, p.budgetMax)}</dd>
                  </div>
                  <div>
                    <dt>Bids</dt>
                    <dd>
                      {p.bidCount} {p.bidCount === 1 ? 'bid' : 'bids'}
                    </dd>
                  </div>
                </dl>
                <Link href="/signin" className="btn btn-outline btn-sm">
                  Sign in to bid
                </Link>
              </li>
            ))}
          </ul>
          {landing && (
            <p className="landing-figures" data-testid="landing-figures">
              <strong>{landing.figures.projectsPosted}</strong>{' '}
              {landing.figures.projectsPosted === 1 ? 'project posted' : 'projects posted'} ·{' '}
              <strong>{landing.figures.contractorsRegistered}</strong>{' '}
              {landing.figures.contractorsRegistered === 1
                ? 'contractor registered'
                : 'contractors registered'}
            </p>
          )}
        </Section>

        <Section name="testimonials" title="What our community says">
          <ul className="testimonial-grid">
            {testimonials.map((t) => (
              <li key={t.name} className="card testimonial">
                <figure>
                  <blockquote>“{t.quote}”</blockquote>
                  <figcaption>
                    <strong>{t.name}</strong>
                    <span className="muted">
                      {' '}
                      · {t.role}, {t.place}
                    </span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </Section>

        <Section
          name="cta"
          className="cta"
          innerClassName="cta-inner"
          title="Ready to start your next project?"
          lead="Join the clients, contractors and vendors building a better Bahamas. It's free to get started."
        >
          <div className="hero-actions">
            <Link href="/api/login" className="btn btn-accent btn-lg">
              Sign up
            </Link>
            <Link href="/api/login" className="btn btn-outline-light btn-lg">
              Log in
            </Link>
          </div>
        </Section>
      </main>
      <footer className="footer">
        <div className="container footer-inner">
          <Logo />
          <nav aria-label="Footer">
            <ul className="footer-links">
              {FOOTER_LINKS.map((link) => (
                <li key={link.label}>
                  <a href={link.href} className="footer-link">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <p className="muted small">© {new Date().getFullYear()} BuildBid. Made in the Bahamas.</p>
        </div>
      </footer>
    </div>
  );
}
