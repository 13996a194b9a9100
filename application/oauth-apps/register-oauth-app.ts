import { type NewOAuthAppInput, newOAuthApp, type OAuthClientType } from '../../domain/oauth/oauth-app.ts';
import type { User } from '../../domain/user/user.ts';
import type { Clock, IdGenerator } from '../shared/ports.ts';
import { UseCase } from '../shared/use-case.ts';
import type { OAuthAppRepository, OAuthClientSecrets } from './ports.ts';
import { type OAuthAppView, oauthAppView } from './shared.ts';

export type RegisterOAuthAppInput = Pick<
  NewOAuthAppInput,
  'name' | 'homepageUrl' | 'logoUrl' | 'redirectUris'
> & {
  /** 'confidential' (the default) gets a client secret; 'public' has none and relies on PKCE alone. */
  clientType?: OAuthClientType | undefined;
};

/**
 * 'Register app' (docs/decisions/0213-oauth-apps-with-oidc-provider.md): the client_id is the app's id;
 * the client secret of a confidential app is in this answer and nowhere else, ever.
 */
export class RegisterOAuthApp extends UseCase<{
  apps: OAuthAppRepository;
  secrets: OAuthClientSecrets;
  ids: IdGenerator;
  clock: Clock;
  /** Whether http://localhost redirect URIs are accepted: in development only. */
  loopbackRedirects: boolean;
}> {
  async execute(
    owner: User,
    input: RegisterOAuthAppInput,
  ): Promise<{ app: OAuthAppView; clientId: string; clientSecret: string | null }> {
    const secret = input.clientType === 'public' ? null : this.deps.secrets.newSecret();
    const app = newOAuthApp({
      ...input,
      id: this.deps.ids.next(),
      ownerUserId: owner.id,
      secretHash: secret?.hash ?? null,
      now: this.deps.clock.now(),
      loopbackRedirects: this.deps.loopbackRedirects,
    });
    await this.deps.apps.add(app);
    return { app: oauthAppView(app), clientId: app.id, clientSecret: secret?.secret ?? null };
  }
}
