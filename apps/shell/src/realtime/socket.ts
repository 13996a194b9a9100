/**
 * The real-time connection (accounts-and-shell sections 4 and 7, docs/realtime.md): one socket per
 * signed-in tab to ws(s)://{host}/ws. It sends {type:'auth', userId} on open, collects the JSON
 * messages it receives and hands each to the listeners (the bell, the message dialog, the remotes).
 * An error or a parse failure marks it disconnected and is only logged.
 */
import type { RealtimeChannel, RealtimeMessage } from '@buildbid/api-client';
import { atom } from 'jotai';
import { shellStore } from '../store.ts';

/** True while the socket is open and its last message parsed. */
const realtimeConnectedAtom = atom(false);

/** How many received messages are kept (the spec's client collects them; the cap avoids a leak). */
const KEPT_MESSAGES = 50;

/** Reconnect delays after an unexpected close: 2 s, 4 s, 8 s ... at most 30 s. Not after 4401. */
const RECONNECT_BASE_MS = 2000;
const RECONNECT_MAX_MS = 30_000;
/** The server closes with 4401 when the session is missing or signed out: never retry then. */
const CLOSE_UNAUTHENTICATED = 4401;
const SOCKET_CLOSING = 2;
const SOCKET_CLOSED = 3;

export function socketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws`;
}

function isMessage(value: unknown): value is RealtimeMessage {
  return (
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
  );
}

export type SocketFactory = (url: string) => WebSocket;

type Listener = (message: RealtimeMessage) => void;

export class RealtimeConnection implements RealtimeChannel {
  private socket: WebSocket | null = null;
  private userId: string | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly sessionEndedListeners = new Set<() => void>();
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private attempts = 0;
  /** The messages received so far (newest last, at most KEPT_MESSAGES). */
  readonly messages: RealtimeMessage[] = [];

  private readonly createSocket: SocketFactory;
  private readonly setConnected: (connected: boolean) => void;

  constructor(
    createSocket: SocketFactory = (url) => new WebSocket(url),
    setConnected: (connected: boolean) => void = (c) => shellStore.set(realtimeConnectedAtom, c),
  ) {
    this.createSocket = createSocket;
    this.setConnected = setConnected;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * Called when the server closes the socket with 4401 (the session ended elsewhere: a password change, a
   * deletion, a suspension; decision 0223), so the page can show the user signed out at once.
   */
  onSessionEnded(listener: () => void): () => void {
    this.sessionEndedListeners.add(listener);
    return () => {
      this.sessionEndedListeners.delete(listener);
    };
  }

  /** Opens the socket for this user (a signed-in user only); a no-op when already open for them. */
  open(userId: string): void {
    if (this.userId === userId && this.socket) return;
    this.close();
    this.userId = userId;
    this.attempts = 0;
    this.connect();
  }

  /** Closes the socket (sign-out, or the shell going away) and stops reconnecting. */
  close(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.userId = null;
    const socket = this.socket;
    this.socket = null;
    this.messages.length = 0;
    this.setConnected(false);
    if (socket && socket.readyState !== SOCKET_CLOSING && socket.readyState !== SOCKET_CLOSED) {
      socket.close(1000, 'closed by the client');
    }
  }

  private connect(): void {
    const userId = this.userId;
    if (!userId) return;
    let socket: WebSocket;
    try {
      socket = this.createSocket(socketUrl());
    } catch (error) {
      console.error('Real-time connection failed to open', error);
      this.setConnected(false);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempts = 0;
      this.setConnected(true);
      socket.send(JSON.stringify({ type: 'auth', userId }));
    };
    socket.onmessage = (event: MessageEvent) => {
      if (this.socket !== socket) return;
      let message: unknown;
      try {
        message = JSON.parse(String(event.data));
      } catch (error) {
        console.error('Real-time message could not be parsed', error);
        this.setConnected(false);
        return;
      }
      if (!isMessage(message)) {
        console.error('Real-time message has no type', message);
        this.setConnected(false);
        return;
      }
      this.setConnected(true);
      this.messages.push(message);
      if (this.messages.length > KEPT_MESSAGES) this.messages.shift();
      for (const listener of [...this.listeners]) {
        try {
          listener(message);
        } catch (error) {
          console.error('A real-time listener failed', error);
        }
      }
    };
    socket.onerror = (event: Event) => {
      if (this.socket !== socket) return;
      console.error('Real-time connection error', event);
      this.setConnected(false);
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.setConnected(false);
      if (event.code !== CLOSE_UNAUTHENTICATED) {
        this.scheduleReconnect();
        return;
      }
      for (const listener of [...this.sessionEndedListeners]) listener();
    };
  }

  private scheduleReconnect(): void {
    if (!this.userId) return;
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** this.attempts);
    this.attempts += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }
}

/** The shell's one connection; remotes reach it through RemoteProps.realtime. */
export const realtime = new RealtimeConnection();
