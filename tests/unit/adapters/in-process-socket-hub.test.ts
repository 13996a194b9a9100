import { describe, expect, it } from 'vitest';
import { type HubSocket, InProcessSocketHub } from '#adapters/realtime/in-process-socket-hub.ts';

class FakeSocket implements HubSocket {
  readyState = 1;
  sent: string[] = [];
  pings = 0;
  terminated = false;
  closedWith: number | undefined;
  #listeners = new Map<string, Array<() => void>>();
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
    this.emit('close');
  }
  ping() {
    this.pings += 1;
  }
  terminate() {
    this.terminated = true;
  }
  on(event: 'pong' | 'close', listener: () => void) {
    this.#listeners.set(event, [...(this.#listeners.get(event) ?? []), listener]);
  }
  emit(event: string) {
    for (const l of this.#listeners.get(event) ?? []) l();
  }
}

describe('InProcessSocketHub', () => {
  it('drops a socket that missed a heartbeat and keeps one that answered', () => {
    const hub = new InProcessSocketHub(60_000);
    const dead = new FakeSocket();
    const alive = new FakeSocket();
    hub.add(dead, 'u1', 's1');
    hub.add(alive, 'u1', 's2');
    hub.sweep();
    expect([dead.pings, alive.pings]).toEqual([1, 1]);
    alive.emit('pong');
    hub.sweep();
    expect(dead.terminated).toBe(true);
    expect(alive.terminated).toBe(false);
    expect(hub.count('u1')).toBe(1);
    hub.close();
  });

  it('skips sockets that are not open and forgets closed ones', async () => {
    const hub = new InProcessSocketHub(60_000);
    const closing = new FakeSocket();
    closing.readyState = 2;
    const open = new FakeSocket();
    hub.add(closing, 'u1', 's1');
    hub.add(open, 'u1', 's2');
    await hub.sendToUser('u1', { type: 'notification', data: { id: 'n1' } });
    expect(closing.sent).toEqual([]);
    expect(open.sent).toEqual(['{"type":"notification","data":{"id":"n1"}}']);
    await hub.closeSession('s2');
    expect(open.closedWith).toBe(4401);
    expect(hub.count()).toBe(1);
    hub.close();
  });
});
