/**
 * Questions & Answers on the project page (decision 0131): bidders ask, the owner answers
 * (or posts a clarification), answered questions are public without the asker's name unless the owner
 * shows it, and admins hide abuse. The API decides who sees what; this shows what it answers.
 */
import type { ApiUser, ProjectQuestion, RemoteProps } from '@buildbid/api-client';
import {
  formatDate,
  SubmitForm,
  TextAreaInput,
  TitledCard,
  useFields,
  useLoad,
  useSubmit,
} from '@buildbid/ui';
import { useState } from 'react';
import { Button, Checkbox } from 'react-aria-components';
import { answerQuestion, askQuestion, hideQuestion, listQuestions, postClarification } from '../api.ts';

const QUESTION_MAX_LENGTH = 1000;
const ANSWER_MAX_LENGTH = 5000;

type Shell = Pick<RemoteProps, 'toast' | 'navigate'>;

/** Who asked: 'you' for the asker's own question, the name where the API gives it, else 'a bidder'. */
function askedByText(q: Pick<ProjectQuestion, 'mine' | 'askerName'>): string {
  if (q.mine) return 'asked by you';
  return q.askerName ? `asked by ${q.askerName}` : 'asked by a bidder';
}

/** The form's own check: not blank, not longer than `max`. */
function textError(value: string, max: number, what: string): string | undefined {
  const text = value.trim();
  if (text === '') return `${what} is required`;
  if (text.length > max) return `${what} must be at most ${max.toLocaleString('en-US')} characters`;
  return undefined;
}

function TextForm({
  label,
  name,
  submitLabel,
  max,
  what,
  onSubmit,
  shell,
  children,
}: {
  label: string;
  name: string;
  submitLabel: string;
  max: number;
  what: string;
  onSubmit(text: string): Promise<unknown>;
  shell: Shell;
  children?: React.ReactNode;
}) {
  const { values, field, set, setErrors } = useFields({ text: '' });
  const { pending, run } = useSubmit(shell);
  return (
    <SubmitForm
      className="form qa-form"
      onSubmit={() => {
        const problem = textError(values.text, max, what);
        setErrors({ text: problem });
        if (problem) return;
        void run(() => onSubmit(values.text.trim())).then((ok) => {
          if (ok) set('text', '');
        });
      }}
    >
      <TextAreaInput label={label} {...field('text')} name={name} rows={3} />
      {children}
      <div className="qa-actions">
        <Button type="submit" className="btn btn-primary" isDisabled={pending}>
          {pending ? 'Sending...' : submitLabel}
        </Button>
      </div>
    </SubmitForm>
  );
}

function AnswerForm({
  question,
  onDone,
  shell,
}: {
  question: ProjectQuestion;
  onDone(): void;
  shell: Shell;
}) {
  const [showAsker, setShowAsker] = useState(false);
  return (
    <TextForm
      label="Your answer"
      name={`answer-${question.id}`}
      submitLabel="Post Answer"
      max={ANSWER_MAX_LENGTH}
      what="Answer"
      shell={shell}
      onSubmit={async (text) => {
        await answerQuestion(question.id, text, showAsker);
        shell.toast({ title: 'Answer Posted', description: 'Everyone who may bid can now read it.' });
        onDone();
      }}
    >
      <Checkbox className="checkbox" isSelected={showAsker} onChange={setShowAsker}>
        <span className="checkbox-box" aria-hidden="true" />
        Show the asker's name
      </Checkbox>
    </TextForm>
  );
}

/** The section's own forms: a bidder's question, and the owner's clarification for every bidder. */
const OPEN_FORMS = [
  {
    name: 'question',
    label: 'Ask a question',
    submitLabel: 'Ask Question',
    max: QUESTION_MAX_LENGTH,
    what: 'Question',
    send: askQuestion,
    sent: { title: 'Question Sent', description: 'The owner will answer it here for every bidder.' },
  },
  {
    name: 'clarification',
    label: 'Post a clarification',
    submitLabel: 'Post Clarification',
    max: ANSWER_MAX_LENGTH,
    what: 'Clarification',
    send: postClarification,
    sent: { title: 'Clarification Posted', description: 'Every bidder has been notified.' },
  },
] as const;

export function QuestionsSection({
  projectId,
  user,
  isOwner,
  takingBids,
  reloadKey,
  toast,
  navigate,
}: Shell & {
  projectId: string;
  user: ApiUser;
  isOwner: boolean;
  takingBids: boolean;
  reloadKey: number;
}) {
  const [version, setVersion] = useState(0);
  const questions = useLoad<ProjectQuestion[]>(`${projectId}:${reloadKey}:${version}`, () =>
    listQuestions(projectId),
  );
  const items = questions.state.data ?? [];
  const shell = { toast, navigate };
  const mayAsk = !isOwner && takingBids && (user.role === 'contractor' || user.role === 'vendor');
  const shown = { question: mayAsk, clarification: isOwner && takingBids };
  const reload = () => setVersion((v) => v + 1);
  const { run } = useSubmit(shell);

  return (
    <TitledCard id="qa-title" title="Questions & Answers">
      {items.length === 0 && questions.state.status !== 'loading' && (
        <p className="muted">No questions answered yet.</p>
      )}
      <ul className="qa-list">
        {items.map((q) => (
          <li key={q.id} className="qa-item">
            {q.kind === 'clarification' ? (
              <p className="owner-label">
                Clarification from the owner <span className="muted small">· {formatDate(q.createdAt)}</span>
              </p>
            ) : (
              <p className="owner-label">
                Q: {q.question}
                <span className="muted small">
                  {' '}
                  · {askedByText(q)} · {formatDate(q.createdAt)}
                </span>
              </p>
            )}
            {q.hidden && <p className="badge badge-danger">Hidden</p>}
            {q.answer !== null ? (
              <p className="description">
                {q.kind === 'question' && <strong>A: </strong>}
                {q.answer}
              </p>
            ) : (
              <p className="muted small">Awaiting the owner's answer</p>
            )}
            {isOwner && q.answer === null && !q.hidden && (
              <AnswerForm question={q} onDone={reload} shell={shell} />
            )}
            {user.role === 'admin' && (
              <Button
                className="btn btn-outline btn-small"
                onPress={() => void run(() => hideQuestion(q.id, !q.hidden)).then((ok) => ok && reload())}
              >
                {q.hidden ? 'Unhide' : 'Hide'}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {OPEN_FORMS.filter((f) => shown[f.name]).map(({ send, sent, ...form }) => (
        <TextForm
          key={form.name}
          {...form}
          shell={shell}
          onSubmit={async (text) => {
            await send(projectId, text);
            toast(sent);
            reload();
          }}
        />
      ))}
    </TitledCard>
  );
}
