// `npm start`: builds the web app when its sources are newer than the last build (or there is none),
// then runs the server. A second start reuses both the build and the data folder.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The server renderer is built last (scripts/build-web.ts), so its stamp says both halves are there.
const stamp = path.join(root, 'dist/web-ssr/entry-server.js');
const inputs = ['src/web', 'src/shared', 'vite.config.ts', 'package.json'];

function newestMtime(p: string): number {
  const full = path.join(root, p);
  if (!existsSync(full)) return 0;
  const st = statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(full).reduce((max, entry) => Math.max(max, newestMtime(path.join(p, entry))), st.mtimeMs);
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (builtAt < Math.max(...inputs.map(newestMtime))) {
  console.log('Building the web app…');
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build-web.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../src/server/main.ts');
