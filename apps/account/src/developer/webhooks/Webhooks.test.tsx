// @vitest-environment jsdom
import { jsonResponse, makeUser, requestsOf, routeFetch } from '@buildbid/test-kit/helpers';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { resetAfterEach, shellMocks, toasted } from '../../testing.ts';
import { DeveloperPage } from '../DeveloperPage.tsx';
import { EVENTS_REQUIRED, SAVED_SEARCH_REQUIRED, URL_REQUIRED } from './EndpointDialog.tsx';
import { ENDPOINT_ID, ENDPOINT_URL, endpoint, SEARCH_ID, SECRET, savedSearch } from './testing.ts';
import { WebhooksSection } from './Webhooks.tsx';

const HOOK = ENDPOINT_URL;
const ID = ENDPOINT_ID;

function setup() {
  const shell = shellMocks();
  render(<WebhooksSection shell={shell} />);
  return shell;
}

const addButton = () => screen.getByRole('button', { name: 'Add endpoint' });
const rowOf = (url = HOOK) => screen.getByRole('listitem', { name: url });

async function openAdd() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add endpoint' }));
  return screen.getByRole('dialog', { name: 'Add endpoint' });
}

function fill(form: HTMLElement, label: RegExp, value: string) {
  fireEvent.change(within(form).getByRole('textbox', { name: label }), { target: { value } });
}

const submit = (form: HTMLElement, name = 'Add endpoint') =>
  fireEvent.click(within(form).getByRole('button', { name }));

describe('the Developer page', () => {
  resetAfterEach();

  it("holds the 'Webhooks' card last, below the tokens and the apps", async () => {
    routeFetch({
      'GET /api/access-tokens': [],
      'GET /api/oauth-apps': [],
      'GET /api/connected-apps': [],
      'GET /api/webhooks/endpoints': [],
    });
    render(<DeveloperPage path="/developer" search="" user={makeUser()} country="" {...shellMocks()} />);
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'));
    expect(regions).toEqual([
      'access-tokens-title',
      'oauth-apps-title',
      'connected-apps-title',
      'webhooks-title',
    ]);
    const card = screen.getByRole('region', { name: 'Webhooks' });
    expect(await within(card).findByRole('heading', { name: 'No endpoints yet' })).toBeTruthy();
    expect(card.textContent).toContain('Add one to receive events at your own server.');
  });
});

describe('the endpoint list', () => {
  resetAfterEach();

  it('shows each endpoint: URL, description, event chips with their words, status and dates', async () => {
    const fetch = routeFetch({
      'GET /api/webhooks/endpoints': [
        endpoint(),
        endpoint({
          id: 'b',
          url: 'https://crm.example.com/in',
          description: '',
          eventTypes: ['project.posted'],
          savedSearchId: SEARCH_ID,
          failingSince: '2027-03-02T12:00:00.000Z',
        }),
        endpoint({
          id: 'c',
          url: 'https://old.example.com/hook',
          status: 'disabled',
          disabledReason: 'deliveries_failing',
          disabledAt: '2027-03-05T12:00:00.000Z',
        }),
        endpoint({
          id: 'd',
          url: 'https://paused.example.com/hook',
          status: 'disabled',
          disabledReason: 'disabled_by_owner',
          disabledAt: '2027-03-06T12:00:00.000Z',
        }),
      ],
      'GET /api/saved-searches': [savedSearch()],
    });
    setup();
    const list = await screen.findByRole('list', { name: 'Your endpoints' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      HOOK,
      'https://crm.example.com/in',
      'https://old.example.com/hook',
      'https://paused.example.com/hook',
    ]);

    const first = rowOf();
    expect(first.textContent).toContain('Bids into our CRM');
    expect(within(first).getByText('Enabled')).toBeTruthy();
    const chips = within(within(first).getByRole('list', { name: `Events of ${HOOK}` })).getAllByRole(
      'listitem',
    );
    expect(chips.map((c) => c.textContent)).toEqual(['bid.received', 'message.received']);
    expect(chips[0]?.getAttribute('title')).toBe('A bid arrives on your project');
    expect(first.textContent).toContain('CreatedMar 1, 2027');
    expect(first.textContent).not.toContain('Saved search');

    const failing = rowOf('https://crm.example.com/in');
    expect(within(failing).getByText('Failing')).toBeTruthy();
    expect(failing.textContent).toContain(
      'Deliveries have failed since Mar 2, 2027. If they keep failing for 3 days, the endpoint is disabled.',
    );
    await waitFor(() => expect(failing.textContent).toContain('Saved searchKitchens in the Bahamas'));
    expect(within(failing).getByRole('button', { name: 'Disable https://crm.example.com/in' })).toBeTruthy();

    const disabled = rowOf('https://old.example.com/hook');
    expect(within(disabled).getByText('Disabled')).toBeTruthy();
    expect(disabled.textContent).toContain(
      'Disabled on Mar 5, 2027 because its deliveries failed for 3 days. Fix your server, then enable it.',
    );
    expect(
      within(disabled).getByRole('button', { name: 'Enable https://old.example.com/hook' }),
    ).toBeTruthy();
    expect(rowOf('https://paused.example.com/hook').textContent).toContain(
      'You disabled it on Mar 6, 2027. It receives no events until you enable it.',
    );
    expect(requestsOf(fetch)).toEqual(['GET /api/webhooks/endpoints', 'GET /api/saved-searches']);
  });

  it('reads no saved searches while no endpoint follows one', async () => {
    const fetch = routeFetch({ 'GET /api/webhooks/endpoints': [endpoint()] });
    setup();
    await screen.findByRole('list', { name: 'Your endpoints' });
    expect(requestsOf(fetch)).toEqual(['GET /api/webhooks/endpoints']);
  });

  it('offers Try again when the list does not load', async () => {
    const fetch = routeFetch({
      'GET /api/webhooks/endpoints': jsonResponse(500, { message: 'Database down', code: 'INTERNAL' }),
    });
    setup();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Database down');
    fetch.mockImplementation(async () => jsonResponse(200, [endpoint()]));
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: HOOK })).toBeTruthy();
  });
});

describe('adding an endpoint', () => {
  resetAfterEach();

  it('offers every event type as a checkbox with its words', async () => {
    routeFetch({ 'GET /api/webhooks/endpoints': [], 'GET /api/saved-searches': [] });
    setup();
    const form = await openAdd();
    const events = within(form).getByRole('group', { name: /Events/ });
    expect(within(events).getAllByRole('checkbox')).toHaveLength(11);
    expect(
      within(events)
        .getByRole('checkbox', { name: /^bid\.received/ })
        .closest('label')?.textContent,
    ).toBe('bid.receivedA bid arrives on your project');
    expect(within(form).queryByRole('button', { name: /Saved search/ })).toBeNull();
  });

  it('asks for a URL and an event type before sending anything', async () => {
    const fetch = routeFetch({ 'GET /api/webhooks/endpoints': [], 'GET /api/saved-searches': [] });
    setup();
    const form = await openAdd();
    submit(form);
    expect(await within(form).findByText(URL_REQUIRED)).toBeTruthy();
    expect(within(form).getByText(EVENTS_REQUIRED)).toBeTruthy();
    expect(requestsOf(fetch)).toEqual(['GET /api/webhooks/endpoints', 'GET /api/saved-searches']);
  });

  it('sends the form and shows the new signing secret; Done returns to Add endpoint', async () => {
    const sent: { body?: unknown } = {};
    const created = endpoint({
      id: 'new',
      url: 'https://new.example.com/hook',
      eventTypes: ['bid.received'],
    });
    routeFetch({
      'GET /api/webhooks/endpoints': [endpoint()],
      'GET /api/saved-searches': [],
      'POST /api/webhooks/endpoints': async (request: Request) => {
        sent.body = await request.json();
        return jsonResponse(201, { secret: SECRET, endpoint: created });
      },
    });
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    setup();
    const form = await openAdd();
    fill(form, /Endpoint URL/, '  https://new.example.com/hook ');
    fill(form, /Description/, ' Bids ');
    fireEvent.click(within(form).getByRole('checkbox', { name: /^bid\.received/ }));
    submit(form);

    const shown = await screen.findByRole('dialog', { name: 'Endpoint added' });
    expect(sent.body).toEqual({
      url: 'https://new.example.com/hook',
      description: 'Bids',
      eventTypes: ['bid.received'],
    });
    expect(screen.queryByRole('dialog', { name: 'Add endpoint' })).toBeNull();
    expect(shown.textContent).toContain('Your endpoint receives events from now on.');
    const field = within(shown).getByRole('textbox', { name: 'Signing secret' }) as HTMLInputElement;
    expect(field.value).toBe(SECRET);
    expect(field.readOnly).toBe(true);
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(within(shown).getByRole('status').textContent).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith(SECRET);

    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(addButton());
    expect(
      within(screen.getByRole('list', { name: 'Your endpoints' }))
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['https://new.example.com/hook', HOOK]);
  });

  it('asks for the saved search beside project.posted and sends it', async () => {
    const sent: { body?: unknown } = {};
    routeFetch({
      'GET /api/webhooks/endpoints': [],
      'GET /api/saved-searches': [savedSearch()],
      'POST /api/webhooks/endpoints': async (request: Request) => {
        sent.body = await request.json();
        return jsonResponse(201, {
          secret: SECRET,
          endpoint: endpoint({ eventTypes: ['project.posted'], savedSearchId: SEARCH_ID }),
        });
      },
    });
    setup();
    const form = await openAdd();
    fill(form, /Endpoint URL/, HOOK);
    fireEvent.click(within(form).getByRole('checkbox', { name: /^project\.posted/ }));
    submit(form);
    expect(await within(form).findByText(SAVED_SEARCH_REQUIRED)).toBeTruthy();
    fireEvent.click(await within(form).findByRole('button', { name: /Saved search/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Kitchens in the Bahamas' }));
    submit(form);
    await screen.findByRole('dialog', { name: 'Endpoint added' });
    expect(sent.body).toEqual({
      url: HOOK,
      description: '',
      eventTypes: ['project.posted'],
      savedSearchId: SEARCH_ID,
    });
  });

  it('says so when there is no saved search to follow', async () => {
    routeFetch({ 'GET /api/webhooks/endpoints': [], 'GET /api/saved-searches': [] });
    setup();
    const form = await openAdd();
    fireEvent.click(within(form).getByRole('checkbox', { name: /^project\.posted/ }));
    expect(await within(form).findByText(/you have none yet/)).toBeTruthy();
    expect(within(form).getByRole('link', { name: 'Find projects' }).getAttribute('href')).toBe('/projects');
  });

  it.each([
    ['url', 'WEBHOOK_URL_NOT_HTTPS', 'The endpoint URL must start with https://', /Endpoint URL/],
    [
      'description',
      'WEBHOOK_DESCRIPTION_TOO_LONG',
      'A description has at most 500 characters',
      /Description/,
    ],
    ['eventTypes', 'UNKNOWN_WEBHOOK_EVENT', "Unknown event type 'x'", /Events/],
  ])(
    'shows a refusal of %s under that field and keeps the dialog open',
    async (field, code, message, label) => {
      routeFetch({
        'GET /api/webhooks/endpoints': [],
        'GET /api/saved-searches': [],
        'POST /api/webhooks/endpoints': jsonResponse(400, { code, message, field }),
      });
      const shell = setup();
      const form = await openAdd();
      fill(form, /Endpoint URL/, 'http://hooks.example.com/buildbid');
      fireEvent.click(within(form).getByRole('checkbox', { name: /^bid\.received/ }));
      submit(form);
      const error = await within(form).findByText(message);
      const control =
        within(form).queryByRole('textbox', { name: label }) ??
        within(form).getByRole('group', { name: label });
      expect(control.closest('.field')?.contains(error)).toBe(true);
      expect(shell.toast).not.toHaveBeenCalled();
      expect(screen.getByRole('dialog', { name: 'Add endpoint' })).toBeTruthy();
    },
  );

  it("toasts a refusal that names no field ('Error' with the message)", async () => {
    routeFetch({
      'GET /api/webhooks/endpoints': [],
      'GET /api/saved-searches': [],
      'POST /api/webhooks/endpoints': jsonResponse(409, {
        code: 'WEBHOOK_LIMIT_REACHED',
        message: 'You can have at most 10 webhook endpoints; delete one first',
      }),
    });
    const shell = setup();
    const form = await openAdd();
    fill(form, /Endpoint URL/, HOOK);
    fireEvent.click(within(form).getByRole('checkbox', { name: /^bid\.received/ }));
    submit(form);
    await toasted(shell.toast, {
      title: 'Error',
      description: 'You can have at most 10 webhook endpoints; delete one first',
      variant: 'destructive',
    });
    expect(screen.getByRole('dialog', { name: 'Add endpoint' })).toBeTruthy();
  });

  it("returns focus to 'Add endpoint' when the form is cancelled", async () => {
    routeFetch({ 'GET /api/webhooks/endpoints': [], 'GET /api/saved-searches': [] });
    setup();
    const form = await openAdd();
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(addButton());
  });
});

describe('editing, disabling and deleting an endpoint', () => {
  resetAfterEach();

  it('edits the URL and events, keeps the rest, and focus returns to Edit', async () => {
    const sent: { body?: unknown } = {};
    routeFetch({
      'GET /api/webhooks/endpoints': [endpoint()],
      'GET /api/saved-searches': [],
      [`PATCH /api/webhooks/endpoints/${ID}`]: async (request: Request) => {
        sent.body = await request.json();
        return jsonResponse(
          200,
          endpoint({ url: 'https://hooks.example.com/v2', eventTypes: ['bid.received'] }),
        );
      },
    });
    const shell = setup();
    const edit = await screen.findByRole('button', { name: `Edit ${HOOK}` });
    edit.focus();
    fireEvent.click(edit);
    const form = screen.getByRole('dialog', { name: 'Edit endpoint' });
    expect((within(form).getByRole('textbox', { name: /Endpoint URL/ }) as HTMLInputElement).value).toBe(
      HOOK,
    );
    expect(
      (within(form).getByRole('checkbox', { name: /^message\.received/ }) as HTMLInputElement).checked,
    ).toBe(true);
    fill(form, /Endpoint URL/, 'https://hooks.example.com/v2');
    fireEvent.click(within(form).getByRole('checkbox', { name: /^message\.received/ }));
    submit(form, 'Save changes');
    await toasted(shell.toast, { title: 'Endpoint saved' });
    expect(sent.body).toEqual({
      url: 'https://hooks.example.com/v2',
      description: 'Bids into our CRM',
      eventTypes: ['bid.received'],
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    const row = rowOf('https://hooks.example.com/v2');
    expect(
      within(row)
        .getAllByRole('listitem')
        .map((c) => c.textContent),
    ).toEqual(['bid.received']);
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(row).getByRole('button', { name: 'Edit https://hooks.example.com/v2' }),
      ),
    );
  });

  it('disables after asking, then enables without asking', async () => {
    const bodies: unknown[] = [];
    routeFetch({
      'GET /api/webhooks/endpoints': [endpoint()],
      [`PATCH /api/webhooks/endpoints/${ID}`]: async (request: Request) => {
        const body = (await request.json()) as { enabled: boolean };
        bodies.push(body);
        return jsonResponse(
          200,
          body.enabled
            ? endpoint()
            : endpoint({
                status: 'disabled',
                disabledReason: 'disabled_by_owner',
                disabledAt: '2027-03-06T12:00:00.000Z',
              }),
        );
      },
    });
    const shell = setup();
    fireEvent.click(await screen.findByRole('button', { name: `Disable ${HOOK}` }));
    const confirm = screen.getByRole('alertdialog', { name: 'Disable endpoint?' });
    expect(confirm.textContent).toContain(
      `${HOOK} receives no events until you enable it again, and the deliveries still being retried fail.`,
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Disable' }));
    await toasted(shell.toast, { title: 'Endpoint disabled' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(within(rowOf()).getByText('Disabled')).toBeTruthy();

    fireEvent.click(within(rowOf()).getByRole('button', { name: `Enable ${HOOK}` }));
    await toasted(shell.toast, { title: 'Endpoint enabled' });
    expect(within(rowOf()).getByText('Enabled')).toBeTruthy();
    expect(bodies).toEqual([{ enabled: false }, { enabled: true }]);
  });

  it("asks 'Delete endpoint?', deletes on 'Delete', and focus goes to Add endpoint", async () => {
    const fetch = routeFetch({
      'GET /api/webhooks/endpoints': [endpoint()],
      [`DELETE /api/webhooks/endpoints/${ID}`]: new Response(null, { status: 204 }),
    });
    const shell = setup();
    fireEvent.click(await screen.findByRole('button', { name: `Delete ${HOOK}` }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete endpoint?' });
    expect(confirm.textContent).toContain(
      `Nothing more is sent to ${HOOK}, and its delivery log is deleted with it. This cannot be undone.`,
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await toasted(shell.toast, { title: 'Endpoint deleted' });
    expect(requestsOf(fetch)).toContain(`DELETE /api/webhooks/endpoints/${ID}`);
    expect(screen.queryByRole('listitem', { name: HOOK })).toBeNull();
    expect(screen.getByRole('heading', { name: 'No endpoints yet' })).toBeTruthy();
    expect(document.activeElement).toBe(addButton());
  });

  it("toasts 'Error' when the endpoint is not found, and the row stays", async () => {
    routeFetch({
      'GET /api/webhooks/endpoints': [endpoint()],
      [`DELETE /api/webhooks/endpoints/${ID}`]: jsonResponse(404, {
        code: 'WEBHOOK_ENDPOINT_NOT_FOUND',
        message: 'Webhook endpoint not found',
      }),
    });
    const shell = setup();
    fireEvent.click(await screen.findByRole('button', { name: `Delete ${HOOK}` }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await toasted(shell.toast, {
      title: 'Error',
      description: 'Webhook endpoint not found',
      variant: 'destructive',
    });
    expect(screen.getByRole('alertdialog', { name: 'Delete endpoint?' })).toBeTruthy();
    expect(screen.getByText(HOOK, { selector: 'h3' })).toBeTruthy();
  });
});
