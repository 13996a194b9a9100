/**
 * Pricing (/pricing, for visitors too; accounts-and-shell sections 2 and 6): Free and Pro cards,
 * the FAQ and a closing call to action. The current plan's button is disabled ('Current Plan').
 */
import type { ApiUser } from '@buildbid/api-client';
import { TitledCard } from '@buildbid/ui';
import type { ReactNode } from 'react';
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

/** A plan's features, each with its check mark; `infinity` marks 'Unlimited bids' with ∞. */
export function PlanFeatures({
  features,
  infinity = false,
}: {
  features: readonly string[];
  infinity?: boolean;
}) {
  return (
    <ul className="plan-features">
      {features.map((f) => (
        <li key={f}>
          <span className="plan-check" aria-hidden="true">
            ✓
          </span>{' '}
          {f}
          {infinity && f === 'Unlimited bids' && (
            <span className="infinity" aria-hidden="true">
              {' '}
              ∞
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** One plan's card: its name and monthly price, who it is for, its features, and its button. */
function PlanCard({
  id,
  name,
  price,
  lead,
  note,
  features,
  popular = false,
  current,
  action,
}: {
  id: string;
  name: string;
  price: string;
  lead: string;
  note?: ReactNode;
  features: readonly string[];
  popular?: boolean;
  /** The user's own plan: its button is the disabled 'Current Plan'. */
  current: boolean;
  action: ReactNode;
}) {
  return (
    <section className={popular ? 'card plan-card plan-popular' : 'card plan-card'} aria-labelledby={id}>
      {popular && <span className="plan-ribbon">Most Popular</span>}
      <h2 id={id} className="plan-name">
        {name}
      </h2>
      <p className="plan-price">
        <span className="plan-amount">{price}</span>
        <span className="muted">/month</span>
      </p>
      <p className="muted">{lead}</p>
      {note}
      <PlanFeatures features={features} infinity />
      {current ? <CurrentPlan /> : action}
    </section>
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
        <PlanCard
          id="plan-free"
          name="Free"
          price="$0"
          lead="For getting started on BuildBid."
          features={FREE_FEATURES}
          current={current === 'free'}
          action={
            <Link href={targets.free} className="btn btn-outline btn-block">
              Get Started Free
            </Link>
          }
        />
        <PlanCard
          id="plan-pro"
          name="Pro"
          price="$29"
          lead="For contractors who bid often."
          note={<p className="small plan-note">{bidder || !user ? PRO_FOR_BIDDERS : PRO_ROLES_NOTE}</p>}
          features={PRO_FEATURES}
          popular
          current={current === 'pro'}
          action={
            <Link href={targets.pro} className="btn btn-primary btn-block">
              Upgrade to Pro
            </Link>
          }
        />
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

      <TitledCard
        id="pricing-cta-title"
        title="Ready to win more projects?"
        className="pricing-cta"
        titleClassName="section-title"
      >
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
      </TitledCard>
    </div>
  );
}
