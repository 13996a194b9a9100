import { PHASE_LABELS, type ProjectPhase } from '@buildbid/domain/project';
import { formatTimeLeft } from './format.ts';

export function phaseLabel(phase: string): string {
  return PHASE_LABELS[phase as ProjectPhase] ?? phase;
}

/**
 * The phase badge. In the bidding phase with a bid deadline it shows the time remaining
 * ('Nd Nh left', 'Nh left', 'Nm left' or 'Ended'); an ended deadline turns it red.
 */
export function PhaseBadge({
  phase,
  bidDeadline,
  now,
}: {
  phase: string;
  bidDeadline: string | null | undefined;
  now?: Date;
}) {
  if (phase === 'bidding' && bidDeadline) {
    const left = formatTimeLeft(bidDeadline, now);
    return (
      <span className={left.ended ? 'badge badge-danger' : 'badge badge-phase'} title="Bid deadline">
        {phaseLabel(phase)} · {left.text}
      </span>
    );
  }
  return <span className="badge badge-phase">{phaseLabel(phase)}</span>;
}

export function StatusBadge({ status }: { status: string }) {
  const cls =
    status === 'accepted' || status === 'active'
      ? 'badge badge-success'
      : status === 'rejected' || status === 'cancelled'
        ? 'badge badge-danger'
        : 'badge';
  const text =
    status === 'rejected'
      ? 'Not Selected'
      : status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' ');
  return <span className={cls}>{text}</span>;
}
