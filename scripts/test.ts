// `npm test`: every check CI runs, in order, stopping at the first failure.
// typecheck → lint (Biome, boundary rules, module cycles, docs stand alone) → unit + integration tests → browser check → e2e tests.
// Ends with one line, "N passed, M failed", counting the steps.
//
// `.ci/run` runs it twice, on two databases, and narrows each run (ADR 0066):
//   --skip-static    no typecheck and lint (they do not depend on the database; the other run had them)
//   --e2e=embedded   only the browser flows whose server side differs on the embedded default
import { spawnSync } from 'node:child_process';
import { accessSync, closeSync, constants, existsSync, openSync, readSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');

interface Step {
  name: string;
  run: () => boolean;
}

function firstLine(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(200);
    const length = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, length).toString('latin1').split('\n', 1)[0] ?? '';
  } finally {
    closeSync(fd);
  }
}

/**
 * A tool from node_modules/.bin. The JavaScript ones run on this very Node (process.execPath), not
 * on whatever `node` comes first on PATH, which may be too old to strip types.
 */
function tool(name: string, args: string[], env: NodeJS.ProcessEnv = process.env): () => boolean {
  return () => {
    const bin = path.join(root, 'node_modules', '.bin', name);
    if (!existsSync(bin)) {
      console.error(`${name} is not installed (node_modules/.bin/${name} is missing). Run \`npm install\` first.`);
      return false;
    }
    const target = realpathSync(bin);
    const shebang = firstLine(target);
    const isNodeScript = shebang.startsWith('#!') && shebang.includes('node');
    const [command, commandArgs] = isNodeScript ? [process.execPath, [target, ...args]] : [target, args];
    const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env });
    if (result.error) console.error(result.error.message);
    return result.status === 0;
  };
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && isExecutable(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

/** Playwright's own Chromium, when someone installed it with `npx playwright-core install chromium`. */
async function playwrightChromium(): Promise<string | null> {
  try {
    const { chromium } = await import('playwright-core');
    const file = chromium.executablePath();
    return file && isExecutable(file) ? file : null;
  } catch {
    return null;
  }
}

const HOW_TO_INSTALL = [
  'The browser tests need Chromium. Install one of:',
  '  - Debian/Ubuntu: sudo apt-get install chromium   (found at /usr/bin/chromium)',
  '  - any system:    set CHROMIUM_PATH=/path/to/chrome-or-chromium',
  "  - Playwright's:  npx playwright-core install chromium",
  'The e2e step never skips: without a browser, `npm test` fails.',
].join('\n');

/** CHROMIUM_PATH, else /usr/bin/chromium, else chromium on PATH, else Playwright's own; never a silent skip. */
async function findChromium(): Promise<{ path: string } | { error: string }> {
  const given = process.env.CHROMIUM_PATH;
  if (given) {
    return isExecutable(given)
      ? { path: given }
      : { error: `CHROMIUM_PATH is set to ${given}, which is not an executable file.\n${HOW_TO_INSTALL}` };
  }
  const found =
    (isExecutable('/usr/bin/chromium') ? '/usr/bin/chromium' : null) ??
    onPath('chromium') ??
    onPath('chromium-browser') ??
    (await playwrightChromium());
  return found ? { path: found } : { error: `No Chromium found.\n${HOW_TO_INSTALL}` };
}

/**
 * The browser flows in which the embedded default (PGlite, no Redis) runs other code than PostgreSQL
 * with Redis: live events through the in-process adapter and presence, and the demo seeded on start.
 * Every other flow reads and writes through the same code on either database, which the integration
 * tests run on both.
 */
const EMBEDDED_E2E = ['e2e/demo.e2e.ts', 'e2e/chat.e2e.ts', 'e2e/notifications.e2e.ts', 'e2e/socket.e2e.ts'];

const { values: options } = parseArgs({
  options: { 'skip-static': { type: 'boolean', default: false }, e2e: { type: 'string', default: 'all' } },
});
if (options.e2e !== 'all' && options.e2e !== 'embedded') {
  console.error(`--e2e=${options.e2e}: expected "all" or "embedded".`);
  process.exit(2);
}
const e2eFiles = options.e2e === 'embedded' ? EMBEDDED_E2E : [];
// A renamed file would otherwise drop out of the embedded run without a word.
const missing = e2eFiles.filter((file) => !existsSync(path.join(root, file)));
if (missing.length > 0) {
  console.error(`--e2e=embedded names files that do not exist: ${missing.join(', ')} (scripts/test.ts).`);
  process.exit(2);
}

const browser = await findChromium();
const e2eEnv: NodeJS.ProcessEnv = 'path' in browser ? { ...process.env, CHROMIUM_PATH: browser.path } : process.env;

const staticChecks: Step[] = [
  { name: 'typecheck: tsc -p tsconfig.json', run: tool('tsc', ['-p', 'tsconfig.json']) },
  { name: 'lint: biome check .', run: tool('biome', ['check', '.']) },
  {
    name: 'lint: depcruise src (boundary rules)',
    run: tool('depcruise', ['src', '--config', '.dependency-cruiser.cjs']),
  },
  {
    name: 'lint: no cycles between server modules (scripts/check-module-cycles.ts)',
    run: () =>
      spawnSync(process.execPath, ['scripts/check-module-cycles.ts'], { cwd: root, stdio: 'inherit' }).status === 0,
  },
  {
    name: 'lint: docs stand alone (scripts/check-standalone-docs.ts)',
    run: () =>
      spawnSync(process.execPath, ['scripts/check-standalone-docs.ts'], { cwd: root, stdio: 'inherit' }).status === 0,
  },
];

const steps: Step[] = [
  ...(options['skip-static'] ? [] : staticChecks),
  { name: 'unit + integration tests: vitest run --project unit', run: tool('vitest', ['run', '--project', 'unit']) },
  {
    name: 'browser for the e2e tests',
    run: () => {
      if ('error' in browser) {
        console.error(browser.error);
        return false;
      }
      console.log(`Chromium: ${browser.path}`);
      return true;
    },
  },
  {
    name: `e2e tests (Chromium): vitest run --project e2e${e2eFiles.map((f) => ` ${f}`).join('')}`,
    run: tool('vitest', ['run', '--project', 'e2e', ...e2eFiles], e2eEnv),
  },
];

const bold = (s: string) => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[0m` : s);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const results: { name: string; ok: boolean; ms: number }[] = [];
for (const [index, step] of steps.entries()) {
  console.log(`\n${bold(`━━ [${index + 1}/${steps.length}] ${step.name}`)}`);
  const started = performance.now();
  const ok = step.run();
  const ms = performance.now() - started;
  results.push({ name: step.name, ok, ms });
  console.log(`${ok ? '✔' : '✘'} ${step.name} (${seconds(ms)})`);
  if (!ok) break;
}

const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log(`\n${bold('━━ Summary')}`);
if (options['skip-static']) for (const step of staticChecks) console.log(`  · skipped  ${step.name} (--skip-static)`);
for (const r of results) console.log(`  ${r.ok ? '✔ passed' : '✘ FAILED'}  ${r.name} (${seconds(r.ms)})`);
for (const step of steps.slice(results.length)) console.log(`  · not run  ${step.name}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && results.length === steps.length ? 0 : 1);
