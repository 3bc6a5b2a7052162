import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

// A server node as production runs one: the real entry point (src/server/main.ts: config, database,
// migrations, buildApp, listen) in a process of its own, configured only through its environment.
// Multi-node tests start two of them on one database and one Redis.

const entry = fileURLToPath(new URL('../main.ts', import.meta.url));
const KEEP_LINES = 400;

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Its latest log lines (pino JSON, the ready line "Tagalong is running at …"; anything else it printed as is). */
  logs: string[];
  /** Of those, the warnings, errors and whatever was not a log line: what a failing test shows. */
  problems(): string[];
  /** SIGTERM (the graceful drain), then SIGKILL if it has not exited within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

const running = new Set<ChildProcess>();
// Should the test process itself go away without its afterAll, its server nodes go with it.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function isProblem(line: string): boolean {
  if (line.startsWith('Tagalong is running at ')) return false;
  try {
    return Number((JSON.parse(line) as { level?: unknown }).level) >= 40;
  } catch {
    return true;
  }
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
  if (exited(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts a server node listening on 127.0.0.1 on a port the OS picks, and resolves with that port
 * once the node logs that it listens. Its environment is PATH, the defaults below and `env` over
 * them (DATABASE_URL, AUTH_SECRET, REDIS_URL...): nothing leaks in from the test process's own.
 */
export function startServerProcess(
  env: Record<string, string | undefined>,
  timeoutMs = 30_000,
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tagalong-node-'));
  const child = spawn(process.execPath, [entry], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      // Nothing built: the API and the sockets only.
      WEB_DIST_DIR: path.join(dataDir, 'web'),
      DEMO_MODE: 'false',
      RATE_LIMIT: 'false',
      // The scheduled jobs would only add noise to the log and the database.
      JOBS_INTERVAL_MS: '0',
      // Loading the app's modules is most of a node's start; V8's code cache (checked against the
      // sources, so never stale) makes the next start a good part quicker.
      NODE_COMPILE_CACHE: path.join(tmpdir(), 'tagalong-test-compile-cache'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => {
    running.delete(child);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const logs: string[] = [];
  const keep = (line: string) => {
    logs.push(line);
    if (logs.length > KEEP_LINES) logs.shift();
  };
  const stop = (graceMs = 3000) => stopChild(child, graceMs);

  return new Promise((resolve, reject) => {
    let listening = false;
    const fail = (why: string) => {
      clearTimeout(timer);
      void stop(0);
      reject(new Error(`server node ${why}:\n${logs.slice(-30).join('\n')}`));
    };
    const timer = setTimeout(() => fail(`did not listen within ${timeoutMs} ms`), timeoutMs);
    child.once('exit', (code, signal) => {
      if (!listening) fail(`exited before listening (${code ?? signal})`);
    });
    if (child.stderr) createInterface({ input: child.stderr }).on('line', keep);
    if (child.stdout)
      createInterface({ input: child.stdout }).on('line', (line) => {
        keep(line);
        const match = listening ? null : /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(line);
        if (!match) return;
        listening = true;
        clearTimeout(timer);
        const port = Number(match[1]);
        resolve({ url: `http://127.0.0.1:${port}`, port, child, logs, problems: () => logs.filter(isProblem), stop });
      });
  });
}

/** Stops every node this process started and has not stopped yet (an afterAll, pass or fail). */
export async function stopServerProcesses(graceMs = 3000): Promise<void> {
  await Promise.all([...running].map((child) => stopChild(child, graceMs)));
}
