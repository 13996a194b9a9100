/** The bid form's rules (projects-and-bids sections 8 and 9), as pure functions. */
import { FREE_MONTHLY_BID_LIMIT } from '@buildbid/domain/account';

export { FREE_MONTHLY_BID_LIMIT };

export interface FieldMessage<F extends string = string> {
  field: F;
  message: string;
}

// ---- Bid form ----------------------------------------------------------------------------

export interface BidFormInput {
  amount: string;
  timeline: string;
  proposal: string;
}

export type BidField = keyof BidFormInput;

export interface BidPayload {
  amount: number;
  timeline: number;
  proposal: string;
}

/**
 * Amount and timeline are typed as text: 'Amount is required' / 'Timeline is required'. The amount
 * becomes a decimal number and the timeline a whole number; anything else is 'Invalid input'.
 * The proposal is required by the shared bid schema, whose default message is 'Required'.
 */
export function validateBidForm(
  input: BidFormInput,
): { ok: true; payload: BidPayload } | { ok: false; errors: FieldMessage<BidField>[] } {
  const errors: FieldMessage<BidField>[] = [];
  const amountText = input.amount.trim().replace(/[$,\s]/g, '');
  const timelineText = input.timeline.trim();
  let amount = Number.NaN;
  let timeline = Number.NaN;
  if (amountText === '') errors.push({ field: 'amount', message: 'Amount is required' });
  else {
    amount = /^\d+(\.\d{1,2})?$/.test(amountText) ? Number.parseFloat(amountText) : Number.NaN;
    if (!Number.isFinite(amount) || amount <= 0) errors.push({ field: 'amount', message: 'Invalid input' });
  }
  if (timelineText === '') errors.push({ field: 'timeline', message: 'Timeline is required' });
  else {
    timeline = /^\d+$/.test(timelineText) ? Number.parseInt(timelineText, 10) : Number.NaN;
    if (!Number.isInteger(timeline) || timeline < 1)
      errors.push({ field: 'timeline', message: 'Invalid input' });
  }
  if (input.proposal.trim() === '') errors.push({ field: 'proposal', message: 'Required' });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, payload: { amount, timeline, proposal: input.proposal.trim() } };
}

/** A free-tier user with bidsThisMonth of 3 or more cannot submit. */
export function isBidLimitReached(tier: string | null | undefined, bidsThisMonth: number | null | undefined) {
  return tier !== 'pro' && (bidsThisMonth ?? 0) >= FREE_MONTHLY_BID_LIMIT;
}
