// Builds the web app: the browser bundle into the output folder (default dist/web), then the server's
// renderer of the public pages (src/web/entry-server.tsx, ADR 0056) into the folder beside it named
// `<output>-ssr`, with the same build id. `npm run build`, `npm start`, the e2e set-up and bench:web use it.
//
//   node scripts/build-web.ts [--out-dir .tmp/some-folder]
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { ssrDirFor } from '../src/server/plugins/prerender.ts';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { 'out-dir': { type: 'string', default: 'dist/web' } } });
const outDir = path.resolve(root, values['out-dir']);

function gitSha(): string {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'nogit';
  }
}

// vite.config.ts makes up an id per process unless one is given; both halves must carry the same.
process.env.BUILD_ID ??= `${gitSha()}-${randomBytes(3).toString('hex')}`;
const quiet = { configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' as const };
await build({ ...quiet, build: { outDir, emptyOutDir: true } });
await build({
  ...quiet,
  build: {
    ssr: path.join(root, 'src/web/entry-server.tsx'),
    outDir: ssrDirFor(outDir),
    emptyOutDir: true,
    copyPublicDir: false,
    sourcemap: false,
  },
});
