import type { EventOutbox, EventPublisher, Outcome } from '../../application/shared/marketplace-ports.ts';

/**
 * UnitOfWork.commit's steps for every unit of work (and the in-memory one of the tests): inside the
 * transaction `run` opens, the work's events go to the outbox; after the commit they are published.
 * Nothing is published when the work throws or the commit fails.
 */
export async function commitThenPublish<Tx extends { outbox: EventOutbox }, T>(
  run: (work: (tx: Tx) => Promise<Outcome<T>>) => Promise<Outcome<T>>,
  publisher: EventPublisher | undefined,
  work: (tx: Tx) => Promise<Outcome<T>>,
): Promise<T> {
  if (!publisher) throw new Error('UnitOfWork.commit needs the EventPublisher it publishes to');
  const { result, events } = await run(async (tx) => {
    const outcome = await work(tx);
    if (outcome.events.length > 0) await tx.outbox.add(outcome.events);
    return outcome;
  });
  if (events.length > 0) await publisher.publish(events);
  return result;
}
