/**
 * Deadline changes and addenda (decision 0130): the owner's 'Extend Deadline' and
 * 'Post Addendum' dialogs, and the 'Addenda' section everyone signed in sees on the project page.
 * The API enforces every rule; these forms check only what a person would otherwise wait for.
 */

import type { ProjectAddendum, RemoteProps } from '@buildbid/api-client';
import {
  FormDialog,
  formatDate,
  platformDate,
  TextAreaInput,
  TextInput,
  TitledCard,
  useFields,
  useLoad,
  useSubmit,
} from '@buildbid/ui';
import { useEffect, useState } from 'react';
import { changeBidDeadline, listAddenda, postAddendum } from '../api.ts';
import { earliestDeadlineDay, extendDeadlineBounds } from '../dates.ts';
import { fileKind } from '../rules.ts';
import { FilePicker } from './FilePicker.tsx';

const ADDENDUM_MAX_LENGTH = 5000;

type Shell = Pick<RemoteProps, 'toast' | 'navigate'>;

/** What the Extend Deadline form knows of the project. */
export interface DeadlineContext {
  /** The current bid deadline (an instant), or null for open bidding. */
  current: string | null;
  hasBids: boolean;
  /** The project deadline (an instant), or null. */
  projectDeadline: string | null;
}

/**
 * What the deadline form refuses before asking the server, by the server's rules (decision 0197): an
 * empty date, a day that has ended, the current deadline's own day, while bids exist a day before it,
 * and a day after the project deadline. `timeZone` is for tests; the browser's own otherwise.
 */
export function deadlineError(
  value: string,
  { current, hasBids, projectDeadline }: DeadlineContext,
  now: Date = new Date(),
  timeZone?: string,
): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'Please choose a date';
  if (value < earliestDeadlineDay(now, timeZone)) return 'The bid deadline cannot be in the past';
  if (current && value === platformDate(current)) {
    return `The bid deadline is already ${formatDate(current)}: choose another day`;
  }
  const { min, max } = extendDeadlineBounds(current, hasBids, projectDeadline, now, timeZone);
  if (current && value < min) {
    return `The project has bids: the new deadline must be after ${formatDate(current)}`;
  }
  if (projectDeadline && max && value > max) {
    return `The bid deadline cannot be after the project deadline (${formatDate(projectDeadline)})`;
  }
  return undefined;
}

export function ExtendDeadlineDialog({
  projectId,
  current,
  hasBids,
  projectDeadline,
  isOpen,
  onOpenChange,
  onChanged,
  toast,
  navigate,
}: Shell &
  DeadlineContext & {
    projectId: string;
    isOpen: boolean;
    onOpenChange(open: boolean): void;
    onChanged(): void;
  }) {
  const { values, field, reset, setErrors } = useFields({ bidDeadline: '' });
  const { pending, run } = useSubmit({ toast, navigate });
  useEffect(() => {
    if (isOpen) reset({ bidDeadline: '' });
  }, [isOpen, reset]);

  // Recomputed on each render, so a dialog left open over midnight offers the new day.
  const bounds = extendDeadlineBounds(current, hasBids, projectDeadline);

  async function submit() {
    const problem = deadlineError(values.bidDeadline, { current, hasBids, projectDeadline });
    setErrors({ bidDeadline: problem });
    if (problem) return;
    await run(async () => {
      const saved = await changeBidDeadline(projectId, values.bidDeadline);
      toast({
        title: 'Deadline Extended',
        description: saved.bidDeadline
          ? `Bids are now open until ${formatDate(saved.bidDeadline)}. Bidders have been notified.`
          : 'Bidders have been notified.',
      });
      onOpenChange(false);
      onChanged();
    });
  }

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Extend Bid Deadline"
      size="small"
      intro={
        <p className="dialog-text">
          Current deadline: {current ? formatDate(current) : 'Open bidding'}. Pending bids stay, and bidders
          may revise them until the new deadline.
        </p>
      }
      onSubmit={submit}
      submitLabel="Save Deadline"
      pendingLabel="Saving..."
      pending={pending}
    >
      <TextInput
        label="New bid deadline"
        type="date"
        min={bounds.min}
        max={bounds.max}
        {...field('bidDeadline')}
        isRequired
      />
    </FormDialog>
  );
}

export function PostAddendumDialog({
  projectId,
  isOpen,
  onOpenChange,
  onPosted,
  toast,
  navigate,
}: Shell & {
  projectId: string;
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  onPosted(): void;
}) {
  const { values, field, reset, setErrors } = useFields({ text: '' });
  const [files, setFiles] = useState<File[]>([]);
  const { pending, run } = useSubmit({ toast, navigate });
  useEffect(() => {
    if (isOpen) {
      reset({ text: '' });
      setFiles([]);
    }
  }, [isOpen, reset]);

  async function submit() {
    const trimmed = values.text.trim();
    const problem =
      trimmed === ''
        ? 'Addendum text is required'
        : trimmed.length > ADDENDUM_MAX_LENGTH
          ? `Addendum text must be at most ${ADDENDUM_MAX_LENGTH} characters`
          : undefined;
    setErrors({ text: problem });
    if (problem) return;
    await run(async () => {
      await postAddendum(projectId, trimmed, files);
      toast({ title: 'Addendum Posted', description: 'Bidders have been notified.' });
      onOpenChange(false);
      onPosted();
    });
  }

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Post Addendum"
      intro={<p className="dialog-text">Everyone who bid is notified, and may revise a pending bid.</p>}
      onSubmit={submit}
      submitLabel="Post Addendum"
      pendingLabel="Posting..."
      pending={pending}
    >
      <TextAreaInput label="What changed" {...field('text')} rows={6} isRequired />
      <FilePicker files={files} onChange={setFiles} toast={toast} />
    </FormDialog>
  );
}

/** The project's addenda, oldest first; nothing at all while there are none. */
export function AddendaSection({ projectId, reloadKey }: { projectId: string; reloadKey: number }) {
  const addenda = useLoad<ProjectAddendum[]>(`${projectId}:${reloadKey}`, () => listAddenda(projectId));
  const items = addenda.state.data ?? [];
  if (items.length === 0) return null;
  return (
    <TitledCard id="addenda-title" title="Addenda">
      <ol className="addenda-list">
        {items.map((a, i) => (
          <li key={a.id} className="addendum">
            <p className="owner-label">
              Addendum {i + 1} <span className="muted small">· {formatDate(a.createdAt)}</span>
            </p>
            <p className="description">{a.text}</p>
            {a.attachments.length > 0 && (
              <ul className="file-list">
                {a.attachments.map((f) => (
                  <li key={f.name}>
                    <span aria-hidden="true">{fileKind(f.mimeType || f.name) === 'image' ? '🖼' : '📄'}</span>
                    <a href={f.url} target="_blank" rel="noreferrer" className="text-link">
                      {f.originalName || f.name}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </TitledCard>
  );
}
