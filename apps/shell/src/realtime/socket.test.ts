import { afterEach, describe, expect, it, vi } from 'vitest';
import { RealtimeConnection, socketUrl } from './socket.ts';
import { handleShellMessage } from './useRealtime.ts';

class FakeSocket {
  readyState = 0;
  sent: string[] = [];
  closed: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code: number) {
    this.closed = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const connected: boolean[] = [];
  const conn = new RealtimeConnection(
    (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s as unknown as WebSocket;
    },
    (c) => connected.push(c),
  );
  return { conn, sockets, connected };
}

describe('RealtimeConnection', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('uses wss on https pages and ws otherwise', () => {
    expect(socketUrl({ protocol: 'https:', host: 'buildbid.example' })).toBe('wss://buildbid.example/ws');
    expect(socketUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws');
  });

  it('sends the auth message on open and hands parsed messages to listeners', () => {
    vi.stubGlobal('window', { location: { protocol: 'http:', host: 'h' } });
    const { conn, sockets, connected } = setup();
    const got: unknown[] = [];
    conn.subscribe((m) => got.push(m));
    conn.open('u1');
    sockets[0]?.open();
    expect(sockets[0]?.url).toBe('ws://h/ws');
    expect(sockets[0]?.sent).toEqual([JSON.stringify({ type: 'auth', userId: 'u1' })]);
    sockets[0]?.onmessage?.({ data: '{"type":"new_message","data":{"senderId":"s"}}' });
    expect(got).toEqual([{ type: 'new_message', data: { senderId: 's' } }]);
    expect(conn.messages.length).toBe(1);
    expect(connected.at(-1)).toBe(true);
  });

  it('marks itself disconnected on a parse failure or an error, logging only', () => {
    vi.stubGlobal('window', { location: { protocol: 'http:', host: 'h' } });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { conn, sockets, connected } = setup();
    const listener = vi.fn();
    conn.subscribe(listener);
    conn.open('u1');
    sockets[0]?.open();
    sockets[0]?.onmessage?.({ data: 'not json' });
    expect(connected.at(-1)).toBe(false);
    expect(listener).not.toHaveBeenCalled();
    sockets[0]?.onerror?.(new Event('error'));
    expect(connected.at(-1)).toBe(false);
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('closes on sign-out and does not reconnect; does not retry after 4401', () => {
    vi.useFakeTimers();
    vi.stubGlobal('window', { location: { protocol: 'http:', host: 'h' } });
    const { conn, sockets } = setup();
    conn.open('u1');
    sockets[0]?.open();
    conn.close();
    expect(sockets[0]?.closed).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets.length).toBe(1);

    conn.open('u2');
    const ended = vi.fn();
    const stopListening = conn.onSessionEnded(ended);
    sockets[1]?.onclose?.({ code: 4401 });
    expect(ended).toHaveBeenCalledTimes(1);
    stopListening();
    vi.advanceTimersByTime(60_000);
    expect(sockets.length).toBe(2);

    sockets.length = 0;
    conn.open('u3');
    sockets[0]?.onclose?.({ code: 1006 });
    expect(ended).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2000);
    expect(sockets.length).toBe(2);
    conn.close();
  });

  it("shows the toast 'New Message: You have a new message' for a new message only", () => {
    const toast = vi.fn();
    handleShellMessage({ type: 'notification', data: {} }, toast);
    expect(toast).not.toHaveBeenCalled();
    handleShellMessage({ type: 'new_message', data: { senderId: 's' } }, toast);
    expect(toast).toHaveBeenCalledWith({ title: 'New Message', description: 'You have a new message' });
  });
});
