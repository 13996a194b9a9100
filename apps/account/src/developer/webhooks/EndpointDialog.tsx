/**
 * 'Add endpoint' and 'Edit endpoint' (decision 0212): the URL, a description, the event types (each a
 * checkbox with its words) and, beside `project.posted`, the saved search whose new projects it sends.
 * The form says what the API would before sending (a URL, an event type, the saved search); every other
 * rule is the API's: a refusal that names a field shows under it, any other failure is the shell's toast.
 */
import { ApiError } from '@buildbid/api-client';
import {
  MAX_WEBHOOK_DESCRIPTION_LENGTH,
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENTS,
} from '@buildbid/domain/webhook';
import {
  errorText,
  FormDialog,
  type LoadState,
  SelectInput,
  TextInput,
  useFields,
  useSubmit,
} from '@buildbid/ui';
import { useState } from 'react';
import { Checkbox, CheckboxGroup, FieldError, Label, Link } from 'react-aria-components';
import {
  createWebhookEndpoint,
  type SavedSearch,
  updateWebhookEndpoint,
  type WebhookEndpoint,
} from '../../api.ts';
import type { Shell } from '../../profile/shared.tsx';

/** The same words as the API's refusals (domain/webhook/errors.ts), checked before sending. */
export const URL_REQUIRED = 'Enter the URL of the endpoint';
export const EVENTS_REQUIRED = 'Choose at least one event type';
export const SAVED_SEARCH_REQUIRED = 'Choose the saved search whose new projects project.posted sends';

const PROJECT_POSTED = 'project.posted';

type FieldName = 'url' | 'description' | 'eventTypes' | 'savedSearchId';
const FIELD_NAMES: readonly FieldName[] = ['url', 'description', 'eventTypes', 'savedSearchId'];
type Errors = Partial<Record<FieldName, string>>;

/** The message of a refusal (`{ code, message, field }`) under the form field it names, if it names one. */
function refusal(error: unknown): Errors | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const field = FIELD_NAMES.find((name) => name === error.field);
  return field ? { [field]: error.message } : null;
}

/** The event types, each a checkbox named by the type with its words under it. */
function EventsField({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange(types: string[]): void;
  error: string | undefined;
}) {
  return (
    <CheckboxGroup
      className="field scope-choices"
      name="eventTypes"
      value={value}
      onChange={onChange}
      isRequired
      isInvalid={error ? true : undefined}
    >
      <div className="field-label-row">
        <Label className="field-label">Events</Label>
        <span className="field-required" aria-hidden="true">
          *
        </span>
      </div>
      {WEBHOOK_EVENT_TYPES.map((type) => (
        <Checkbox key={type} value={type} className="checkbox scope-choice">
          <span className="checkbox-box" aria-hidden="true" />
          <span className="service-text">
            <span className="service-name">{type}</span>
            <span className="muted small">{WEBHOOK_EVENTS[type]}</span>
          </span>
        </Checkbox>
      ))}
      <div className="field-error-slot">
        <FieldError className="field-error">{error}</FieldError>
      </div>
    </CheckboxGroup>
  );
}

/** The saved search beside project.posted: the user's searches, or why there is none to choose. */
function SavedSearchField({
  searches,
  field,
}: {
  searches: LoadState<SavedSearch[]>;
  field: { name: string; value: string; onChange(value: string): void; error: string | undefined };
}) {
  if (searches.data === undefined) {
    return searches.status === 'error' ? (
      <p className="small field-error" role="alert">
        Your saved searches did not load: {errorText(searches.error)}
      </p>
    ) : (
      <p className="muted small" role="status">
        Loading your saved searches...
      </p>
    );
  }
  if (searches.data.length === 0) {
    return (
      <div className="webhook-no-search">
        <p className="small">
          project.posted sends the new projects that meet one of your saved searches, and you have none yet.{' '}
          <Link href="/projects" className="text-link">
            Find projects
          </Link>{' '}
          and save a search first.
        </p>
        {field.error && (
          <p className="small field-error" role="alert">
            {field.error}
          </p>
        )}
      </div>
    );
  }
  return (
    <SelectInput
      label="Saved search"
      {...field}
      isRequired
      placeholder="Choose a saved search"
      options={searches.data.map((search) => ({ value: search.id, label: search.name }))}
    />
  );
}

export function EndpointDialog({
  endpoint,
  searches,
  shell,
  onOpenChange,
  onCreated,
  onSaved,
}: {
  /** The endpoint to edit; null to add one. */
  endpoint: WebhookEndpoint | null;
  searches: LoadState<SavedSearch[]>;
  shell: Shell;
  onOpenChange(open: boolean): void;
  onCreated(created: { secret: string; endpoint: WebhookEndpoint }): void;
  onSaved(endpoint: WebhookEndpoint): void;
}) {
  const { values, field, setErrors } = useFields({
    url: endpoint?.url ?? '',
    description: endpoint?.description ?? '',
    savedSearchId: endpoint?.savedSearchId ?? '',
  });
  const [eventTypes, setEventTypes] = useState<string[]>(endpoint?.eventTypes ?? []);
  const [eventsError, setEventsError] = useState<string | undefined>();
  const { pending, run } = useSubmit(shell);
  const followsSearch = eventTypes.includes(PROJECT_POSTED);

  function showErrors(found: Errors) {
    setErrors({ url: found.url, description: found.description, savedSearchId: found.savedSearchId });
    setEventsError(found.eventTypes);
  }

  async function submit() {
    const url = values.url.trim();
    const found: Errors = {
      ...(url === '' ? { url: URL_REQUIRED } : {}),
      ...(eventTypes.length === 0 ? { eventTypes: EVENTS_REQUIRED } : {}),
      ...(followsSearch && values.savedSearchId === '' ? { savedSearchId: SAVED_SEARCH_REQUIRED } : {}),
    };
    showErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = {
      url,
      description: values.description.trim(),
      eventTypes,
      ...(followsSearch ? { savedSearchId: values.savedSearchId } : {}),
    };
    const answer: {
      created?: Awaited<ReturnType<typeof createWebhookEndpoint>>;
      saved?: WebhookEndpoint;
    } = {};
    await run(async () => {
      try {
        if (endpoint) answer.saved = await updateWebhookEndpoint(endpoint.id, body);
        else answer.created = await createWebhookEndpoint(body);
      } catch (error) {
        const underField = refusal(error);
        if (!underField) throw error;
        showErrors(underField);
      }
    });
    if (answer.created) onCreated(answer.created);
    if (answer.saved) onSaved(answer.saved);
  }

  return (
    <FormDialog
      isOpen
      onOpenChange={onOpenChange}
      title={endpoint ? 'Edit endpoint' : 'Add endpoint'}
      formClassName="form webhook-form"
      onSubmit={submit}
      submitLabel={endpoint ? 'Save changes' : 'Add endpoint'}
      pendingLabel={endpoint ? 'Saving...' : 'Adding...'}
      pending={pending}
    >
      <TextInput
        label="Endpoint URL"
        {...field('url')}
        description="Where we post the events: an https:// URL of your server"
        placeholder="https://example.com/buildbid/webhooks"
        maxLength={MAX_WEBHOOK_URL_LENGTH}
        autoComplete="off"
        isRequired
      />
      <TextInput
        label="Description"
        {...field('description')}
        description="What it is for, e.g. Bids into our CRM"
        maxLength={MAX_WEBHOOK_DESCRIPTION_LENGTH}
        autoComplete="off"
      />
      <EventsField
        value={eventTypes}
        onChange={(next) => {
          setEventTypes(next);
          setEventsError(undefined);
        }}
        error={eventsError}
      />
      {followsSearch && <SavedSearchField searches={searches} field={field('savedSearchId')} />}
    </FormDialog>
  );
}
