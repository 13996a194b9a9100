import { OAUTH_ERRORS } from '../../domain/oauth/errors.ts';
import type { User } from '../../domain/user/user.ts';
import { UseCase } from '../shared/use-case.ts';
import type { OAuthGrants } from './ports.ts';

/** 'Disconnect': the app's grants end, and every code and token it holds stops working at once. */
export class DisconnectApp extends UseCase<{ grants: OAuthGrants }> {
  async execute(user: User, clientId: string): Promise<void> {
    if (!(await this.deps.grants.revokeForUser(user.id, clientId))) throw OAUTH_ERRORS.CONNECTION_NOT_FOUND();
  }
}
