import type { User } from '../../domain/user/user.ts';
import { UseCase } from '../shared/use-case.ts';
import type { OAuthAppRepository } from './ports.ts';
import { type OAuthAppView, oauthAppView } from './shared.ts';

/** The apps the signed-in developer registered, newest first (docs/decisions/0213-oauth-apps-with-oidc-provider.md). */
export class ListMyOAuthApps extends UseCase<{ apps: OAuthAppRepository }> {
  async execute(owner: User): Promise<OAuthAppView[]> {
    return (await this.deps.apps.listForOwner(owner.id)).map(oauthAppView);
  }
}
