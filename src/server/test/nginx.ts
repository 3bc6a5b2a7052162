import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Debian's nginx in front of test server nodes, running the deployment's own site configuration
// (deploy/nginx/tagalong.conf) with the test's addresses in place of the compose service names.

export const siteConfigPath = fileURLToPath(new URL('../../../deploy/nginx/tagalong.conf', import.meta.url));

/** The nginx binary (Debian puts it in /usr/sbin, not always on a user's PATH), or null. */
export function findNginx(): string | null {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    if (spawnSync(candidate, ['-v']).status === 0) return candidate;
  }
  return null;
}

/**
 * The site configuration with its upstream servers and listen address replaced. Each replacement
 * must happen: should the file change shape, this fails instead of testing something else.
 */
export function siteConfigFor(upstreams: readonly string[], listen: string): string {
  let site = readFileSync(siteConfigPath, 'utf8');
  const replace = (from: RegExp, to: string) => {
    const next = site.replace(from, to);
    if (next === site) throw new Error(`deploy/nginx/tagalong.conf no longer has ${from}`);
    site = next;
  };
  upstreams.forEach((address, i) => {
    replace(new RegExp(`server app${i + 1}:3000`, 'g'), `server ${address}`);
  });
  replace(/listen 80;/, `listen ${listen};`);
  return site;
}

export interface Nginx {
  url: string;
  /** `nginx -t`'s verdict on the configuration as written, before it was started. */
  checked: string;
  stop(): Promise<void>;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** nginx in the foreground with a prefix folder of its own, after `nginx -t` accepted the configuration. */
export async function startNginx(binary: string, upstreams: readonly string[], port: number): Promise<Nginx> {
  const prefix = mkdtempSync(path.join(tmpdir(), 'tagalong-nginx-'));
  for (const dir of ['logs', 'temp']) mkdirSync(path.join(prefix, dir));
  writeFileSync(path.join(prefix, 'tagalong.conf'), siteConfigFor(upstreams, `127.0.0.1:${port}`));
  const temp = path.join(prefix, 'temp');
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      // As root, workers would drop to "nobody", who cannot write this private folder.
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 1;',
      'daemon off;',
      `pid ${path.join(prefix, 'nginx.pid')};`,
      `error_log ${path.join(prefix, 'logs', 'error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      `  access_log ${path.join(prefix, 'logs', 'access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${temp}/${kind};`),
      `  include ${path.join(prefix, 'tagalong.conf')};`,
      '}',
    ].join('\n'),
  );
  const args = ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')];
  const test = spawnSync(binary, [...args, '-t'], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t refused the configuration:\n${test.stderr}`);
  const child: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const deadline = Date.now() + 10_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    checked: test.stderr,
    async stop() {
      if (child.exitCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      if (existsSync(prefix)) rmSync(prefix, { recursive: true, force: true });
    },
  };
}
