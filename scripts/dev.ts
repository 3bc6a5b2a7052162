// `npm run dev`: hot reload for both halves, side by side in one terminal.
//   web  Vite dev server on http://localhost:5173 (HMR); it proxies /api, /socket.io and /builds to :3000
//   api  the server on :3000 under `node --watch`, restarted whenever a file it imports changes
// Ctrl-C stops both; if either one exits, the other is stopped too.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

const root = path.resolve(import.meta.dirname, '..');
const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: number, s: string) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);

/** Each line of a child's output, with the child's name in front of it. */
function prefixLines(from: Readable, to: Writable, label: string) {
  const lines = createInterface({ input: from, crlfDelay: Number.POSITIVE_INFINITY });
  lines.on('line', (line) => to.write(`${label} ${line}\n`));
}

const children: ChildProcess[] = [];

function start(name: string, code: number, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const label = paint(code, `[${name}]`);
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['inherit', 'pipe', 'pipe'] });
  prefixLines(child.stderr as Readable, process.stderr, label);
  children.push(child);
  return child;
}

// Vite's public URL is where the browser is, so that is the server's BASE_URL too (Better Auth
// trusts requests from its base URL's origin; the proxy keeps the browser's Origin header).
const webUrl = 'http://localhost:5173';
const serverEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'development',
  // The Vite proxy targets :3000 (vite.config.ts), so the dev server always listens there.
  PORT: '3000',
  BASE_URL: process.env.BASE_URL ?? webUrl,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'debug',
};

const web = start('web', 36, [path.join(root, 'node_modules/vite/bin/vite.js')], {
  ...process.env,
  NODE_ENV: 'development',
});
prefixLines(web.stdout as Readable, process.stdout, paint(36, '[web]'));

const api = start('api', 35, ['--watch', '--watch-preserve-output', 'src/server/main.ts'], serverEnv);
// pino writes JSON lines; pino-pretty (a devDependency) makes them readable in a terminal.
const prettyBin = path.join(root, 'node_modules/pino-pretty/bin.js');
if (existsSync(prettyBin)) {
  const pretty = spawn(
    process.execPath,
    [
      prettyBin,
      '--singleLine',
      '--translateTime',
      'SYS:HH:MM:ss',
      '--ignore',
      'pid,hostname',
      ...(color ? ['--colorize'] : []),
    ],
    { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  (api.stdout as Readable).pipe(pretty.stdin as Writable);
  prefixLines(pretty.stdout as Readable, process.stdout, paint(35, '[api]'));
  children.push(pretty);
} else {
  prefixLines(api.stdout as Readable, process.stdout, paint(35, '[api]'));
}

console.log(`${paint(1, 'Tagalong dev')}: open ${webUrl} (API on http://localhost:3000, docs at ${webUrl}/api/docs)`);

let stopping = false;
function stopAll(exitCode: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  // A child that ignores SIGTERM is not allowed to keep the terminal.
  const force = setTimeout(() => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    process.exit(exitCode);
  }, 5000);
  force.unref();
  Promise.all(
    children.map((c) =>
      c.exitCode !== null || c.signalCode !== null ? null : new Promise((resolve) => c.once('exit', resolve)),
    ),
  ).then(() => process.exit(exitCode));
}

for (const [name, child] of [
  ['web', web],
  ['api', api],
] as const) {
  child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${name} stopped (${signal ?? `exit code ${code}`}); stopping the other one.`);
    stopAll(code ?? 1);
  });
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
