import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that a test can stop and start again: stopping closes the
 * listening port and cuts every open connection, which is what a database outage looks like to the
 * API. The machine's PostgreSQL itself is never touched.
 */
export class TcpProxy {
  readonly #listenPort: number;
  readonly #target: { host: string; port: number };
  readonly #sockets = new Set<Socket>();
  #server: Server | undefined;
  /** A network cut: connections stay open, but no byte goes through (and none is answered). */
  #frozen = false;

  constructor(listenPort: number, target: { host: string; port: number }) {
    this.#listenPort = listenPort;
    this.#target = target;
  }

  get port(): number {
    return this.#listenPort;
  }

  async start(): Promise<void> {
    const server = createServer((client) => {
      const upstream = tcpConnect(this.#target.port, this.#target.host);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on('close', () => this.#sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.on('data', (chunk) => {
        if (!this.#frozen) upstream.write(chunk);
      });
      upstream.on('data', (chunk) => {
        if (!this.#frozen) client.write(chunk);
      });
      client.on('end', () => upstream.end());
      upstream.on('end', () => client.end());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.#listenPort, '127.0.0.1', () => resolve());
    });
    this.#server = server;
  }

  /** Swallows every byte both ways from now on, as a cut cable would; unfreeze() lets them through. */
  freeze(): void {
    this.#frozen = true;
  }

  unfreeze(): void {
    this.#frozen = false;
  }

  /** Refuses new connections and cuts the open ones. */
  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    for (const socket of this.#sockets) socket.destroy();
    this.#sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
