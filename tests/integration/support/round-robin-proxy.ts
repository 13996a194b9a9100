import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';

/**
 * A small load balancer for tests and the benchmark: each request (and each websocket upgrade) goes to
 * the next upstream in turn, as a round-robin balancer in front of several API instances would send it.
 * `served` counts what each upstream received.
 */
export class RoundRobinProxy {
  readonly #upstreams: URL[];
  readonly #server: Server;
  readonly served: number[];
  #next = 0;

  constructor(upstreams: readonly string[]) {
    this.#upstreams = upstreams.map((u) => new URL(u));
    this.served = upstreams.map(() => 0);
    this.#server = createServer((req, res) => {
      const index = this.#pick();
      const target = this.#upstreams[index] as URL;
      const upstream = request(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 'BAD_GATEWAY', message: 'The upstream API instance did not answer' }));
      });
      req.pipe(upstream);
    });
    this.#server.keepAliveTimeout = 5000;
    // Websockets: the raw upgrade request and the socket after it are piped to one upstream.
    this.#server.on('upgrade', (req, socket, head) => {
      const target = this.#upstreams[this.#pick()] as URL;
      const out = connect(Number(target.port), target.hostname, () => {
        const lines = [`${req.method} ${req.url} HTTP/1.1`];
        for (let i = 0; i < req.rawHeaders.length; i += 2)
          lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
        out.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length > 0) out.write(head);
        out.pipe(socket);
        socket.pipe(out);
      });
      out.on('error', () => socket.destroy());
      socket.on('error', () => out.destroy());
    });
  }

  #pick(): number {
    const index = this.#next % this.#upstreams.length;
    this.#next += 1;
    this.served[index] = (this.served[index] ?? 0) + 1;
    return index;
  }

  /** Listens on a free local port; answers the proxy's URL. */
  listen(port = 0): Promise<string> {
    return new Promise((resolve) => {
      this.#server.listen(port, '127.0.0.1', () => {
        resolve(`http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`);
      });
    });
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}
