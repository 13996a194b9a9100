/**
 * The work after the award (decision 0183): the owner moves the project on — Start Work → Send for Review →
 * Mark Completed, each asked first — and then reviews the contractor once, 1 to 5 stars with a comment.
 * Everyone sees the review once given. The API enforces each rule (moveProjectPhase, reviewContractor);
 * this only offers what it would take.
 */
import type { Project, RemoteProps } from '@buildbid/api-client';
import { ConfirmDialog, errorText, reportFailure, TextAreaInput, whenClosed } from '@buildbid/ui';
import { useState } from 'react';
import {
  Button,
  Dialog,
  Form,
  Heading,
  Label,
  Modal,
  ModalOverlay,
  Radio,
  RadioGroup,
} from 'react-aria-components';
import { moveProjectPhase, reviewContractor } from '../api.ts';

type Step = {
  to: 'in_progress' | 'review' | 'completed';
  label: string;
  title: string;
  text: string;
  pending: string;
};

/** The owner's next step from each phase of the awarded work; none before the award or after completion. */
function nextStep(phase: string): Step | null {
  switch (phase) {
    case 'awarded':
      return {
        to: 'in_progress',
        label: 'Start Work',
        title: 'Start the work?',
        text: 'The project moves to In Progress, and the contractor is told that the work has started.',
        pending: 'Starting...',
      };
    case 'in_progress':
      return {
        to: 'review',
        label: 'Send for Review',
        title: 'Send the work for review?',
        text: 'The project moves to Under Review while you check the work. The contractor is told.',
        pending: 'Sending...',
      };
    case 'review':
      return {
        to: 'completed',
        label: 'Mark Completed',
        title: 'Mark the project completed?',
        text: 'The project is completed and closed, and the contractor is told. This cannot be undone. You can then review the contractor.',
        pending: 'Completing...',
      };
    default:
      return null;
  }
}

function Stars({ rating }: { rating: number }) {
  return (
    <span className="stars" role="img" aria-label={`${rating} out of 5 stars`}>
      {'★'.repeat(rating)}
      <span className="stars-off">{'★'.repeat(5 - rating)}</span>
    </span>
  );
}

export function ProjectProgress({
  project,
  isOwner,
  onChanged,
  toast,
  navigate,
}: {
  project: Project;
  isOwner: boolean;
  onChanged(): Promise<void> | void;
} & Pick<RemoteProps, 'toast' | 'navigate'>) {
  const [confirming, setConfirming] = useState(false);
  const [moving, setMoving] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const step = project.status === 'active' ? nextStep(project.currentPhase) : null;
  const canReview =
    isOwner && project.currentPhase === 'completed' && project.awardedContractorId && !project.review;

  if (!project.awardedContractorId && !project.review) return null;
  if (!isOwner && !project.review) return null;

  async function move() {
    if (!step) return;
    setMoving(true);
    try {
      await moveProjectPhase(project.id, step.to);
      toast({ title: 'Success', description: `Project moved to ${phaseName(step.to)}` });
    } catch (error) {
      reportFailure(error, { toast, navigate });
    } finally {
      await onChanged();
      setMoving(false);
      setConfirming(false);
    }
  }

  return (
    <section className="card stack" aria-labelledby="progress-title">
      <h2 id="progress-title" className="card-title small-title">
        Project Progress
      </h2>
      {isOwner && step && (
        <Button className="btn btn-primary btn-block" onPress={() => setConfirming(true)}>
          {step.label}
        </Button>
      )}
      {canReview && (
        <Button className="btn btn-primary btn-block" onPress={() => setReviewing(true)}>
          Review contractor
        </Button>
      )}
      {project.review && (
        <div className="project-review">
          <p className="owner-label">{isOwner ? 'Your review' : "The owner's review"}</p>
          <Stars rating={project.review.rating} />
          {project.review.comment && <p className="description">{project.review.comment}</p>}
        </div>
      )}
      {step && (
        <ConfirmDialog
          isOpen={confirming}
          onOpenChange={(open) => {
            if (!moving) setConfirming(open);
          }}
          title={step.title}
          confirmLabel={step.label}
          pendingLabel={step.pending}
          pending={moving}
          tone="primary"
          onConfirm={() => void move()}
        >
          <p>{step.text}</p>
        </ConfirmDialog>
      )}
      {reviewing && (
        <ReviewDialog
          projectId={project.id}
          onClose={() => setReviewing(false)}
          onReviewed={async () => {
            toast({ title: 'Review submitted', description: 'Thank you for reviewing the contractor.' });
            setReviewing(false);
            await onChanged();
          }}
        />
      )}
    </section>
  );
}

function phaseName(phase: string): string {
  return { in_progress: 'In Progress', review: 'Under Review', completed: 'Completed' }[phase] ?? phase;
}

function ReviewDialog({
  projectId,
  onClose,
  onReviewed,
}: {
  projectId: string;
  onClose(): void;
  onReviewed(): Promise<void>;
}) {
  const [rating, setRating] = useState('');
  const [comment, setComment] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function submit() {
    if (!rating) {
      setError('Choose a rating from 1 to 5 stars');
      return;
    }
    setPending(true);
    setError(undefined);
    try {
      await reviewContractor(projectId, Number(rating), comment.trim() || null);
      await onReviewed();
    } catch (e) {
      setError(errorText(e));
      setPending(false);
    }
  }

  return (
    <ModalOverlay
      className="modal-overlay"
      isOpen
      isDismissable={!pending}
      onOpenChange={whenClosed(onClose)}
    >
      <Modal className="modal modal-small">
        <Dialog className="dialog">
          <Heading slot="title" className="dialog-title">
            Review contractor
          </Heading>
          <Form
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <RadioGroup
              className="field"
              value={rating}
              onChange={setRating}
              validationBehavior="aria"
              isRequired
              isInvalid={Boolean(error && !rating)}
            >
              <Label className="field-label">Rating</Label>
              <div className="star-choices">
                {[1, 2, 3, 4, 5].map((n) => (
                  <Radio key={n} value={String(n)} className="star-choice">
                    {n} {n === 1 ? 'star' : 'stars'}
                  </Radio>
                ))}
              </div>
            </RadioGroup>
            <TextAreaInput label="Comment" name="comment" value={comment} onChange={setComment} rows={4} />
            {error && (
              <p className="field-error" role="alert">
                {error}
              </p>
            )}
            <div className="dialog-actions">
              <Button className="btn btn-outline" onPress={onClose} isDisabled={pending}>
                Cancel
              </Button>
              <Button type="submit" className="btn btn-primary" isDisabled={pending}>
                {pending ? 'Submitting...' : 'Submit Review'}
              </Button>
            </div>
          </Form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
