import { withFields } from '../shared/entity.ts';
import type { AddendumPosted } from '../shared/events.ts';
import { PROJECT_ERRORS } from './errors.ts';
import { checkProjectFiles, type UploadedFile } from './files.ts';
import type { Actor, Project } from './project.ts';

export const ADDENDUM_MAX_LENGTH = 5000;

export interface AddendumSnapshot {
  id: string;
  projectId: string;
  /** What changed or what bidders should know, 1..5000 characters. */
  text: string;
  /** Stored file names, served at /uploads/{name}; at most 5, with the project files' rules. */
  attachments: string[];
  createdAt: Date;
}

/**
 * An addendum (decision 0130): the owner's published change to a project while it takes bids, text plus
 * optional files. It is never edited; the project's bidders are told, and may revise their pending bids.
 */
export class Addendum extends withFields<AddendumSnapshot>()('projectId') {
  private constructor(props: AddendumSnapshot) {
    super(props);
  }

  /**
   * Owner only, while the project is active and in bidding. Text is required (at most 5,000 characters);
   * files follow the project upload rules (types, 80 MB each, at most 5). `bidderIds`: who bid; they are told.
   */
  static post(input: {
    id: string;
    project: Project;
    actor: Actor;
    text: string | null | undefined;
    files?: readonly UploadedFile[];
    bidderIds: readonly string[];
    now: Date;
  }): { addendum: Addendum; event: AddendumPosted } {
    const { project, now } = input;
    project.assertMayChangeBidding(input.actor, 'post an addendum');
    const text = (input.text ?? '').trim();
    if (text === '') throw PROJECT_ERRORS.ADDENDUM_TEXT_REQUIRED({ field: 'text' });
    if (text.length > ADDENDUM_MAX_LENGTH) {
      throw PROJECT_ERRORS.ADDENDUM_TEXT_TOO_LONG(
        `Addendum text must be at most ${ADDENDUM_MAX_LENGTH} characters`,
        'text',
      );
    }
    const files = input.files ?? [];
    checkProjectFiles(files, 0, false);
    const addendum = new Addendum({
      id: input.id,
      projectId: project.id,
      text,
      attachments: files.map((f) => f.name),
      createdAt: now,
    });
    const event: AddendumPosted = {
      type: 'addendum_posted',
      occurredAt: now,
      addendumId: input.id,
      projectId: project.id,
      projectTitle: project.title,
      ownerId: project.clientId,
      recipientIds: [...new Set(input.bidderIds)].filter((id) => id !== project.clientId),
    };
    return { addendum, event };
  }

  static restore(snapshot: AddendumSnapshot): Addendum {
    return new Addendum({ ...snapshot, attachments: [...snapshot.attachments] });
  }

  protected override copy(props: AddendumSnapshot): AddendumSnapshot {
    return { ...props, attachments: [...props.attachments] };
  }
}
