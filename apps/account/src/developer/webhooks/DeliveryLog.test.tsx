// @vitest-environment jsdom
import { jsonResponse, requestsOf, routeFetch } from '@buildbid/test-kit/helpers';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { resetAfterEach, shellMocks, toasted } from '../../testing.ts';
import { BODY_PREVIEW_CHARS, bodyPreview, dateTimeText, outcomeText } from './DeliveryLog.tsx';
import { delivery, ENDPOINT_ID, ENDPOINT_URL, endpoint, SECRET } from './testing.ts';
import { WebhooksSection } from './Webhooks.tsx';

const HOOK = ENDPOINT_URL;
const ID = ENDPOINT_ID;
const LOG = `GET /api/webhooks/endpoints/${ID}/deliveries`;
const PING = delivery({
  id: '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b',
  type: 'ping',
  eventId: 'evt_00000000000000000000000000000001',
  lastAttemptAt: '2027-03-02T12:00:05.000Z',
  createdAt: '2027-03-02T12:00:05.000Z',
  latencyMs: 12,
  responseBody: 'received',
});

function setup() {
  const shell = shellMocks();
  render(<WebhooksSection shell={shell} />);
  return shell;
}

async function openLog() {
  const toggle = await screen.findByRole('button', { name: `Delivery log of ${HOOK}` });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  const log = screen.getByRole('region', { name: 'Delivery log' });
  expect(toggle.getAttribute('aria-controls')).toBe(log.id);
  return log;
}

const deliveriesIn = async (log: HTMLElement) =>
  within(await within(log).findByRole('list', { name: `Deliveries to ${HOOK}` })).getAllByRole('listitem', {
    name: /./,
  });

describe('the delivery log', () => {
  resetAfterEach();

  it('opens under its endpoint and shows each delivery: type, time, status, response, latency, body', async () => {
    const fetch = routeFetch({
      'GET /api/webhooks/endpoints': [endpoint()],
      [LOG]: {
        items: [
          delivery(),
          delivery({
            id: 'b',
            type: 'message.received',
            status: 'pending',
            attempts: 3,
            nextAttemptAt: '2027-03-01T12:35:00.000Z',
            responseStatus: null,
            latencyMs: 10000,
            responseBody: null,
            error: 'Timed out after 10 seconds',
          }),
          delivery({ id: 'c', status: 'failed', responseStatus: 500, responseBody: 'x'.repeat(1024) }),
        ],
        nextCursor: null,
      },
    });
    setup();
    const log = await openLog();
    const [ok, retrying, failed] = (await deliveriesIn(log)) as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(ok).getByText('bid.received', { selector: 'code' })).toBeTruthy();
    expect(within(ok).getByText('Succeeded')).toBeTruthy();
    expect(ok.querySelector('time')?.getAttribute('dateTime')).toBe('2027-03-01T12:00:01.000Z');
    expect(ok.querySelector('time')?.textContent).toMatch(/^Mar 1, 2027, \d{1,2}:00:01 [AP]M$/);
    expect(ok.textContent).toContain('ResponseHTTP 200');
    expect(ok.textContent).toContain('Latency84 ms');
    expect(ok.textContent).toContain('Attempts1');
    expect(ok.textContent).toContain('Response bodyok');
    expect(within(ok).getByRole('button', { name: 'Resend' })).toBeTruthy();

    expect(within(retrying).getByText('Retrying')).toBeTruthy();
    expect(retrying.textContent).toContain('ResponseNone');
    expect(retrying.textContent).toContain('Attempts3');
    expect(retrying.textContent).toContain('Next attemptMar 1, 2027');
    expect(retrying.textContent).toContain('Timed out after 10 seconds');
    expect(retrying.textContent).not.toContain('Response body');

    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(failed.querySelector('pre')?.textContent).toBe(`${'x'.repeat(BODY_PREVIEW_CHARS)}…`);
    expect(within(log).getByText('Showing 3 deliveries, newest first')).toBeTruthy();
    expect(requestsOf(fetch)).toEqual(['GET /api/webhooks/endpoints', LOG]);

    fireEvent.click(screen.getByRole('button', { name: `Delivery log of ${HOOK}` }));
    expect(screen.queryByRole('region', { name: 'Delivery log' })).toBeNull();
  });

  it('says what the endpoint answered, and cuts a long body', () => {
    expect(outcomeText(delivery())).toBe('Your endpoint answered HTTP 200 in 84 ms.');
    expect(
      outcomeText(delivery({ responseStatus: null, latencyMs: null, error: 'Connection refused' })),
    ).toBe('No answer: Connection refused');
    expect(bodyPreview('short')).toBe('short');
    expect(bodyPreview('y'.repeat(BODY_PREVIEW_CHARS + 1))).toHaveLength(BODY_PREVIEW_CHARS + 1);
    expect(dateTimeText('2027-03-01T12:00:01.000Z')).toMatch(/^Mar 1, 2027, \d{1,2}:00:01 [AP]M$/);
  });

  it('says when there is no delivery yet', async () => {
    routeFetch({ 'GET /api/webhooks/endpoints': [endpoint()], [LOG]: { items: [], nextCursor: null } });
    setup();
    const log = await openLog();
    expect(
      await within(log).findByText('No deliveries yet. Send a test event to see one here.'),
    ).toBeTruthy();
  });

  it('sends a test event: the attempt is shown and told at once, then the log is read again', async () => {
    let logReads = 0;
    const fetch = routeFetch({
      'GET /api/webhooks/endpoints': [endpoint()],
      [LOG]: () => {
        logReads += 1;
        return jsonResponse(200, { items: logReads === 1 ? [] : [PING], nextCursor: null });
      },
      [`POST /api/webhooks/endpoints/${ID}/test`]: jsonResponse(201, PING),
    });
    const shell = setup();
    const log = await openLog();
    await within(log).findByText(/No deliveries yet/);
    const send = within(log).getByRole('button', { name: 'Send test event' });
    fireEvent.click(send);
    await toasted(shell.toast, {
      title: 'Test event sent',
      description: 'Your endpoint answered HTTP 200 in 12 ms.',
    });
    const [shown] = await deliveriesIn(log);
    expect(within(shown as HTMLElement).getByText('ping', { selector: 'code' })).toBeTruthy();
    expect(shown?.textContent).toContain('Response bodyreceived');
    await waitFor(() =>
      expect(requestsOf(fetch)).toEqual([
        'GET /api/webhooks/endpoints',
        LOG,
        `POST /api/webhooks/endpoints/${ID}/test`,
        LOG,
      ]),
    );
    expect(await deliveriesIn(log)).toHaveLength(1);
  });

  it('tells a failed test event as a failure', async () => {
    routeFetch({
      'GET /api/webhooks/endpoints': [endpoint()],
      [LOG]: { items: [], nextCursor: null },
      [`POST /api/webhooks/endpoints/${ID}/test`]: jsonResponse(
        201,
        delivery({
          type: 'ping',
          status: 'failed',
          responseStatus: 503,
          latencyMs: 40,
          responseBody: 'down',
        }),
      ),
    });
    const shell = setup();
    const log = await openLog();
    fireEvent.click(within(log).getByRole('button', { name: 'Send test event' }));
    await toasted(shell.toast, {
      title: 'Test event failed',
      description: 'Your endpoint answered HTTP 503 in 40 ms.',
      variant: 'destructive',
    });
  });

  it('resends a delivery: its row shows the new attempt, and focus stays on Resend', async () => {
    const failed = delivery({ status: 'failed', responseStatus: 500, responseBody: 'boom' });
    const resent = delivery({ attempts: 2, lastAttemptAt: '2027-03-03T09:00:00.000Z' });
    let resentYet = false;
    let answer: (response: Response) => void = () => {};
    routeFetch({
      'GET /api/webhooks/endpoints': [endpoint()],
      [LOG]: () => jsonResponse(200, { items: [resentYet ? resent : failed], nextCursor: null }),
      [`POST /api/webhooks/deliveries/${failed.id}/resend`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const shell = setup();
    const log = await openLog();
    const [row] = (await deliveriesIn(log)) as [HTMLElement];
    expect(within(row).getByText('Failed')).toBeTruthy();
    const resend = within(row).getByRole('button', { name: 'Resend' });
    resend.focus();
    fireEvent.click(resend);
    // While it is sent the button says so but stays enabled: a disabled button would drop the focus.
    await waitFor(() => expect(resend.textContent).toBe('Resending...'));
    expect(resend.hasAttribute('disabled')).toBe(false);
    resentYet = true;
    answer(jsonResponse(200, resent));
    await toasted(shell.toast, {
      title: 'Delivery resent',
      description: 'Your endpoint answered HTTP 200 in 84 ms.',
    });
    const [after] = (await deliveriesIn(log)) as [HTMLElement];
    expect(within(after).getByText('Succeeded')).toBeTruthy();
    expect(after.textContent).toContain('Attempts2');
    expect(document.activeElement).toBe(within(after).getByRole('button', { name: 'Resend' }));
  });

  it("toasts 'Error' when a resend is refused (409 while the worker holds it)", async () => {
    routeFetch({
      'GET /api/webhooks/endpoints': [endpoint()],
      [LOG]: { items: [delivery()], nextCursor: null },
      [`POST /api/webhooks/deliveries/${delivery().id}/resend`]: jsonResponse(409, {
        code: 'WEBHOOK_DELIVERY_IN_PROGRESS',
        message: 'This delivery is being sent right now; try again in a moment',
      }),
    });
    const shell = setup();
    const log = await openLog();
    const [row] = (await deliveriesIn(log)) as [HTMLElement];
    fireEvent.click(within(row).getByRole('button', { name: 'Resend' }));
    await toasted(shell.toast, {
      title: 'Error',
      description: 'This delivery is being sent right now; try again in a moment',
      variant: 'destructive',
    });
    expect(within(row).getByRole('button', { name: 'Resend' })).toBeTruthy();
  });

  it('reads the log again on Refresh, and the next page on Load more', async () => {
    const first = delivery();
    const older = delivery({ id: 'older', type: 'question.asked' });
    const newer = delivery({ id: 'newer', type: 'bid.accepted' });
    let reads = 0;
    const fetch = routeFetch({
      'GET /api/webhooks/endpoints': [endpoint()],
      [LOG]: (request: Request) => {
        if (new URL(request.url).searchParams.get('before') === 'cursor-1') {
          return jsonResponse(200, { items: [older], nextCursor: null });
        }
        reads += 1;
        return jsonResponse(200, { items: reads === 1 ? [first] : [newer, first], nextCursor: 'cursor-1' });
      },
    });
    setup();
    const log = await openLog();
    await deliveriesIn(log);
    fireEvent.click(within(log).getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await deliveriesIn(log)).toHaveLength(2));
    expect(within(log).queryByRole('button', { name: 'Load more' })).toBeNull();
    fireEvent.click(within(log).getByRole('button', { name: 'Refresh' }));
    await waitFor(async () =>
      expect((await deliveriesIn(log)).map((d) => d.querySelector('code')?.textContent)).toEqual([
        'bid.accepted',
        'bid.received',
      ]),
    );
    expect(requestsOf(fetch)).toEqual(['GET /api/webhooks/endpoints', LOG, `${LOG}?before=cursor-1`, LOG]);
  });

  it('offers Try again when the log does not load', async () => {
    const fetch = routeFetch({
      'GET /api/webhooks/endpoints': [endpoint()],
      [LOG]: jsonResponse(404, { code: 'WEBHOOK_ENDPOINT_NOT_FOUND', message: 'Webhook endpoint not found' }),
    });
    setup();
    const log = await openLog();
    const alert = await within(log).findByRole('alert');
    expect(alert.textContent).toContain('Webhook endpoint not found');
    fetch.mockImplementation(async () => jsonResponse(200, { items: [delivery()], nextCursor: null }));
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await deliveriesIn(log)).toHaveLength(1);
  });
});

describe('the signing secret', () => {
  resetAfterEach();

  const ROLLED = 'whsec_bmV3LXNlY3JldC1hZnRlci1hLXJvbGwtMDEyMzQ1Njc4OWFi';

  it('is revealed in a read-only field with Copy; Done returns to its button', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    routeFetch({
      'GET /api/webhooks/endpoints': [endpoint()],
      [`GET /api/webhooks/endpoints/${ID}/secret`]: {
        secret: SECRET,
        previousSecret: null,
        previousSecretExpiresAt: null,
      },
    });
    setup();
    const button = await screen.findByRole('button', { name: `Signing secret of ${HOOK}` });
    button.focus();
    fireEvent.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Signing secret' });
    const field = (await within(dialog).findByRole('textbox', {
      name: 'Signing secret',
    })) as HTMLInputElement;
    expect(field.value).toBe(SECRET);
    expect(field.readOnly).toBe(true);
    expect(dialog.textContent).toContain(`Check the BuildBid-Signature header of each delivery to ${HOOK}`);
    expect(within(dialog).queryByRole('textbox', { name: 'Previous secret' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.innerHTML).not.toContain(SECRET);
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('rolls after saying the old secret stays valid for 24 hours, then shows both', async () => {
    const fetch = routeFetch({
      'GET /api/webhooks/endpoints': [endpoint()],
      [`GET /api/webhooks/endpoints/${ID}/secret`]: {
        secret: SECRET,
        previousSecret: null,
        previousSecretExpiresAt: null,
      },
      [`POST /api/webhooks/endpoints/${ID}/secret/roll`]: {
        secret: ROLLED,
        previousSecret: SECRET,
        previousSecretExpiresAt: '2027-03-02T12:00:00.000Z',
      },
    });
    const shell = setup();
    fireEvent.click(await screen.findByRole('button', { name: `Signing secret of ${HOOK}` }));
    const dialog = screen.getByRole('dialog', { name: 'Signing secret' });
    await within(dialog).findByRole('textbox', { name: 'Signing secret' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Roll secret' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Roll secret?' });
    expect(confirm.textContent).toContain(
      'A new secret signs every delivery from now on. The current one stays valid for 24 hours, signing ' +
        'beside it, so you can switch your server without missing an event.',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Roll secret' }));
    await toasted(shell.toast, { title: 'Secret rolled' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect((within(dialog).getByRole('textbox', { name: 'Signing secret' }) as HTMLInputElement).value).toBe(
      ROLLED,
    );
    const previous = within(dialog).getByRole('textbox', { name: 'Previous secret' }) as HTMLInputElement;
    expect(previous.value).toBe(SECRET);
    expect(dialog.textContent).toMatch(/Still signs beside the new one until Mar 2, 2027, .+\./);
    expect(requestsOf(fetch)).toContain(`POST /api/webhooks/endpoints/${ID}/secret/roll`);
  });

  it('leaves the secret alone when the roll is cancelled', async () => {
    const fetch = routeFetch({
      'GET /api/webhooks/endpoints': [endpoint()],
      [`GET /api/webhooks/endpoints/${ID}/secret`]: {
        secret: SECRET,
        previousSecret: null,
        previousSecretExpiresAt: null,
      },
    });
    setup();
    fireEvent.click(await screen.findByRole('button', { name: `Signing secret of ${HOOK}` }));
    const dialog = screen.getByRole('dialog', { name: 'Signing secret' });
    await within(dialog).findByRole('textbox', { name: 'Signing secret' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Roll secret' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(requestsOf(fetch)).toEqual([
      'GET /api/webhooks/endpoints',
      `GET /api/webhooks/endpoints/${ID}/secret`,
    ]);
    expect(screen.getByRole('dialog', { name: 'Signing secret' })).toBeTruthy();
  });

  it('says why the secret did not load, with Try again', async () => {
    routeFetch({
      'GET /api/webhooks/endpoints': [endpoint()],
      [`GET /api/webhooks/endpoints/${ID}/secret`]: jsonResponse(404, {
        code: 'WEBHOOK_ENDPOINT_NOT_FOUND',
        message: 'Webhook endpoint not found',
      }),
    });
    setup();
    fireEvent.click(await screen.findByRole('button', { name: `Signing secret of ${HOOK}` }));
    const dialog = screen.getByRole('dialog', { name: 'Signing secret' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Webhook endpoint not found');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Roll secret' })).toBeNull();
  });
});
