import { type ConnectedApp, scopeWords } from '../../domain/oauth/oauth-app.ts';
import type { User } from '../../domain/user/user.ts';
import { UseCase } from '../shared/use-case.ts';
import type { OAuthAppRepository, OAuthGrants } from './ports.ts';

/**
 * The apps the signed-in user connected (docs/decisions/0213-oauth-apps-with-oidc-provider.md): each
 * app once, with what it may do in words and when it was first granted, most recent first.
 */
export class ListConnectedApps extends UseCase<{ grants: OAuthGrants; apps: OAuthAppRepository }> {
  async execute(user: User): Promise<ConnectedApp[]> {
    const connected: ConnectedApp[] = [];
    for (const grant of await this.deps.grants.listForUser(user.id)) {
      const app = await this.deps.apps.findById(grant.clientId);
      if (!app) continue; // deleted in between: its grants went with it
      connected.push({
        clientId: app.id,
        name: app.name,
        homepageUrl: app.homepageUrl,
        logoUrl: app.logoUrl,
        scopes: scopeWords(grant.scopes),
        grantedAt: grant.grantedAt,
      });
    }
    return connected;
  }
}
