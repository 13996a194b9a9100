/** The Billing tab: the plan, the next charge, the payment portal and cancelling Pro. */
import type { ApiUser } from '@buildbid/api-client';
import { ConfirmDialog, formatDate, useReportFailure } from '@buildbid/ui';
import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { cancelSubscription, getSubscription, paymentPortalUrl, type Subscription } from '../api.ts';
import { fallbackNextBilling } from '../profile-rules.ts';
import { Facts, type Shell } from './shared.tsx';

const PRO_BILLING_AMOUNT = '$29.00';

/**
 * The next billing date: the provider's next charge (the trial's or period's end) when the API knows
 * it, else the spec's display-only now + 30 days. A cancelled subscription shows when Pro ends.
 */
export function nextBillingDate(subscription: Subscription | null, now: Date = new Date()): Date {
  const raw = subscription?.cancelAtPeriodEnd
    ? subscription.currentPeriodEnd
    : (subscription?.nextBillingDate ?? subscription?.currentPeriodEnd ?? subscription?.trialEnd ?? null);
  const date = raw ? new Date(raw) : null;
  return date && !Number.isNaN(date.getTime()) ? date : fallbackNextBilling(now);
}

/** '$29.00' from the API's decimal text, or the plan's constant. */
function billingAmount(subscription: Subscription | null): string {
  const n = Number(subscription?.amount);
  return subscription?.amount && Number.isFinite(n) ? `$${n.toFixed(2)}` : PRO_BILLING_AMOUNT;
}

export function BillingTab({ user, shell }: { user: ApiUser; shell: Shell }) {
  const isPro = user.subscriptionTier === 'pro';
  const [subscription, setSubscription] = useState<Subscription | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'portal' | 'cancel' | null>(null);
  const report = useReportFailure(shell);

  useEffect(() => {
    if (!isPro) return;
    let live = true;
    getSubscription().then(
      (answer) => {
        if (live) setSubscription(answer);
      },
      (error) => console.error('Subscription details failed to load', error),
    );
    return () => {
      live = false;
    };
  }, [isPro]);

  async function openPortal() {
    setBusy('portal');
    try {
      const url = await paymentPortalUrl();
      shell.navigate(url);
    } catch (error) {
      report(error);
    }
    setBusy(null);
  }

  async function cancel() {
    setBusy('cancel');
    try {
      setSubscription(await cancelSubscription());
    } catch (error) {
      setBusy(null);
      setConfirming(false);
      report(error);
      return;
    }
    setBusy(null);
    setConfirming(false);
    shell.toast({
      title: 'Subscription Cancelled',
      description: 'Your Pro plan stays active until the end of the current billing period.',
    });
    await shell.refreshUser();
  }

  const cancelling = subscription?.cancelAtPeriodEnd === true;
  return (
    <div className="profile-tab">
      <h2 className="card-title">Billing</h2>
      <Facts
        className="profile-readonly"
        rows={
          isPro
            ? [
                [
                  'Plan',
                  <>
                    Pro <span className="badge badge-accent">Pro</span>
                  </>,
                ],
                [cancelling ? 'Ends on' : 'Next billing date', formatDate(nextBillingDate(subscription))],
                ['Amount', billingAmount(subscription)],
              ]
            : [
                ['Plan', 'Free'],
                ['Amount', '$0'],
              ]
        }
      />
      {isPro ? (
        <>
          {subscription?.paymentsMode === 'sandbox' && (
            <p className="muted small">Test mode: payments run in the sandbox, without a billing portal.</p>
          )}
          <div className="actions">
            <Button
              className="btn btn-outline"
              isDisabled={busy !== null || subscription?.canUpdatePaymentMethod === false}
              onPress={() => void openPortal()}
            >
              {busy === 'portal' ? 'Opening...' : 'Update Payment Method'}
            </Button>
            {!cancelling && (
              <Button
                className="btn btn-danger"
                isDisabled={busy !== null}
                onPress={() => setConfirming(true)}
              >
                Cancel Subscription
              </Button>
            )}
          </div>
          <ConfirmDialog
            isOpen={confirming}
            onOpenChange={setConfirming}
            title="Cancel Subscription"
            confirmLabel="Cancel Subscription"
            pendingLabel="Cancelling..."
            pending={busy === 'cancel'}
            onConfirm={() => void cancel()}
          >
            Your Pro plan stays active until the end of the current billing period; after that you are on the
            free plan with 3 bids per month. Existing bids stay active.
          </ConfirmDialog>
        </>
      ) : (
        <>
          <p className="muted">You are on the free plan: 3 bids per month.</p>
          <Button className="btn btn-primary" onPress={() => shell.navigate('/pricing')}>
            Upgrade to Pro
          </Button>
        </>
      )}
    </div>
  );
}
