import { OAUTH_ERRORS } from '../../domain/oauth/errors.ts';
import type { User } from '../../domain/user/user.ts';
import { UseCase } from '../shared/use-case.ts';
import type { OAuthAppRepository } from './ports.ts';

/** 'Delete app': every user's connection to it ends at once, with every token it holds. */
export class DeleteOAuthApp extends UseCase<{ apps: OAuthAppRepository }> {
  async execute(owner: User, id: string): Promise<void> {
    if (!(await this.deps.apps.delete(owner.id, id))) throw OAUTH_ERRORS.APP_NOT_FOUND();
  }
}
