/**
 * Profile → Preferences: 'Blocked people' (issue 27 item 4, decision 0220). Whom the user blocked, newest
 * first, each with 'Unblock'. Unblocking is undone by blocking again from the conversation, so it asks
 * nothing first. After an unblock the focus goes to the next row's button, or to the card's title.
 */
import { errorText, formatDate, LoadFailed, personName, useLoad, useSubmit } from '@buildbid/ui';
import { useRef } from 'react';
import { Button } from 'react-aria-components';
import { flushSync } from 'react-dom';
import { type BlockedUser, listBlockedUsers, unblockUser } from '../api.ts';
import type { Shell } from './shared.tsx';

const TITLE_ID = 'blocked-people-title';

/** The name a blocked person is listed under: 'Deleted user' once their account is gone. */
export function blockedName(person: BlockedUser): string {
  return person.deleted ? 'Deleted user' : personName(person, 'Unknown');
}

export function BlockedPeopleCard({ shell }: { shell: Shell }) {
  const { state, reload, setState } = useLoad('blocked-people', listBlockedUsers);
  const people = state.data ?? [];
  const unblock = useSubmit(shell);
  const list = useRef<HTMLUListElement>(null);

  async function undo(person: BlockedUser, index: number) {
    const done = await unblock.run(() => unblockUser(person.id));
    if (!done) return;
    flushSync(() =>
      setState((prev) => ({ status: 'ready', data: (prev.data ?? []).filter((p) => p.id !== person.id) })),
    );
    const buttons = list.current?.querySelectorAll('button');
    const next = buttons?.[Math.min(index, buttons.length - 1)];
    if (next) next.focus();
    else document.getElementById(TITLE_ID)?.focus();
    shell.toast({ title: `${blockedName(person)} unblocked` });
  }

  return (
    <section className="profile-tab blocked-people" aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID} className="card-title" tabIndex={-1}>
        Blocked people
      </h2>
      <p className="muted small">
        People you block can't message you or bid on your projects. They aren't told.
      </p>
      {state.status === 'loading' && (
        <p className="muted" role="status">
          Loading...
        </p>
      )}
      {state.status === 'error' && (
        <LoadFailed className="blocked-load-failed" onRetry={reload}>
          {errorText(state.error)}
        </LoadFailed>
      )}
      {state.status === 'ready' && people.length === 0 && (
        <p className="muted">You haven't blocked anyone.</p>
      )}
      {people.length > 0 && (
        <ul ref={list} className="blocked-list" aria-label="People you blocked">
          {people.map((person, index) => {
            const name = blockedName(person);
            return (
              <li key={person.id} className="blocked-item">
                <div>
                  <p className="blocked-name">{name}</p>
                  <p className="muted small">Blocked {formatDate(person.blockedAt)}</p>
                </div>
                <Button
                  className="btn btn-outline btn-small"
                  aria-label={`Unblock ${name}`}
                  isDisabled={unblock.pending}
                  onPress={() => void undo(person, index)}
                >
                  Unblock
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
