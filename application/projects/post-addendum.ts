import { Addendum } from '../../domain/project/addendum.ts';
import type { User } from '../../domain/user/user.ts';
import type { AddingDeps, FileStorage, StoredFile } from '../shared/marketplace-ports.ts';
import { UseCase } from '../shared/use-case.ts';
import { bidderIdsOf, projectOf, removeQuietly } from './shared.ts';

export interface PostAddendumInput {
  text: string;
  /** Files the HTTP layer has stored already; they are removed again if posting fails. */
  files?: StoredFile[];
}

export class PostAddendum extends UseCase<AddingDeps & { files: FileStorage }> {
  /** Owner only, while the project takes bids (active, bidding). The bidders are told after commit. */
  async execute(actor: User, projectId: string, input: PostAddendumInput): Promise<Addendum> {
    const files = input.files ?? [];
    try {
      return await this.deps.uow.commit(async (tx) => {
        // The project's lock orders addenda with deadline changes and decisions on bids.
        const project = await projectOf(tx, projectId, 'lock');
        const result = Addendum.post({
          id: this.deps.ids.next(),
          project,
          actor,
          text: input.text,
          files,
          bidderIds: await bidderIdsOf(tx, projectId),
          now: this.deps.clock.now(),
        });
        await tx.addenda.add(result.addendum);
        return { result: result.addendum, events: [result.event] };
      });
    } catch (error) {
      await removeQuietly(
        this.deps.files,
        files.map((f) => f.name),
      );
      throw error;
    }
  }
}
