import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connect } from 'socket.io-client';
import { afterEach, expect, it } from 'vitest';

// The real entry point in a child process: SIGTERM must let an in-flight request finish, drop the
// sockets, close the database and exit 0.

let child: ChildProcess | undefined;
afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
});

// Each test starts a real server (fresh data folder, migrations, demo data) once or twice: seconds
// each on a busy 2-core machine, more than the unit project's default limit.
const START_TIMEOUT_MS = 60_000;

function startServer(
  dataDir = mkdtempSync(path.join(tmpdir(), 'tagalong-shutdown-')),
): Promise<{ port: number; logs: string[]; exited: Promise<number | null> }> {
  const logs: string[] = [];
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
  };
  if (process.env.DATABASE_URL) {
    env.DATABASE_URL = process.env.DATABASE_URL;
    env.AUTH_SECRET = 'a-test-secret-that-is-long-enough-000';
  }
  if (process.env.REDIS_URL) env.REDIS_URL = process.env.REDIS_URL;
  const proc = spawn(process.execPath, ['src/server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child = proc;
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${logs.join('\n')}`)), 30_000);
    proc.stderr?.on('data', (d) => logs.push(String(d)));
    proc.stdout?.on('data', (chunk) => {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        logs.push(line);
        const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(line);
        if (match) {
          clearTimeout(timer);
          resolve({ port: Number(match[1]), logs, exited });
        }
      }
    });
  });
}

it(
  'drains an in-flight request and the sockets on SIGTERM, then exits 0',
  async () => {
    const { port, logs, exited } = await startServer();

    const socket = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const socketClosed = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));

    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify({ email: 'nobody@example.test', password: 'wrong-password' });
    const response = new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/auth/sign-in/email',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        child?.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 100);
    });

    expect(await response).toBe(401);
    expect(await socketClosed).toBe('io server disconnect');
    expect(await exited).toBe(0);
    expect(logs.join('\n')).toContain('shut down cleanly');
    socket.close();
  },
  START_TIMEOUT_MS,
);

it(
  'keeps its data across a restart on the same data folder, and trusts only its own origin',
  async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tagalong-restart-'));
    const email = `restart-${Date.now()}@example.test`;
    const credentials = { email, password: 'correct-horse-battery' };
    // node:http rather than fetch: fetch sends browser-style sec-fetch headers, and Better Auth then
    // (rightly) wants an Origin it trusts.
    const post = (port: number, route: string, body: object, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const payload = JSON.stringify(body);
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: route,
            headers: { 'content-type': 'application/json', ...headers },
          },
          (res) => {
            let text = '';
            res.on('data', (c) => (text += c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on('error', reject);
        req.end(payload);
      });

    const first = await startServer(dataDir);
    expect((await post(first.port, '/api/auth/sign-up/email', { ...credentials, name: 'Restart' })).status).toBe(200);
    child?.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = await startServer(dataDir);
    // Known, not yet verified (an unknown account would be a 401): the data outlived the restart.
    expect((await post(second.port, '/api/auth/sign-in/email', credentials)).status).toBe(403);
    expect(
      (await post(second.port, '/api/auth/sign-in/email', { ...credentials, email: 'x@example.test' })).status,
    ).toBe(401);
    // A browser on the address the server answers on is same-origin even when BASE_URL names
    // another (here localhost); a page on another site is refused.
    const browserLike = (origin: string) => ({ origin, 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'same-origin' });
    const sameOrigin = browserLike(`http://127.0.0.1:${second.port}`);
    const newcomer = { email: `new-${email}`, password: 'correct-horse-battery', name: 'New' };
    const refused = await post(second.port, '/api/auth/sign-up/email', newcomer, browserLike('https://evil.test'));
    expect(refused.status, refused.body).toBe(403);
    const accepted = await post(second.port, '/api/auth/sign-up/email', newcomer, sameOrigin);
    expect(accepted.status, accepted.body).toBe(200);
    child?.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  },
  START_TIMEOUT_MS,
);
