/**
 * Developer (/developer, decision 0211): what a person needs to use BuildBid's API from their own code,
 * one card per kind: personal access tokens (decision 0211), OAuth apps and connected apps (decision 0213),
 * and webhooks (decision 0212).
 */
import type { RemoteProps } from '@buildbid/api-client';
import { Link } from 'react-aria-components';
import { AccessTokensSection } from './AccessTokens.tsx';
import { ConnectedAppsSection } from './oauth/ConnectedApps.tsx';
import { OAuthAppsSection } from './oauth/OAuthApps.tsx';
import { WebhooksSection } from './webhooks/Webhooks.tsx';

export function DeveloperPage(props: RemoteProps) {
  return (
    <div className="developer stack">
      <div>
        <h1 className="page-title">Developer</h1>
        <p className="muted">
          Use the BuildBid API from your own scripts and apps. See the{' '}
          <Link href="/docs" className="text-link">
            API reference
          </Link>
          .
        </p>
      </div>
      <AccessTokensSection shell={props} />
      <OAuthAppsSection shell={props} />
      <ConnectedAppsSection shell={props} />
      <WebhooksSection shell={props} />
    </div>
  );
}
