/**
 * The contractor's own bids on the cards in view (decision 0183): a card shows 'Your bid: …' instead of
 * 'Submit Bid' where the caller already bid. Like saved projects, this is per caller and so not part of
 * the shared list pages: it is asked for the ids on screen (at most 50 a call), and asked again after a
 * bid. Until it is known, a card offers no bid button rather than one that would fail.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { listMyBidStatuses, type MyBidStatus } from './api.ts';

const BATCH = 50;

export function useMyBidStatuses(projectIds: readonly string[], enabled: boolean) {
  const [known, setKnown] = useState<ReadonlyMap<string, MyBidStatus['status'] | null>>(new Map());
  const asked = useRef(new Set<string>());
  const [round, setRound] = useState(0);
  const key = projectIds.join(',');

  useEffect(() => {
    if (!enabled) return;
    const missing = key.split(',').filter((id) => id !== '' && !asked.current.has(id));
    if (missing.length === 0) return;
    for (const id of missing) asked.current.add(id);
    let live = true;
    const batches: string[][] = [];
    for (let i = 0; i < missing.length; i += BATCH) batches.push(missing.slice(i, i + BATCH));
    Promise.all(batches.map((ids) => listMyBidStatuses(ids)))
      .then((answers) => {
        if (!live) return;
        const found = new Map(answers.flat().map((a) => [a.projectId, a.status] as const));
        live = false;
        setKnown((current) => {
          const next = new Map(current);
          for (const id of missing) next.set(id, found.get(id) ?? null);
          return next;
        });
      })
      .catch(() => {
        // Unknown: ask again next time rather than offer a button that may fail.
        for (const id of missing) asked.current.delete(id);
      });
    return () => {
      // Interrupted before the answer came: ask for these ids again next time.
      if (live) for (const id of missing) asked.current.delete(id);
      live = false;
    };
  }, [key, enabled, round]);

  /** Forget what is known (after a bid) and ask again. */
  const refresh = useCallback(() => {
    asked.current.clear();
    setKnown(new Map());
    setRound((r) => r + 1);
  }, []);

  /** undefined while unknown; null where the caller has no bid. */
  const statusOf = useCallback((id: string) => (enabled ? known.get(id) : null), [known, enabled]);
  return { statusOf, refresh };
}
