/**
 * The bid dialog (projects-and-bids 2.4): project summary, amount, timeline and proposal, tips,
 * the free-plan 'Bid Limit Reached' banner, Cancel and Submit Bid. Also edits the caller's own
 * pending bid (PATCH /api/bids/{bidId}). Used by My Bids and, exposed as 'bids/BidDialog', by the
 * projects remote's pages (props: BidDialogProps in @buildbid/ui).
 */

import { SubmissionKey } from '@buildbid/api-client';
import { type BidDialogProps, TextAreaInput, TextInput } from '@buildbid/ui';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-aria-components';
import { editBid, getMyStats, submitBid } from './api.ts';
import '@buildbid/ui/shared.css';
import {
  FormDialog,
  formatBudget,
  isBidLimitError,
  PinIcon,
  RemoteRouter,
  useFields,
  useReportFailure,
} from '@buildbid/ui';
import {
  type BidFormInput,
  FREE_MONTHLY_BID_LIMIT,
  isBidLimitReached,
  validateBidForm,
} from './bid-rules.ts';

type Props = BidDialogProps;

const BID_LIMIT_TITLE = 'Bid Limit Reached';
const BID_LIMIT_TEXT = `You've reached your monthly limit of ${FREE_MONTHLY_BID_LIMIT} bids on the free plan.`;

const TIPS = [
  'Be specific about what your price includes (labor, materials, permits).',
  'Give a realistic timeline in days, including any lead time for materials.',
  'Mention similar projects you have completed and any licences or insurance.',
  'Explain how you will handle changes, clean-up and warranty.',
];

/** The amount and the timeline, side by side above the proposal. */
const FIGURE_FIELDS = [
  { name: 'amount', label: 'Bid Amount (USD)', inputMode: 'decimal', placeholder: 'e.g. 15000' },
  { name: 'timeline', label: 'Timeline (days)', inputMode: 'numeric', placeholder: 'e.g. 30' },
] as const;

/** Exposed as 'bids/BidDialog': rendered inside another remote, so it brings its own RemoteRouter. */
export function BidDialog(props: Props) {
  return (
    <RemoteRouter navigate={props.navigate}>
      <BidDialogView {...props} />
    </RemoteRouter>
  );
}

function BidDialogView({ project, isOpen, onOpenChange, tier, bid, onSubmitted, toast, navigate }: Props) {
  const editing = Boolean(bid);
  const { values, field, reset, setErrors } = useFields<BidFormInput>({
    amount: '',
    timeline: '',
    proposal: '',
  });
  const [pending, setPending] = useState(false);
  const [stats, setStats] = useState<{ tier: string; bidsThisMonth: number } | null>(null);
  const [limitHit, setLimitHit] = useState(false);
  const report = useReportFailure({ toast, navigate });

  useEffect(() => {
    if (!isOpen) return;
    reset({
      amount: bid ? String(bid.amount) : '',
      timeline: bid ? String(bid.timeline) : '',
      proposal: bid?.proposal ?? '',
    });
    setLimitHit(false);
    if (bid) return;
    let live = true;
    getMyStats().then(
      (s) => {
        if (live) setStats({ tier: s.subscriptionTier, bidsThisMonth: s.bidsThisMonth });
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [isOpen, bid, reset]);

  const limitReached =
    !editing && (limitHit || (stats !== null && isBidLimitReached(stats.tier ?? tier, stats.bidsThisMonth)));

  const submissionKey = useRef(new SubmissionKey());

  async function submit() {
    if (pending || limitReached) return;
    const result = validateBidForm(values);
    if (!result.ok) {
      setErrors(Object.fromEntries(result.errors.map((e) => [e.field, e.message])));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      if (bid) await editBid(bid.id, result.payload);
      else {
        // A retry of the same bid after a lost answer gets the first answer, not 409 BID_ALREADY_EXISTS.
        const key = submissionKey.current.for(JSON.stringify([project.id, result.payload]));
        await submitBid(project.id, result.payload, key);
        submissionKey.current.renew();
      }
    } catch (error) {
      setPending(false);
      if (isBidLimitError(error)) {
        setLimitHit(true);
        return;
      }
      report(error);
      return;
    }
    setPending(false);
    toast({
      title: 'Success!',
      description: bid
        ? 'Your bid has been updated successfully.'
        : 'Your bid has been submitted successfully.',
    });
    onOpenChange(false);
    onSubmitted?.();
  }

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={editing ? 'Edit Bid' : 'Submit Bid'}
      className="bid-dialog"
      cancelWhilePending
      onSubmit={submit}
      submitLabel={editing ? 'Save Bid' : 'Submit Bid'}
      pendingLabel="Submitting..."
      pending={pending}
      isSubmitDisabled={limitReached}
      intro={
        <>
          <div className="bid-project">
            <p className="bid-project-title">{project.title}</p>
            <p className="muted small">
              {project.location && (
                <span>
                  <PinIcon /> {project.location}
                </span>
              )}
              {project.category && <span className="badge">{project.category}</span>}
            </p>
            <p className="bid-project-budget">{formatBudget(project.budgetMin, project.budgetMax)}</p>
          </div>

          {limitReached && (
            <div className="alert alert-destructive bid-limit" role="alert">
              <p className="alert-title">{BID_LIMIT_TITLE}</p>
              <p>{BID_LIMIT_TEXT}</p>
              <Link href="/pricing" className="text-link">
                Upgrade to Pro for Unlimited Bids
              </Link>
            </div>
          )}
        </>
      }
    >
      <div className="form-row">
        {FIGURE_FIELDS.map(({ name, ...input }) => (
          <TextInput key={name} {...input} {...field(name)} isRequired />
        ))}
      </div>
      <TextAreaInput
        label="Proposal"
        placeholder="Describe your approach, what is included, and why you are the right fit."
        {...field('proposal')}
        rows={6}
        isRequired
      />
      <div className="bid-tips">
        <p className="bid-tips-title">Tips for a winning bid</p>
        <ul>
          {TIPS.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      </div>
    </FormDialog>
  );
}
