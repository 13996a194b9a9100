/**
 * The consent page (/oauth/consent/{uid}, decision 0213): where the authorization server sends the
 * browser when an app asks for access. It shows the app (name, logo, homepage), who is signed in, what
 * the app asks for in words (each a ticked checkbox the user may untick) and where the browser goes
 * back to; 'Allow' and 'Deny' call the consent endpoints and then send the browser where the API says
 * (through the authorization endpoint, on to the app). The shell routes only signed-in users here: a
 * visitor signs in first and comes back (the shell's deep link).
 */
import { ApiError, hasStatus, type RemoteProps } from '@buildbid/api-client';
import {
  errorText,
  LoadFailed,
  personName,
  Spinner,
  useLoad,
  useReportFailure,
  useSubmit,
} from '@buildbid/ui';
import { type ReactNode, useState } from 'react';
import { Button, Checkbox, CheckboxGroup, FieldError, Label, Link } from 'react-aria-components';
import { allowConsent, type ConsentDetails, denyConsent, getConsent } from './api.ts';
import './oauth.css';
import { hostOf } from './urls.ts';

/** What the page says when the request is gone (the API's words for INTERACTION_NOT_FOUND). */
export const REQUEST_ENDED_TITLE = 'This request has expired';
export const REQUEST_ENDED_TEXT =
  'This authorization request has expired or was already answered; start again from the app';

/** The uid of '/oauth/consent/{uid}'. */
function uidOf(path: string): string {
  return decodeURIComponent(path.split('/')[3] ?? '');
}

/** A 400 or 404 of the consent endpoints: no such request (unknown, expired, answered, or a malformed uid). */
const isGone = (error: unknown) => hasStatus(error, 404) || hasStatus(error, 400);

/** The API's words for a request that is gone (INTERACTION_NOT_FOUND), or the same words for a malformed uid. */
const goneText = (error: unknown) =>
  error instanceof ApiError && error.status === 404 && error.fromServer ? error.message : REQUEST_ENDED_TEXT;

function RequestEnded({ message }: { message: string }) {
  return (
    <section className="card consent-card" aria-labelledby="consent-ended-title">
      <h1 id="consent-ended-title" className="page-title">
        {REQUEST_ENDED_TITLE}
      </h1>
      <p className="muted">{message}</p>
      <p>
        <Link href="/" className="text-link">
          Go to your dashboard
        </Link>
      </p>
    </section>
  );
}

/** The app's logo, if it has one; nothing when it does not load. */
function AppLogo({ url }: { url: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) return null;
  return (
    <img
      className="consent-logo"
      src={url}
      alt=""
      width={48}
      height={48}
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  );
}

function ConsentForm({
  details,
  user,
  shell,
  goTo,
  onGone,
}: {
  details: ConsentDetails;
  user: NonNullable<RemoteProps['user']>;
  shell: Pick<RemoteProps, 'toast' | 'navigate'>;
  goTo(url: string): void;
  onGone(message: string): void;
}) {
  const { app, scopes, redirectUri, uid } = details;
  const [allowed, setAllowed] = useState<string[]>(() => scopes.map((s) => s.scope));
  const [scopesError, setScopesError] = useState<string | undefined>();
  const [answering, setAnswering] = useState<'allow' | 'deny' | null>(null);
  const { run } = useSubmit(shell);

  async function answer(choice: 'allow' | 'deny') {
    setAnswering(choice);
    const outcome: { redirectTo?: string } = {};
    await run(async () => {
      try {
        outcome.redirectTo = choice === 'allow' ? await allowConsent(uid, allowed) : await denyConsent(uid);
      } catch (error) {
        // Fewer scopes than one of ours, or one the app did not ask for: under the checkboxes.
        if (error instanceof ApiError && error.field === 'scopes') {
          setScopesError(error.message);
          return;
        }
        // Answered meanwhile (another tab) or expired: the request is gone.
        if (isGone(error)) {
          onGone(goneText(error));
          return;
        }
        throw error;
      }
    });
    // The browser leaves for the app: the buttons stay busy until it does.
    if (outcome.redirectTo) goTo(outcome.redirectTo);
    else setAnswering(null);
  }

  const busy = answering !== null;
  return (
    <section className="card consent-card" aria-labelledby="consent-title">
      <div className="consent-app">
        <AppLogo url={app.logoUrl} />
        <div>
          <h1 id="consent-title" className="page-title">
            Authorize {app.name}
          </h1>
          {app.homepageUrl && (
            <Link href={app.homepageUrl} className="text-link" target="_blank" rel="noopener noreferrer">
              {hostOf(app.homepageUrl)}
            </Link>
          )}
        </div>
      </div>
      <p>
        <strong>{app.name}</strong> wants to use your BuildBid account. You are signed in as{' '}
        <strong>{personName(user)}</strong> ({user.email}).
      </p>
      <CheckboxGroup
        className="field scope-choices consent-scopes"
        value={allowed}
        onChange={(next) => {
          setAllowed(next);
          setScopesError(undefined);
        }}
        isDisabled={busy}
        isInvalid={scopesError ? true : undefined}
      >
        <Label className="field-label">It asks to</Label>
        {scopes.map(({ scope, description }) => (
          <Checkbox key={scope} value={scope} className="checkbox scope-choice">
            <span className="checkbox-box" aria-hidden="true" />
            <span className="service-text">
              <span className="service-name">{description}</span>
              <span className="muted small">{scope}</span>
            </span>
          </Checkbox>
        ))}
        <div className="field-error-slot">
          <FieldError className="field-error">{scopesError}</FieldError>
        </div>
      </CheckboxGroup>
      <p className="muted small">
        Whether you allow or deny, you go back to <strong>{hostOf(redirectUri)}</strong>. You can disconnect
        the app at any time under Connected apps on the{' '}
        <Link href="/developer" className="text-link">
          Developer page
        </Link>
        .
      </p>
      <div className="actions consent-actions">
        <Button className="btn btn-outline" isDisabled={busy} onPress={() => void answer('deny')}>
          {answering === 'deny' ? 'Denying...' : 'Deny'}
        </Button>
        <Button className="btn btn-primary" isDisabled={busy} onPress={() => void answer('allow')}>
          {answering === 'allow' ? 'Allowing...' : 'Allow'}
        </Button>
      </div>
    </section>
  );
}

/** Sends the browser to a URL the API answered: a full page load, out of the shell. */
const leaveFor = (url: string) => window.location.assign(url);

export function ConsentPage({
  path,
  user,
  toast,
  navigate,
  goTo = leaveFor,
}: Pick<RemoteProps, 'path' | 'user' | 'toast' | 'navigate'> & { goTo?(url: string): void }) {
  const uid = uidOf(path);
  const report = useReportFailure({ toast, navigate });
  const { state, reload } = useLoad(`consent-${uid}`, async () => {
    try {
      return await getConsent(uid);
    } catch (error) {
      // The session ended: 'Unauthorized', then sign in and come back here (the shell keeps the path).
      if (hasStatus(error, 401)) report(error);
      throw error;
    }
  });
  const [goneMessage, setGoneMessage] = useState<string | null>(null);

  let content: ReactNode = null;
  if (goneMessage !== null) content = <RequestEnded message={goneMessage} />;
  else if (state.status === 'loading') content = <Spinner />;
  else if (state.status === 'error') {
    if (isGone(state.error)) content = <RequestEnded message={goneText(state.error)} />;
    else if (!hasStatus(state.error, 401))
      content = (
        <LoadFailed title="Could not load the request" heading="h1" onRetry={reload}>
          {errorText(state.error)}
        </LoadFailed>
      );
  } else if (user) {
    content = (
      <ConsentForm
        details={state.data}
        user={user}
        shell={{ toast, navigate }}
        goTo={goTo}
        onGone={setGoneMessage}
      />
    );
  }

  return <div className="consent">{content}</div>;
}
