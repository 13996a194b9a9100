import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_MESSAGE_LENGTH } from '#domain/message/message.ts';
import { buildTestApp, sessionCookie, uniqueEmail } from '../support/app.ts';
import { truncateAll } from '../support/database.ts';
import { SocketInbox, settle } from '../support/sockets.ts';
import {
  buildMarketplaceApp,
  type Caller,
  createProject,
  get,
  type MarketplaceApp,
  send,
  signUp,
  UNKNOWN_ID,
} from './marketplace-support.ts';

let t: MarketplaceApp;
let ann: Caller;
let bob: Caller;
let eve: Caller;

beforeAll(async () => {
  t = await buildMarketplaceApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await truncateAll(t.composition.orm);
  t.clearUploads();
  ann = await signUp(t, 'client', { firstName: 'Ann', lastName: 'Owner' });
  bob = await signUp(t, 'contractor', { firstName: 'Bob', lastName: 'Builder' });
  eve = await signUp(t, 'contractor', { firstName: 'Eve', lastName: 'Snoop' });
});

const post = (from: Caller, body: Record<string, unknown>) =>
  send(t, 'POST', '/api/messages', from.cookie, body);
const say = async (from: Caller, to: Caller, content: string, projectId: string | null = null) => {
  const res = await post(from, { receiverId: to.id, projectId, content, type: 'text' });
  expect(res.statusCode).toBe(201);
  return res.json() as Record<string, unknown>;
};
const conversation = async (caller: Caller, other: Caller, projectId?: string) => {
  const query = `otherUserId=${other.id}${projectId ? `&projectId=${projectId}` : ''}`;
  const res = await get(t, `/api/messages?${query}`, caller.cookie);
  expect(res.statusCode).toBe(200);
  return res.json() as Array<Record<string, unknown>>;
};
const connect = async (caller: Caller) => {
  const socket = await t.app.injectWS('/ws', { headers: { cookie: caller.cookie } });
  const inbox = new SocketInbox(socket);
  await inbox.next('connected');
  return { socket, inbox };
};

describe('POST /api/messages', () => {
  it('stores a trimmed text message and answers 201 with it', async () => {
    const projectId = await createProject(t, ann.cookie);
    const res = await post(ann, {
      receiverId: bob.id,
      projectId,
      content: '  When can you start?  ',
      type: 'text',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      senderId: ann.id,
      receiverId: bob.id,
      projectId,
      type: 'text',
      content: 'When can you start?',
      attachment: null,
      isRead: false,
      createdAt: expect.any(String),
    });
    // type and projectId are optional.
    expect((await post(ann, { receiverId: bob.id, content: 'Hi' })).statusCode).toBe(201);
  });

  it.each([
    [{ content: '' }, 400, 'MESSAGE_EMPTY'],
    [{ content: '   \n\t ' }, 400, 'MESSAGE_EMPTY'],
    // The document's maxLength is the server's rule (decision 0190): 5,000 characters as sent.
    [{ content: 'x'.repeat(5001) }, 400, 'VALIDATION_FAILED'],
    [{ content: 'x'.repeat(20_000) }, 400, 'VALIDATION_FAILED'],
    [{ content: 'Hi', type: 'file' }, 400, undefined],
    [{ content: 'Hi', receiverId: 'not-a-uuid' }, 400, undefined],
    [{ content: 'Hi', receiverId: UNKNOWN_ID }, 404, 'USER_NOT_FOUND'],
    [{ content: 'Hi', projectId: UNKNOWN_ID }, 404, 'PROJECT_NOT_FOUND'],
  ])('refuses %j with %i', async (body, status, code) => {
    const res = await post(ann, { receiverId: bob.id, ...body });
    expect(res.statusCode).toBe(status);
    if (code) expect(res.json().code).toBe(code);
  });

  it('refuses messaging yourself, and accepts exactly the maximum length the document states', async () => {
    const self = await post(ann, { receiverId: ann.id, content: 'Note to self' });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: 'CANNOT_MESSAGE_SELF', field: 'receiverId' });
    const long = await post(ann, { receiverId: bob.id, content: 'y'.repeat(5000) });
    expect(long.statusCode).toBe(201);
    expect(long.json().content).toHaveLength(5000);
    const padded = await post(ann, { receiverId: bob.id, content: `  ${'y'.repeat(4998)}  ` });
    expect(padded.statusCode).toBe(400);
    expect(padded.json()).toEqual({
      message: 'Content must be at most 5000 characters',
      code: 'VALIDATION_FAILED',
      field: 'content',
    });
  });

  it('the document states the length the server keeps: maxLength 5000 (it said 20,000)', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const body = document.paths['/api/messages'].post.requestBody.content['application/json'].schema;
    expect(body.properties.content.maxLength).toBe(MAX_MESSAGE_LENGTH);
    const over = await post(ann, { receiverId: bob.id, content: 'x'.repeat(MAX_MESSAGE_LENGTH + 1) });
    expect(over.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'content' });
  });

  it('needs a session', async () => {
    expect(
      (await send(t, 'POST', '/api/messages', undefined, { receiverId: bob.id, content: 'x' })).statusCode,
    ).toBe(401);
    expect((await get(t, `/api/messages?otherUserId=${bob.id}`)).statusCode).toBe(401);
  });
});

describe('GET /api/messages', () => {
  it('gives the conversation oldest first, optionally about one project; marking read is a POST', async () => {
    const kitchen = await createProject(t, ann.cookie, { title: 'Kitchen remodel' });
    await say(ann, bob, 'First, about the kitchen', kitchen);
    await settle(5);
    await say(bob, ann, 'Second, a reply', kitchen);
    await settle(5);
    await say(ann, bob, 'Third, no project');

    const annView = await conversation(ann, bob);
    expect(annView.map((m) => m.content)).toEqual([
      'First, about the kitchen',
      'Second, a reply',
      'Third, no project',
    ]);
    // Reading marks nothing read (a GET never changes state).
    expect(annView.map((m) => m.isRead)).toEqual([false, false, false]);
    const markRead = (reader: typeof ann, other: typeof ann, projectId?: string) =>
      send(t, 'POST', '/api/messages/read', reader.cookie, {
        otherUserId: other.id,
        projectId: projectId ?? null,
      });
    // Ann marks her conversation read: Bob's message to her is read; hers to Bob are not.
    expect((await markRead(ann, bob)).json()).toEqual({ count: 1 });
    expect((await conversation(ann, bob)).map((m) => m.isRead)).toEqual([false, true, false]);
    const kitchenOnly = await conversation(bob, ann, kitchen);
    expect(kitchenOnly.map((m) => m.content)).toEqual(['First, about the kitchen', 'Second, a reply']);
    expect(kitchenOnly[0]?.isRead).toBe(false);
    // Bob marks only the kitchen thread read: the third message is still unread.
    expect((await markRead(bob, ann, kitchen)).json()).toEqual({ count: 1 });
    expect((await conversation(ann, bob)).map((m) => m.isRead)).toEqual([true, true, false]);
    expect((await get(t, `/api/messages?otherUserId=${bob.id}&projectId=`, ann.cookie)).json()).toHaveLength(
      3,
    );
  });

  it('never shows a message to anyone but its two parties', async () => {
    await say(ann, bob, 'Private to Bob');
    await say(bob, ann, 'Private to Ann');
    // Eve asks for her conversation with Ann, or with Bob: nothing of theirs.
    expect(await conversation(eve, ann)).toEqual([]);
    expect(await conversation(eve, bob)).toEqual([]);
    // And Eve's own messages with Ann do not mix into Ann and Bob's conversation.
    await say(eve, ann, 'Hello Ann, Eve here');
    expect((await conversation(ann, bob)).map((m) => m.content)).toEqual([
      'Private to Bob',
      'Private to Ann',
    ]);
    expect(
      (await conversation(bob, ann)).every((m) => m.senderId !== eve.id && m.receiverId !== eve.id),
    ).toBe(true);
    // Eve marking her conversations read marks nothing of theirs.
    await send(t, 'POST', '/api/messages/read', eve.cookie, { otherUserId: ann.id });
    await send(t, 'POST', '/api/messages/read', eve.cookie, { otherUserId: bob.id });
    expect((await conversation(bob, ann)).find((m) => m.content === 'Private to Bob')?.isRead).toBe(false);
  });

  it('validates its query', async () => {
    expect((await get(t, '/api/messages', ann.cookie)).statusCode).toBe(400);
    expect((await get(t, '/api/messages?otherUserId=42', ann.cookie)).statusCode).toBe(400);
    expect((await get(t, `/api/messages?otherUserId=${bob.id}&projectId=42`, ann.cookie)).statusCode).toBe(
      400,
    );
    expect((await get(t, `/api/messages?otherUserId=${UNKNOWN_ID}`, ann.cookie)).json()).toEqual([]);
  });
});

describe('real-time delivery of messages', () => {
  it("pushes new_message and a message_received notification to every one of the receiver's sockets", async () => {
    const tab1 = await connect(bob);
    const tab2 = await connect(bob);
    const annSocket = await connect(ann);
    const eveSocket = await connect(eve);

    const sent = await say(ann, bob, 'Can you quote by Friday?');
    for (const tab of [tab1, tab2]) {
      const pushed = await tab.inbox.next('new_message');
      expect(pushed.data).toMatchObject({
        id: sent.id,
        senderId: ann.id,
        receiverId: bob.id,
        preview: 'Can you quote by Friday?',
      });
      expect((await tab.inbox.next('notification')).data).toMatchObject({
        type: 'message_received',
        title: 'New message from Ann Owner',
        message: 'Can you quote by Friday?',
        relatedEntityId: ann.id,
        userId: bob.id,
      });
    }
    await settle();
    // Neither the sender nor a third user is told.
    expect(annSocket.inbox.of('new_message')).toEqual([]);
    expect(eveSocket.inbox.of('new_message')).toEqual([]);
    expect(eveSocket.inbox.of('notification')).toEqual([]);
    const notes = (await get(t, '/api/notifications', bob.cookie)).json();
    expect(notes).toEqual([expect.objectContaining({ type: 'message_received', relatedEntityId: ann.id })]);
    for (const s of [tab1, tab2, annSocket, eveSocket]) s.socket.terminate();
  });

  it('keeps a long message out of the socket payload (a preview travels)', async () => {
    const tab = await connect(bob);
    await say(ann, bob, 'z'.repeat(5000));
    const pushed = (await tab.inbox.next('new_message')).data as { preview: string };
    expect([...pushed.preview].length).toBeLessThanOrEqual(120);
    tab.socket.terminate();
  });
});

describe('sending limits', () => {
  it('answers 429 past MESSAGE_RATE_LIMIT_PER_MINUTE for one session, and other senders are not affected', async () => {
    const limited = await buildTestApp({ MESSAGE_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const register = async () => {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { email: uniqueEmail('limit'), password: 'secret12' },
        });
        return { cookie: sessionCookie(res), id: res.json().id as string };
      };
      const [a, b] = [await register(), await register()];
      const send = (from: { cookie: string }, to: { id: string }) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/messages',
          headers: { cookie: from.cookie },
          payload: { receiverId: to.id, projectId: null, content: 'hello', type: 'text' },
        });
      expect((await send(a, b)).statusCode).toBe(201);
      expect((await send(a, b)).statusCode).toBe(201);
      const third = await send(a, b);
      expect(third.statusCode).toBe(429);
      expect(third.json().code).toBe('RATE_LIMITED');
      expect((await send(b, a)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
