import { useRef } from 'react';
import { Button, Link } from 'react-aria-components';
import { Logo } from '../components/Logo.tsx';
import { VisitorTopBar } from '../components/VisitorTopBar.tsx';

/** All figures and quotes on this page are static marketing samples (accounts-and-shell section 9). */
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

const SAMPLE_PROJECTS = [
  {
    title: 'Kitchen remodel with island',
    kind: 'Kitchen',
    city: 'Nassau, New Providence',
    budget: '$18,000 - $25,000',
    bids: 7,
  },
  {
    title: 'Bathroom refresh and walk-in shower',
    kind: 'Bathroom',
    city: 'Freeport, Grand Bahama',
    budget: '$8,000 - $12,000',
    bids: 4,
  },
  {
    title: 'Waterfront deck in hardwood',
    kind: 'Deck',
    city: 'George Town, Exuma',
    budget: '$12,000 - $16,000',
    bids: 5,
  },
];

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

const FOOTER_LINKS = ['About', 'How It Works', 'Contractors', 'Clients', 'Vendors', 'Support'];

export function LandingPage() {
  const featuresHeading = useRef<HTMLHeadingElement>(null);

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

        <section id="features" className="section" aria-labelledby="features-title">
          <div className="container">
            <h2 id="features-title" className="section-title" ref={featuresHeading} tabIndex={-1}>
              How BuildBid works
            </h2>
            <p className="section-lead">Four steps from idea to finished job.</p>
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
          </div>
        </section>

        <section className="section section-alt" aria-labelledby="featured-title">
          <div className="container">
            <h2 id="featured-title" className="section-title">
              Featured Projects
            </h2>
            <p className="section-lead">A taste of what islanders are building right now.</p>
            <ul className="project-grid">
              {SAMPLE_PROJECTS.map((p) => (
                <li key={p.kind} className="card sample-project">
                  <div className="sample-project-top">
                    <span className="badge">{p.kind}</span>
                    <span className="badge badge-success">Active</span>
                  </div>
                  <h3>{p.title}</h3>
                  <p className="muted">
                    <span aria-hidden="true">📍 </span>
                    {p.city}
                  </p>
                  <dl className="sample-project-facts">
                    <div>
                      <dt>Budget</dt>
                      <dd>{p.budget}</dd>
                    </div>
                    <div>
                      <dt>Bids</dt>
                      <dd>{p.bids} bids</dd>
                    </div>
                  </dl>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="section" aria-labelledby="testimonials-title">
          <div className="container">
            <h2 id="testimonials-title" className="section-title">
              What our community says
            </h2>
            <ul className="testimonial-grid">
              {TESTIMONIALS.map((t) => (
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
          </div>
        </section>

        <section className="section cta" aria-labelledby="cta-title">
          <div className="container cta-inner">
            <h2 id="cta-title" className="section-title">
              Ready to start your next project?
            </h2>
            <p className="section-lead">
              Join the clients, contractors and vendors building a better Bahamas. It's free to get started.
            </p>
            <div className="hero-actions">
              <Link href="/api/login" className="btn btn-accent btn-lg">
                Sign up
              </Link>
              <Link href="/api/login" className="btn btn-outline-light btn-lg">
                Log in
              </Link>
            </div>
          </div>
        </section>
      </main>
      <footer className="footer">
        <div className="container footer-inner">
          <Logo />
          <nav aria-label="Footer">
            <ul className="footer-links">
              {FOOTER_LINKS.map((label) => (
                <li key={label}>
                  {/* Placeholder links: their pages do not exist yet. */}
                  <a href="#top" className="footer-link">
                    {label}
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
