import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

// A redis-server of the test's own, on a free port, so killing and restarting it disturbs no other
// test file (they share the REDIS_URL one).

export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/** A port nothing listens on right now (the OS picks it; released before the caller binds it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function answers(port: number): Promise<boolean> {
  const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null });
  probe.on('error', () => {}); // refused until the server listens; the caller asks again
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** Starts an empty, non-persistent redis-server on `port` and resolves once it answers PING. */
export async function startRedis(port: number, timeoutMs = 10_000): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + timeoutMs;
  while (!(await answers(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server on port ${port} did not start`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return child;
}

/** A crash, not a polite shutdown: whatever was in Redis is gone. */
export function killRedis(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
