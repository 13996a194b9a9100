import { errorOf } from '@buildbid/test-kit/samples';
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '#domain/shared/events.ts';
import {
  type AttemptResult,
  afterAttempt,
  attemptSucceeded,
  DISABLE_AFTER_FAILING_MS,
  failedLongEnough,
  nextRetryAt,
  RETRY_WINDOW_MS,
} from '#domain/webhook/delivery.ts';
import {
  editWebhookEndpoint,
  newWebhookEndpoint,
  rollWebhookSecret,
  setWebhookEndpointEnabled,
  signingSecrets,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpointInput,
  type WebhookMode,
  webhookEndpointView,
} from '#domain/webhook/endpoint.ts';
import { eventFingerprint, webhookBody, webhookNoticesFor } from '#domain/webhook/events.ts';

const NOW = new Date('2027-03-01T12:00:00.000Z');
const MIN = 60_000;
const HOUR = 60 * MIN;

const base = { id: 'e1', ownerUserId: 'u1', secret: 'whsec_a', now: NOW };
const endpoint = (input: Partial<WebhookEndpointInput> = {}, mode: WebhookMode = 'production') =>
  newWebhookEndpoint(
    { ...base, url: 'https://hooks.example.com/bb', eventTypes: ['bid.received'], ...input },
    mode,
  );
const codeOf = (fn: () => unknown) => errorOf<{ code: string; field: string }>(fn);

describe('webhook endpoints: the rules', () => {
  it.each([
    ['https://hooks.example.com/bb', 'production'],
    ['https://localhost:8443/hook', 'production'],
    ['http://localhost:3000/hook', 'development'],
    ['http://127.0.0.1:9999/x?y=1', 'development'],
    ['https://example.com/a', 'development'],
  ] as const)('takes %s in %s', (url, mode) => {
    expect(endpoint({ url }, mode).url).toBe(url);
  });

  it.each([
    ['', 'production', 'WEBHOOK_URL_REQUIRED'],
    ['   ', 'production', 'WEBHOOK_URL_REQUIRED'],
    ['not a url', 'production', 'WEBHOOK_URL_INVALID'],
    ['ftp://example.com/x', 'production', 'WEBHOOK_URL_INVALID'],
    ['https://user:pass@example.com/x', 'production', 'WEBHOOK_URL_INVALID'],
    ['http://example.com/x', 'production', 'WEBHOOK_URL_NOT_HTTPS'],
    ['http://localhost:3000/x', 'production', 'WEBHOOK_URL_NOT_HTTPS'],
    ['http://127.0.0.1/x', 'production', 'WEBHOOK_URL_NOT_HTTPS'],
    ['http://example.com/x', 'development', 'WEBHOOK_URL_NOT_HTTPS'],
    ['http://10.0.0.1/x', 'development', 'WEBHOOK_URL_NOT_HTTPS'],
    [
      `https://example.com/${'a'.repeat(2049 - 'https://example.com/'.length)}`,
      'production',
      'WEBHOOK_URL_TOO_LONG',
    ],
  ] as const)('refuses %j in %s (%s)', (url, mode, code) => {
    const error = codeOf(() => endpoint({ url }, mode));
    expect([error.code, error.field]).toEqual([code, 'url']);
  });

  it('takes a URL of exactly 2048 characters', () => {
    const url = `https://example.com/${'a'.repeat(2048 - 'https://example.com/'.length)}`;
    expect(endpoint({ url }).url).toHaveLength(2048);
  });

  it('needs at least one known event type, kept once each in the catalogue order', () => {
    expect(codeOf(() => endpoint({ eventTypes: [] })).code).toBe('WEBHOOK_EVENTS_REQUIRED');
    const unknown = errorOf<{ code: string; message: string }>(() =>
      endpoint({ eventTypes: ['bid.received', 'ping'] }),
    );
    expect(unknown.code).toBe('UNKNOWN_WEBHOOK_EVENT');
    expect(unknown.message).toContain("'ping'");
    expect(
      endpoint({ eventTypes: ['message.received', 'bid.received', 'message.received'] }).eventTypes,
    ).toEqual(['bid.received', 'message.received']);
    expect(
      endpoint({ eventTypes: [...WEBHOOK_EVENT_TYPES].reverse(), savedSearchId: 's1' }).eventTypes,
    ).toEqual([...WEBHOOK_EVENT_TYPES]);
  });

  it('needs a saved search with project.posted, and keeps none without it', () => {
    const required = codeOf(() => endpoint({ eventTypes: ['project.posted'] }));
    expect([required.code, required.field]).toEqual(['WEBHOOK_SAVED_SEARCH_REQUIRED', 'savedSearchId']);
    expect(endpoint({ eventTypes: ['project.posted'], savedSearchId: ' s1 ' }).savedSearchId).toBe('s1');
    expect(endpoint({ savedSearchId: 's1' }).savedSearchId).toBeNull();
  });

  it('trims the description and keeps at most 500 characters', () => {
    expect(endpoint({ description: '  CRM sync  ' }).description).toBe('CRM sync');
    expect(endpoint({ description: null }).description).toBe('');
    expect(endpoint({ description: 'é'.repeat(500) }).description).toHaveLength(500);
    expect(codeOf(() => endpoint({ description: 'x'.repeat(501) })).code).toBe(
      'WEBHOOK_DESCRIPTION_TOO_LONG',
    );
  });

  it('starts enabled with no app, and an edit checks the form again', () => {
    const created = endpoint();
    expect(created).toMatchObject({
      status: 'enabled',
      appId: null,
      disabledReason: null,
      failingSince: null,
    });
    const later = new Date(NOW.getTime() + MIN);
    const edited = editWebhookEndpoint(
      created,
      { url: 'https://other.example/x', eventTypes: ['bid.accepted'] },
      'production',
      later,
    );
    expect(edited).toMatchObject({
      url: 'https://other.example/x',
      eventTypes: ['bid.accepted'],
      updatedAt: later,
    });
    expect(edited.createdAt).toEqual(NOW);
    expect(
      codeOf(() =>
        editWebhookEndpoint(
          created,
          { url: 'http://x.example', eventTypes: ['bid.accepted'] },
          'production',
          later,
        ),
      ).code,
    ).toBe('WEBHOOK_URL_NOT_HTTPS');
  });

  it('is disabled by its owner with a reason, and enabling starts its failure count afresh', () => {
    const failing = { ...endpoint(), failingSince: NOW };
    const off = setWebhookEndpointEnabled(failing, false, NOW);
    expect(off).toMatchObject({ status: 'disabled', disabledReason: 'disabled_by_owner', disabledAt: NOW });
    expect(setWebhookEndpointEnabled(off, false, NOW)).toBe(off);
    expect(setWebhookEndpointEnabled(off, true, NOW)).toMatchObject({
      status: 'enabled',
      disabledReason: null,
      disabledAt: null,
      failingSince: null,
    });
  });

  it('signs with the previous secret beside the new one for 24 hours after a roll', () => {
    const rolled = rollWebhookSecret(endpoint(), 'whsec_b', NOW);
    expect(rolled).toMatchObject({ secret: 'whsec_b', previousSecret: 'whsec_a' });
    expect(signingSecrets(rolled, NOW)).toEqual(['whsec_b', 'whsec_a']);
    expect(signingSecrets(rolled, new Date(NOW.getTime() + 24 * HOUR - 1))).toEqual(['whsec_b', 'whsec_a']);
    expect(signingSecrets(rolled, new Date(NOW.getTime() + 24 * HOUR))).toEqual(['whsec_b']);
    expect(signingSecrets(endpoint(), NOW)).toEqual(['whsec_a']);
    expect(webhookEndpointView(rolled)).not.toHaveProperty('secret');
    expect(webhookEndpointView(rolled)).not.toHaveProperty('previousSecret');
  });
});

describe('webhook events: which domain events go to whom', () => {
  const at = NOW;
  const bid = { bidId: 'b1', projectId: 'p1', projectTitle: 'Kitchen', occurredAt: at };
  const project = { projectId: 'p1', projectTitle: 'Kitchen', ownerId: 'owner', occurredAt: at };
  const cases: [string, DomainEvent, { type: string; recipientIds: string[]; data: object }[]][] = [
    [
      'bid_submitted: the project owner, bid.received',
      {
        ...bid,
        type: 'bid_submitted',
        recipientId: 'owner',
        contractorId: 'k1',
        amountCents: 500_000,
        projectPostedAt: at,
      },
      [
        {
          type: 'bid.received',
          recipientIds: ['owner'],
          data: {
            bidId: 'b1',
            projectId: 'p1',
            projectTitle: 'Kitchen',
            contractorId: 'k1',
            amount: '5000.00',
          },
        },
      ],
    ],
    [
      'bid_accepted: the bidder',
      { ...bid, type: 'bid_accepted', recipientId: 'k1' },
      [
        {
          type: 'bid.accepted',
          recipientIds: ['k1'],
          data: { bidId: 'b1', projectId: 'p1', projectTitle: 'Kitchen' },
        },
      ],
    ],
    [
      'bid_rejected: the bidder, with the reason',
      { ...bid, type: 'bid_rejected', recipientId: 'k1', reason: 'another_bid_accepted' },
      [
        {
          type: 'bid.rejected',
          recipientIds: ['k1'],
          data: { bidId: 'b1', projectId: 'p1', projectTitle: 'Kitchen', reason: 'another_bid_accepted' },
        },
      ],
    ],
    [
      'bid_withdrawn: the project owner',
      {
        ...bid,
        type: 'bid_withdrawn',
        recipientId: 'owner',
        contractorId: 'k1',
        amountCents: 12_345,
        reason: 'account_deleted',
      },
      [
        {
          type: 'bid.withdrawn',
          recipientIds: ['owner'],
          data: {
            bidId: 'b1',
            projectId: 'p1',
            projectTitle: 'Kitchen',
            contractorId: 'k1',
            amount: '123.45',
            reason: 'account_deleted',
          },
        },
      ],
    ],
    [
      'message_sent: the receiver, message.received',
      {
        type: 'message_sent',
        occurredAt: at,
        messageId: 'm1',
        senderId: 's1',
        senderName: 'Ann',
        recipientId: 'r1',
        projectId: null,
        preview: 'Hi',
      },
      [
        {
          type: 'message.received',
          recipientIds: ['r1'],
          data: { messageId: 'm1', senderId: 's1', senderName: 'Ann', projectId: null, preview: 'Hi' },
        },
      ],
    ],
    [
      'question_asked: the owner',
      {
        type: 'question_asked',
        occurredAt: at,
        questionId: 'q1',
        projectId: 'p1',
        projectTitle: 'Kitchen',
        recipientId: 'owner',
      },
      [
        {
          type: 'question.asked',
          recipientIds: ['owner'],
          data: { questionId: 'q1', projectId: 'p1', projectTitle: 'Kitchen' },
        },
      ],
    ],
    [
      'question_answered: the asker and the bidders, each once',
      {
        type: 'question_answered',
        occurredAt: at,
        questionId: 'q1',
        kind: 'question',
        projectId: 'p1',
        projectTitle: 'Kitchen',
        askerId: 'a1',
        recipientIds: ['k1', 'k2', 'k1'],
      },
      [
        {
          type: 'question.answered',
          recipientIds: ['a1', 'k1', 'k2'],
          data: { questionId: 'q1', kind: 'question', projectId: 'p1', projectTitle: 'Kitchen' },
        },
      ],
    ],
    [
      'question_answered (a clarification): the bidders',
      {
        type: 'question_answered',
        occurredAt: at,
        questionId: 'q2',
        kind: 'clarification',
        projectId: 'p1',
        projectTitle: 'Kitchen',
        askerId: null,
        recipientIds: ['k1'],
      },
      [
        {
          type: 'question.answered',
          recipientIds: ['k1'],
          data: { questionId: 'q2', kind: 'clarification', projectId: 'p1', projectTitle: 'Kitchen' },
        },
      ],
    ],
    [
      'bid_deadline_changed: the bidders, dates as ISO strings',
      {
        ...project,
        type: 'bid_deadline_changed',
        previousDeadline: new Date('2027-04-01T00:00:00Z'),
        bidDeadline: null,
        recipientIds: ['k1'],
      },
      [
        {
          type: 'project.deadline_changed',
          recipientIds: ['k1'],
          data: {
            projectId: 'p1',
            projectTitle: 'Kitchen',
            previousDeadline: '2027-04-01T00:00:00.000Z',
            bidDeadline: null,
          },
        },
      ],
    ],
    [
      'addendum_posted: the bidders',
      { ...project, type: 'addendum_posted', addendumId: 'a1', recipientIds: ['k1', 'k2'] },
      [
        {
          type: 'project.addendum_posted',
          recipientIds: ['k1', 'k2'],
          data: { projectId: 'p1', projectTitle: 'Kitchen', addendumId: 'a1' },
        },
      ],
    ],
    [
      'project_phase_changed: the awarded contractor',
      {
        ...project,
        type: 'project_phase_changed',
        awardedContractorId: 'k1',
        from: 'awarded',
        to: 'in_progress',
      },
      [
        {
          type: 'project.phase_changed',
          recipientIds: ['k1'],
          data: { projectId: 'p1', projectTitle: 'Kitchen', from: 'awarded', to: 'in_progress' },
        },
      ],
    ],
    [
      'project_phase_changed before an award: nobody',
      {
        ...project,
        type: 'project_phase_changed',
        awardedContractorId: null,
        from: 'bidding',
        to: 'awarded',
      },
      [],
    ],
    [
      'badge_earned: not offered',
      { type: 'badge_earned', occurredAt: at, recipientId: 'u', badgeId: 'x' },
      [],
    ],
    [
      'project_deleted: not offered',
      { ...project, type: 'project_deleted', recipientIds: ['k1'], attachments: [] },
      [],
    ],
  ];

  it.each(cases)('%s', (_name, event, expected) => {
    expect(webhookNoticesFor(event)).toEqual(expected.map((notice) => ({ ...notice, occurredAt: at })));
  });

  it('leaves project.posted to the saved searches the project meets', () => {
    const posted: DomainEvent = {
      type: 'project_posted',
      occurredAt: at,
      projectId: 'p1',
      ownerId: 'owner',
      services: ['plumbing'],
      country: 'BS',
    };
    expect(webhookNoticesFor(posted)).toEqual([
      { type: 'project.posted', occurredAt: at, projectId: 'p1', ownerId: 'owner' },
    ]);
  });

  it('writes the body as { id, type, created (unix seconds), data }', () => {
    const body = webhookBody('evt_1', 'bid.accepted', new Date('2027-03-01T12:00:00.999Z'), { bidId: 'b1' });
    expect(body).toBe('{"id":"evt_1","type":"bid.accepted","created":1803902400,"data":{"bidId":"b1"}}');
  });

  it('fingerprints an event the same way whether it was written here or read back from the outbox', () => {
    const event: DomainEvent = { ...bid, type: 'bid_accepted', recipientId: 'k1' };
    // Read back from the outbox's JSON: other key order, the date revived as a new Date.
    const { occurredAt: _at, ...rest } = event;
    const readBack = JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(rest).reverse())));
    readBack.occurredAt = new Date(at);
    expect(eventFingerprint(readBack)).toBe(eventFingerprint(event));
    expect(eventFingerprint({ ...event, bidId: 'b2' })).not.toBe(eventFingerprint(event));
  });
});

describe('webhook deliveries: retries and disabling', () => {
  const fail: AttemptResult = { responseStatus: 500, latencyMs: 3, responseBody: 'oops', error: null };
  const ok: AttemptResult = { responseStatus: 204, latencyMs: 3, responseBody: '', error: null };

  it('counts a 2xx answer as taken, and anything else (3xx, 4xx, 5xx, no answer) as failed', () => {
    expect(attemptSucceeded(ok)).toBe(true);
    expect(attemptSucceeded({ ...ok, responseStatus: 299 })).toBe(true);
    for (const status of [199, 301, 302, 400, 410, 500, 503]) {
      expect(attemptSucceeded({ ...ok, responseStatus: status })).toBe(false);
    }
    expect(attemptSucceeded({ ...ok, responseStatus: null, error: 'Timed out after 10000 ms' })).toBe(false);
  });

  it('retries after 1 min, 5 min, 30 min, 2 h, 5 h, then every 10 h, the last attempt at three days', () => {
    const created = NOW;
    const times: number[] = [0];
    let now = created;
    for (let attempts = 1; ; attempts++) {
      const next = nextRetryAt(created, attempts, now);
      if (!next) break;
      now = next;
      times.push((now.getTime() - created.getTime()) / MIN);
    }
    expect(times).toEqual([0, 1, 6, 36, 156, 456, 1056, 1656, 2256, 2856, 3456, 4056, RETRY_WINDOW_MS / MIN]);
  });

  it('keeps a failed delivery pending until the three days are over, then fails it', () => {
    const delivery = { createdAt: NOW, attempts: 1 };
    expect(afterAttempt(delivery, fail, NOW, true)).toEqual({
      status: 'pending',
      nextAttemptAt: new Date(NOW.getTime() + MIN),
    });
    expect(afterAttempt(delivery, ok, NOW, true)).toEqual({ status: 'succeeded', nextAttemptAt: null });
    const end = new Date(NOW.getTime() + RETRY_WINDOW_MS);
    expect(afterAttempt({ ...delivery, attempts: 13 }, fail, end, true)).toEqual({
      status: 'failed',
      nextAttemptAt: null,
    });
    // A test event or a resend of a finished delivery is one attempt.
    expect(afterAttempt(delivery, fail, NOW, false)).toEqual({ status: 'failed', nextAttemptAt: null });
  });

  it('disables an endpoint whose attempts have all failed for three days', () => {
    expect(failedLongEnough(null, NOW)).toBe(false);
    expect(failedLongEnough(NOW, new Date(NOW.getTime() + DISABLE_AFTER_FAILING_MS - 1))).toBe(false);
    expect(failedLongEnough(NOW, new Date(NOW.getTime() + DISABLE_AFTER_FAILING_MS))).toBe(true);
  });
});
