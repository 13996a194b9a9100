/**
 * Real-time benchmark (`npx node bench/realtime.ts`; results in bench/realtime-results.md).
 *
 * 1. Fan-out: SOCKETS sockets (default 5,000) of one user connect to one API process; a message is
 *    POSTed to that user; we time until the last socket has its `new_message`, and read the server's
 *    memory per socket (RSS and heap after GC, before and after connecting).
 * 2. Messages per second end to end: POST /api/messages (CONCURRENCY in flight) until MESSAGES were
 *    sent; each is timed from the POST to its `new_message` on the receiver's socket. With DATABASE_URL
 *    set, a second API process holds the receiver's socket (delivery through PostgreSQL LISTEN/NOTIFY);
 *    without it, both are in one process on the embedded database (in-process delivery).
 *
 * Env: SOCKETS, MESSAGES, CONCURRENCY, ROUNDS, DATABASE_URL, REALTIME.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { WebSocket } from 'ws';

const SOCKETS = Number(process.env.SOCKETS ?? 5000);
const MESSAGES = Number(process.env.MESSAGES ?? 2000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 32);
const ROUNDS = Number(process.env.ROUNDS ?? 5);

interface Server {
  child: ChildProcess;
  base: string;
  realtime: string;
  embedded: boolean;
}

/** One session key for every server, so a cookie from one is valid on the other. */
const SESSION_SECRET = process.env.SESSION_SECRET ?? randomBytes(32).toString('hex');

function startServer(): Promise<Server> {
  const child = fork(new URL('./realtime-server.ts', import.meta.url), [], {
    execArgv: ['--expose-gc'],
    env: { ...process.env, SESSION_SECRET },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.once('message', (m: { type: string; port: number; realtime: string; embedded: boolean }) => {
      if (m.type === 'ready') {
        resolve({ child, base: `http://127.0.0.1:${m.port}`, realtime: m.realtime, embedded: m.embedded });
      }
    });
  });
}

function ask<T>(server: Server, type: string): Promise<T> {
  return new Promise((resolve) => {
    server.child.once('message', (m) => resolve(m as T));
    server.child.send({ type });
  });
}

async function register(base: string, name: string) {
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `${name}.${Date.now()}.${Math.random().toString(36).slice(2)}@bench.example`,
      password: 'secret12',
      firstName: name,
      lastName: 'Bench',
    }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('buildbid_session='))
    ?.split(';')[0];
  return { id: (await res.json()).id as string, cookie: cookie as string };
}

function connect(base: string, cookie: string, onMessage: (raw: string) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`, { headers: { cookie } });
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`socket closed with ${code} before it was connected`)));
    socket.on('message', (raw) => {
      const text = String(raw);
      if (text.startsWith('{"type":"connected"')) resolve(socket);
      else onMessage(text);
    });
  });
}

function postMessage(base: string, cookie: string, receiverId: string, content: string) {
  return fetch(`${base}/api/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ receiverId, projectId: null, content, type: 'text' }),
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function fanOut(server: Server) {
  const sender = await register(server.base, 'Sender');
  const receiver = await register(server.base, 'Receiver');
  const before = await ask<{ rss: number; heapUsed: number; external: number }>(server, 'memory');

  let pending = 0;
  let done: (() => void) | undefined;
  const onMessage = (raw: string) => {
    if (!raw.startsWith('{"type":"new_message"')) return;
    pending -= 1;
    if (pending === 0) done?.();
  };
  const sockets: WebSocket[] = [];
  const connectStarted = performance.now();
  for (let i = 0; i < SOCKETS; i += 250) {
    const batch = Math.min(250, SOCKETS - i);
    sockets.push(
      ...(await Promise.all(
        Array.from({ length: batch }, () => connect(server.base, receiver.cookie, onMessage)),
      )),
    );
  }
  const connectMs = performance.now() - connectStarted;
  const after = await ask<{ rss: number; heapUsed: number; external: number; sockets: number }>(
    server,
    'memory',
  );

  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    pending = SOCKETS;
    const all = new Promise<void>((resolve) => {
      done = resolve;
    });
    const started = performance.now();
    const res = await postMessage(server.base, sender.cookie, receiver.id, `Fan-out round ${round}`);
    if (res.status !== 201) throw new Error(`post: ${res.status}`);
    await all;
    times.push(performance.now() - started);
  }
  for (const s of sockets) s.terminate();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const sorted = [...times].sort((x, y) => x - y);
  return {
    sockets: after.sockets,
    connectMs,
    rssPerSocket: (after.rss - before.rss) / SOCKETS,
    heapPerSocket: (after.heapUsed + after.external - before.heapUsed - before.external) / SOCKETS,
    rssBefore: before.rss,
    rssAfter: after.rss,
    medianMs: pct(sorted, 50),
    maxMs: sorted.at(-1) ?? 0,
    times,
  };
}

async function throughput(postTo: Server, socketOn: Server) {
  const sender = await register(postTo.base, 'Talker');
  const receiver = await register(postTo.base, 'Listener');
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let finish: (() => void) | undefined;
  const all = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const socket = await connect(socketOn.base, receiver.cookie, (raw) => {
    const message = JSON.parse(raw) as { type: string; data: { preview: string } };
    if (message.type !== 'new_message') return;
    const started = sentAt.get(message.data.preview);
    if (started !== undefined) latencies.push(performance.now() - started);
    if (latencies.length === MESSAGES) finish?.();
  });
  // Warm-up.
  await postMessage(postTo.base, sender.cookie, receiver.id, 'warm-up');
  await new Promise((resolve) => setTimeout(resolve, 300));

  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < MESSAGES) {
      const n = next++;
      const content = `message ${n}`;
      sentAt.set(content, performance.now());
      const res = await postMessage(postTo.base, sender.cookie, receiver.id, content);
      if (res.status !== 201) throw new Error(`post: ${res.status}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await Promise.race([all, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  const seconds = (performance.now() - started) / 1000;
  socket.terminate();
  const sorted = [...latencies].sort((x, y) => x - y);
  return {
    delivered: latencies.length,
    perSecond: latencies.length / seconds,
    p50: pct(sorted, 50),
    p95: pct(sorted, 95),
    p99: pct(sorted, 99),
  };
}

const one = await startServer();
const two = process.env.DATABASE_URL && one.realtime === 'postgres' ? await startServer() : undefined;
console.log(
  `servers: ${two ? 2 : 1}, realtime=${one.realtime}, database=${one.embedded ? 'embedded PGlite' : 'DATABASE_URL'}`,
);

const f = await fanOut(one);
console.log(
  `fan-out: ${f.sockets} sockets connected in ${(f.connectMs / 1000).toFixed(1)} s; one event to all of them: ` +
    `median ${f.medianMs.toFixed(0)} ms, max ${f.maxMs.toFixed(0)} ms to the last delivery ` +
    `(rounds: ${f.times.map((t) => t.toFixed(0)).join(', ')} ms)`,
);
console.log(
  `server memory: RSS ${mb(f.rssBefore)} → ${mb(f.rssAfter)}: ${(f.rssPerSocket / 1024).toFixed(1)} KB RSS per socket, ` +
    `${(f.heapPerSocket / 1024).toFixed(1)} KB heap+external per socket`,
);

const local = await throughput(one, one);
console.log(
  `messages end to end, one process: ${local.delivered}/${MESSAGES} delivered, ${local.perSecond.toFixed(0)} msg/s, ` +
    `latency p50 ${local.p50.toFixed(1)} ms, p95 ${local.p95.toFixed(1)} ms, p99 ${local.p99.toFixed(1)} ms`,
);
if (two) {
  const cross = await throughput(one, two);
  console.log(
    `messages end to end, POST on process 1 → socket on process 2 (LISTEN/NOTIFY): ${cross.delivered}/${MESSAGES} delivered, ` +
      `${cross.perSecond.toFixed(0)} msg/s, latency p50 ${cross.p50.toFixed(1)} ms, p95 ${cross.p95.toFixed(1)} ms, p99 ${cross.p99.toFixed(1)} ms`,
  );
}

for (const server of [one, two]) {
  if (!server) continue;
  server.child.removeAllListeners('exit');
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.send({ type: 'stop' });
  await exited;
}
