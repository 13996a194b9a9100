import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_SESSION_SECRET } from './app.ts';

export interface ApiProcess {
  /** http://127.0.0.1:{port} */
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * A real API process (`node apps/api/src/main.ts`, as `npm start` runs it) on a free port, with the test
 * session secret and its own DATA_DIR; `env` adds to or overrides the defaults. Resolves once it listens.
 */
export function startApiProcess(env: Record<string, string>, startTimeoutMs = 90_000): Promise<ApiProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'buildbid-proc-'));
  const child = spawn(process.execPath, ['apps/api/src/main.ts'], {
    cwd: join(import.meta.dirname, '..', '..', '..'),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO_DATA: 'false',
      SESSION_SECRET: TEST_SESSION_SECRET,
      DATA_DIR: dataDir,
      APPS_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        rmSync(dataDir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', done);
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    // A process that does not come up is killed, never left behind to claim another test's mail.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`API did not start within ${startTimeoutMs / 1000} s:\n${output}`));
    }, startTimeoutMs);
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      const match = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({
          url: (match[1] as string).replace('localhost', '127.0.0.1'),
          child,
          output: () => output,
          stop,
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`API exited with ${code}:\n${output}`));
    });
  });
}
