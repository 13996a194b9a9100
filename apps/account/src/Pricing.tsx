/**
 * Pricing (/pricing, for visitors too; accounts-and-shell sections 2 and 6): Free and Pro cards,
 * the FAQ and a closing call to action. The current plan's button is disabled ('Current Plan').
 */
import type { ApiUser } from '@buildbid/api-client';
import { Button, Link } from 'react-aria-components';
import { FAQ, FREE_FEATURES, PRO_FEATURES, PRO_FOR_BIDDERS, PRO_ROLES_NOTE } from './plans.ts';

const LOGIN_URL = '/api/login';

/** Where the plan buttons lead: signed in → the dashboard or /subscribe; visitors → the login. */
export function pricingTargets(signedIn: boolean): { free: string; pro: string } {
  return signedIn ? { free: '/', pro: '/subscribe' } : { free: LOGIN_URL, pro: LOGIN_URL };
}

function CurrentPlan() {
  return (
    <Button className="btn btn-outline btn-block" isDisabled>
      Current Plan
    </Button>
  );
}

function Check() {
  return (
    <span className="plan-check" aria-hidden="true">
      ✓
    </span>
  );
}

export function PricingPage({ user }: { user: ApiUser | null }) {
  const targets = pricingTargets(user !== null);
  const current = user?.subscriptionTier ?? null;
  const bidder = user?.role === 'contractor' || user?.role === 'vendor';
  return (
    <div className="pricing">
      <header className="pricing-head">
        <h1 className="page-title">Choose Your Plan</h1>
        <p className="page-lead">Start free and upgrade when you need unlimited bids.</p>
      </header>

      <div className="plan-grid">
        <section className="card plan-card" aria-labelledby="plan-free">
          <h2 id="plan-free" className="plan-name">
            Free
          </h2>
          <p className="plan-price">
            <span className="plan-amount">$0</span>
            <span className="muted">/month</span>
          </p>
          <p className="muted">For getting started on BuildBid.</p>
          <ul className="plan-features">
            {FREE_FEATURES.map((f) => (
              <li key={f}>
                <Check /> {f}
              </li>
            ))}
          </ul>
          {current === 'free' ? (
            <CurrentPlan />
          ) : (
            <Link href={targets.free} className="btn btn-outline btn-block">
              Get Started Free
            </Link>
          )}
        </section>

        <section className="card plan-card plan-popular" aria-labelledby="plan-pro">
          <span className="plan-ribbon">Most Popular</span>
          <h2 id="plan-pro" className="plan-name">
            Pro
          </h2>
          <p className="plan-price">
            <span className="plan-amount">$29</span>
            <span className="muted">/month</span>
          </p>
          <p className="muted">For contractors who bid often.</p>
          <p className="small plan-note">{bidder || !user ? PRO_FOR_BIDDERS : PRO_ROLES_NOTE}</p>
          <ul className="plan-features">
            {PRO_FEATURES.map((f) => (
              <li key={f}>
                <Check /> {f}
                {f === 'Unlimited bids' && (
                  <span className="infinity" aria-hidden="true">
                    {' '}
                    ∞
                  </span>
                )}
              </li>
            ))}
          </ul>
          {current === 'pro' ? (
            <CurrentPlan />
          ) : (
            <Link href={targets.pro} className="btn btn-primary btn-block">
              Upgrade to Pro
            </Link>
          )}
        </section>
      </div>

      <section className="faq" aria-labelledby="faq-title">
        <h2 id="faq-title" className="section-title">
          Frequently Asked Questions
        </h2>
        <dl className="faq-list">
          {FAQ.map((item) => (
            <div key={item.q} className="card faq-item">
              <dt className="faq-q">{item.q}</dt>
              <dd className="faq-a muted">{item.a}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="card pricing-cta" aria-labelledby="pricing-cta-title">
        <h2 id="pricing-cta-title" className="section-title">
          Ready to win more projects?
        </h2>
        <p className="muted">
          Try Pro free for 7 days: unlimited bids, priority access and real-time alerts.
        </p>
        {current === 'pro' ? (
          <Button className="btn btn-outline btn-lg" isDisabled>
            Current Plan
          </Button>
        ) : (
          <Link href={targets.pro} className="btn btn-primary btn-lg">
            Start Free Trial
          </Link>
        )}
      </section>
    </div>
  );
}
