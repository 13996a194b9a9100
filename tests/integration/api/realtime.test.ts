import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { TOKENS } from '#api/container.ts';
import { buildTestApp, sessionCookie, type TestApp, uniqueEmail } from '../support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const signUp = async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email: uniqueEmail('ws'), password: 'secret12' },
  });
  return { cookie: sessionCookie(res), id: res.json().id as string };
};

function nextMessage(socket: WebSocket): Promise<{ type: string; data?: unknown }> {
  return new Promise((resolve) => socket.once('message', (raw) => resolve(JSON.parse(String(raw)))));
}
function closed(socket: WebSocket): Promise<number> {
  return new Promise((resolve) => socket.once('close', (code) => resolve(code)));
}
async function connect(cookie?: string) {
  const socket = await t.app.injectWS('/ws', cookie ? { headers: { cookie } } : {});
  return socket;
}

describe('the /ws socket', () => {
  it('closes with 4401 without a valid session', async () => {
    const socket = await connect();
    expect(await closed(socket)).toBe(4401);
    const tampered = await connect('buildbid_session=not-a-real-cookie');
    expect(await closed(tampered)).toBe(4401);
  });

  it('delivers to every open socket of the user, and only theirs', async () => {
    const ann = await signUp();
    const bob = await signUp();
    const tab1 = await connect(ann.cookie);
    const tab2 = await connect(ann.cookie);
    const bobs = await connect(bob.cookie);
    await Promise.all([nextMessage(tab1), nextMessage(tab2), nextMessage(bobs)]);

    const received: unknown[] = [];
    bobs.on('message', (raw) => received.push(JSON.parse(String(raw))));
    const hub = t.composition.get(TOKENS.Realtime);
    const sent = [nextMessage(tab1), nextMessage(tab2)];
    // The spec's client sends an auth message naming someone else: it changes nothing.
    tab1.send(JSON.stringify({ type: 'auth', userId: bob.id }));
    await hub.sendToUser(ann.id, { type: 'new_message', data: { senderId: bob.id } });
    for (const message of await Promise.all(sent)) {
      expect(message).toEqual({ type: 'new_message', data: { senderId: bob.id } });
    }
    expect(received).toEqual([]);
    for (const s of [tab1, tab2, bobs]) s.terminate();
  });

  it('signing out closes that session’s sockets', async () => {
    const ann = await signUp();
    const socket = await connect(ann.cookie);
    await nextMessage(socket);
    const code = closed(socket);
    await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { cookie: ann.cookie } });
    expect(await code).toBe(4401);
  });
});
