/**
 * The owner's Compare view of received bids (bid leveling, decision 0132): a react-aria
 * Table, one row per bid, sortable by amount, timeline, rating and date, with the lowest amount and the
 * shortest timeline marked, the spread (lowest, median, highest) and each bid's difference from the
 * median. Accept and Decline call the same decide() as the list. In less than 640 px of room the rows become cards,
 * sorted with a labelled select (the headers are hidden there).
 */
import type { ProjectBid } from '@buildbid/api-client';
import {
  type CompareSortKey,
  differenceFromMedian,
  lowestAmountIds,
  shortestTimelineIds,
  sortBids,
  spreadOf,
} from '@buildbid/domain/bid';
import { formatDate, formatUsd, personName, SelectInput, StatusBadge } from '@buildbid/ui';
import { type ReactNode, useMemo, useState } from 'react';
import {
  Button,
  Cell,
  Column,
  Row,
  type SortDescriptor,
  Table,
  TableBody,
  TableHeader,
} from 'react-aria-components';
import { BidderRating } from './BidderRating.tsx';

const EXCERPT_LENGTH = 90;

type Decision = 'accepted' | 'rejected';

const DECISIONS = [
  { status: 'accepted', label: 'Accept', tone: 'btn-primary' },
  { status: 'rejected', label: 'Decline', tone: 'btn-outline' },
] as const;

/**
 * Accept and Decline for a pending bid, here and in the Received Bids list. `bidder` names the bid in
 * the buttons' accessible names ('Accept the bid of …'); `small` for the table's buttons.
 */
export function DecisionButtons({
  bidder,
  small = false,
  isDisabled,
  onDecide,
}: {
  bidder?: string;
  small?: boolean;
  isDisabled: boolean;
  onDecide(status: Decision): void;
}) {
  return DECISIONS.map((d) => (
    <Button
      key={d.status}
      className={small ? `btn ${d.tone} btn-small` : `btn ${d.tone}`}
      {...(bidder ? { 'aria-label': `${d.label} the bid of ${bidder}` } : {})}
      isDisabled={isDisabled}
      onPress={() => onDecide(d.status)}
    >
      {d.label}
    </Button>
  ));
}

/** A table cell that names its column itself, for the narrow layout where the rows are cards. */
function LabelledCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Cell>
      <span className="compare-label" aria-hidden="true">
        {label}
      </span>
      {children}
    </Cell>
  );
}

/** '18500.00' → 1850000 (the API's amounts are decimal strings with 2 places). */
function toCents(amount: string | number): number {
  return Math.round(Number(amount) * 100);
}

function excerpt(text: string, max = EXCERPT_LENGTH): string {
  const chars = [...text.trim()];
  return chars.length <= max ? text.trim() : `${chars.slice(0, max - 1).join('')}…`;
}

/** '+$1,250.00 vs median', '−$300.00 vs median' or 'At median'. */
function medianText(diffCents: number): string {
  if (diffCents === 0) return 'At median';
  const sign = diffCents > 0 ? '+' : '−';
  return `${sign}${formatUsd((Math.abs(diffCents) / 100).toFixed(2))} vs median`;
}

/**
 * The card view's sort control (decision 0198): below 640 px the column headers are hidden, so a
 * labelled select offers the same keys as the table's sortable headers, each in both directions.
 */
export const SORT_CHOICES: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'amount:ascending', label: 'Amount: lowest first' },
  { value: 'amount:descending', label: 'Amount: highest first' },
  { value: 'timeline:ascending', label: 'Timeline: shortest first' },
  { value: 'timeline:descending', label: 'Timeline: longest first' },
  { value: 'rating:descending', label: 'Rating: highest first' },
  { value: 'rating:ascending', label: 'Rating: lowest first' },
  { value: 'date:descending', label: 'Submitted: newest first' },
  { value: 'date:ascending', label: 'Submitted: oldest first' },
];

export function sortChoiceOf(sort: SortDescriptor): string {
  return `${String(sort.column)}:${sort.direction ?? 'ascending'}`;
}

export function sortFromChoice(value: string): SortDescriptor | null {
  if (!SORT_CHOICES.some((c) => c.value === value)) return null;
  const [column, direction] = value.split(':') as [CompareSortKey, 'ascending' | 'descending'];
  return { column, direction };
}

interface CompareRow {
  id: string;
  amountCents: number;
  timeline: number;
  rating: number;
  createdAt: Date;
  bid: ProjectBid;
}

export function CompareBids({
  bids,
  isOwner,
  deciding,
  onDecide,
}: {
  bids: readonly ProjectBid[];
  isOwner: boolean;
  deciding: string | null;
  onDecide(bidId: string, status: 'accepted' | 'rejected'): void;
}) {
  const [sort, setSort] = useState<SortDescriptor>({ column: 'amount', direction: 'ascending' });
  const rows: CompareRow[] = useMemo(
    () =>
      bids.map((b) => ({
        id: b.id,
        amountCents: toCents(b.amount),
        timeline: b.timeline,
        rating: Number(b.contractor.rating) || 0,
        createdAt: new Date(b.createdAt),
        bid: b,
      })),
    [bids],
  );
  const spread = spreadOf(rows.map((r) => r.amountCents));
  const lowest = lowestAmountIds(rows);
  const shortest = shortestTimelineIds(rows);
  const sorted = sortBids(rows, sort.column as CompareSortKey, sort.direction ?? 'ascending');
  if (!spread) return <p className="muted">No bids yet.</p>;

  return (
    <div className="compare">
      <dl className="compare-spread" aria-label="Spread of the amounts">
        <div>
          <dt>Lowest</dt>
          <dd>{formatUsd((spread.lowestCents / 100).toFixed(2))}</dd>
        </div>
        <div>
          <dt>Median</dt>
          <dd>{formatUsd((spread.medianCents / 100).toFixed(2))}</dd>
        </div>
        <div>
          <dt>Highest</dt>
          <dd>{formatUsd((spread.highestCents / 100).toFixed(2))}</dd>
        </div>
      </dl>
      <div className="compare-sort">
        <SelectInput
          label="Sort bids by"
          name="compare-sort"
          value={sortChoiceOf(sort)}
          options={SORT_CHOICES}
          onChange={(value) => {
            const next = sortFromChoice(value);
            if (next) setSort(next);
          }}
        />
      </div>
      <Table aria-label="Compare bids" className="compare-table" sortDescriptor={sort} onSortChange={setSort}>
        <TableHeader>
          <Column id="bidder" isRowHeader>
            Bidder
          </Column>
          <Column id="amount" allowsSorting>
            Amount
          </Column>
          <Column id="timeline" allowsSorting>
            Timeline
          </Column>
          <Column id="rating" allowsSorting>
            Rating
          </Column>
          <Column id="proposal">Proposal</Column>
          <Column id="status">Status</Column>
          <Column id="date" allowsSorting>
            Submitted
          </Column>
          <Column id="actions">Actions</Column>
        </TableHeader>
        <TableBody items={sorted}>
          {(r) => {
            const b = r.bid;
            return (
              <Row id={r.id}>
                <LabelledCell label="Bidder">{personName(b.contractor, 'Contractor')}</LabelledCell>
                <LabelledCell label="Amount">
                  <strong>{formatUsd(b.amount)}</strong>
                  {lowest.has(r.id) && <span className="badge badge-best compare-mark">Lowest</span>}
                  <span className="muted small compare-diff">
                    {medianText(differenceFromMedian(r.amountCents, spread))}
                  </span>
                </LabelledCell>
                <LabelledCell label="Timeline">
                  {b.timeline} days
                  {shortest.has(r.id) && <span className="badge badge-best compare-mark">Shortest</span>}
                </LabelledCell>
                <LabelledCell label="Rating">
                  <BidderRating bidder={b.contractor} />
                </LabelledCell>
                <LabelledCell label="Proposal">{excerpt(b.proposal)}</LabelledCell>
                <LabelledCell label="Status">
                  <StatusBadge status={b.status} />
                </LabelledCell>
                <LabelledCell label="Submitted">{formatDate(b.createdAt)}</LabelledCell>
                <Cell>
                  {isOwner && b.status === 'pending' ? (
                    <div className="actions">
                      <DecisionButtons
                        bidder={personName(b.contractor, 'Contractor')}
                        small
                        isDisabled={deciding !== null}
                        onDecide={(status) => onDecide(b.id, status)}
                      />
                    </div>
                  ) : null}
                </Cell>
              </Row>
            );
          }}
        </TableBody>
      </Table>
    </div>
  );
}
