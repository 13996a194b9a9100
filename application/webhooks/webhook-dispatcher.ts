import { UseCase } from '../shared/use-case.ts';
import { type AttemptDeps, attemptDelivery } from './shared.ts';

/** A round stops claiming after this many batches, so it ends (and reports) while deliveries keep coming. */
const BATCHES_PER_ROUND = 10;

/**
 * The worker (docs/decisions/0212-signed-webhooks.md): a round sends the deliveries due at its start, up to
 * `batchSize` at a time in flight, claiming more as places free up (SKIP LOCKED, so every instance runs it),
 * so one slow receiver holds one place, not the round. A background loop calls `runDue` every second or so,
 * and at once when the subscriber queued something (its `wake`).
 */
export class WebhookDispatcher extends UseCase<AttemptDeps> {
  /**
   * One round for the deliveries due at `now` (the clock's, by default); each attempt is signed and recorded
   * at the clock's time when it starts. Answers how many deliveries were attempted.
   */
  async runDue(now: Date = this.deps.clock.now()): Promise<number> {
    const { batchSize, leaseMs } = this.deps.settings;
    const running = new Set<Promise<void>>();
    const failures: unknown[] = [];
    let attempted = 0;
    let more = true;
    while (more || running.size > 0) {
      const free = Math.min(batchSize - running.size, batchSize * BATCHES_PER_ROUND - attempted);
      // Claims when half the places are free (or all are), so a claim statement serves several deliveries.
      if (more && free > 0 && (running.size === 0 || free >= batchSize / 2)) {
        const claimed = await this.deps.deliveries.claimDue(now, free, leaseMs);
        more = claimed.length === free && attempted + free < batchSize * BATCHES_PER_ROUND;
        attempted += claimed.length;
        for (const c of claimed) {
          // Each attempt records itself; one that could not (no database) goes again after its lease.
          const attempt: Promise<void> = attemptDelivery(this.deps, c, this.deps.clock.now(), true)
            .then(
              () => undefined,
              (error: unknown) => void failures.push(error),
            )
            .finally(() => running.delete(attempt));
          running.add(attempt);
        }
      }
      if (running.size > 0) await Promise.race(running);
    }
    if (failures.length > 0) throw failures[0];
    return attempted;
  }
}
