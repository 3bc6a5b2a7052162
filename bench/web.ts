// `npm run bench:web`: Lighthouse 12 (mobile, simulated throttling, the default config) in Debian's
// Chromium on the public pages, against the production server in demo mode on PGlite, with the web
// app built for the run. Prints per page the four category scores, LCP/TBT/CLS and the JavaScript
// and total bytes on the wire. Not a test: compare runs on the same machine (docs/benchmarks.md).
//
//   npm run bench:web                                 # one run per page
//   npm run bench:web -- --runs 3                     # the median run (by performance) per page
//   npm run bench:web -- --no-build                   # reuse the last bench build
//   npm run bench:web -- --json /tmp/lighthouse       # also write each page's report (JSON)
//   CHROMIUM_PATH=/path/to/chrome npm run bench:web   # another browser (default /usr/bin/chromium)
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium as playwright } from 'playwright-core';
import { APP_READY_ATTRIBUTE } from '#shared/page-shell.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    'no-build': { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const RUNS = Math.max(1, Number(args.runs));
const PAGES = ['/', '/about', '/auth/login', '/packages?from=paris-fr&to=berlin-de'];
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromePath)) {
  console.error(`No browser at ${chromePath}: install Debian's chromium or set CHROMIUM_PATH.`);
  process.exit(1);
}

// ── The web app, built for this run into its own folder (never the dev build in dist/) ───────────
const webDir = path.join(root, '.tmp', 'bench-web');
if (!args['no-build'] || !existsSync(path.join(webDir, 'index.html'))) {
  const started = performance.now();
  const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-web.ts'), '--out-dir', webDir], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(1);
  console.log(`built the web app in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

// ── The server: src/server/main.ts as `npm start` runs it, demo mode on a throwaway PGlite ────────
const port = await new Promise<number>((resolve, reject) => {
  const probe = createServer();
  probe.once('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const address = probe.address();
    probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
  });
});
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'tagalong-bench-web-'));
const server: ChildProcess = spawn(process.execPath, [path.join(root, 'src', 'server', 'main.ts')], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    BASE_URL: base,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DEMO_MODE: 'true',
    WEB_DIST_DIR: webDir,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let chrome: chromeLauncher.LaunchedChrome | undefined;
const cleanUp = () => {
  server.kill();
  chrome?.kill();
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', cleanUp);

const deadline = Date.now() + 120_000;
for (;;) {
  if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
  if (Date.now() > deadline) throw new Error('the server did not answer /api/ready within 2 minutes');
  const ready = await fetch(`${base}/api/ready`).then(
    (r) => r.ok,
    () => false,
  );
  if (ready) break;
  await new Promise((r) => setTimeout(r, 300));
}

// ── Lighthouse, one page after the other in one headless browser ─────────────────────────────────
chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
if (args.json) mkdirSync(args.json, { recursive: true });

interface Row {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
  jsFiles: number;
  totalKb: number;
}

type NetworkItem = { url: string; resourceType?: string; transferSize?: number };

async function measure(page: string): Promise<{ row: Row; report: string }> {
  const result = await lighthouse(`${base}${page}`, {
    port: chrome?.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ??
    []) as NetworkItem[];
  const scripts = items.filter((i) => i.resourceType === 'Script');
  const bytes = (list: NetworkItem[]) => list.reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
  return {
    row: {
      page,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      jsKb: bytes(scripts) / 1024,
      jsFiles: scripts.length,
      totalKb: bytes(items) / 1024,
    },
    report: String(result.report),
  };
}

const rows: Row[] = [];
for (const page of PAGES) {
  const runs: { row: Row; report: string }[] = [];
  for (let i = 0; i < RUNS; i++) {
    // A trace Lighthouse could not record (NO_NAVSTART, NO_FCP on a busy machine) is run again, twice at most.
    for (let attempt = 1; ; attempt++) {
      try {
        runs.push(await measure(page));
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
        console.log(`retrying ${page}: ${(error as Error).message}`);
      }
    }
  }
  runs.sort((a, b) => a.row.performance - b.row.performance);
  const median = runs[Math.floor(runs.length / 2)] as { row: Row; report: string };
  rows.push(median.row);
  if (args.json) {
    const name = page === '/' ? 'home' : page.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-');
    writeFileSync(path.join(args.json, `${name}.json`), median.report);
  }
  console.log(`measured ${page}`);
}

// ── What the first interaction fetches: a visitor's page may load the app only then (ADR 0064) ──────
// Lighthouse does not interact, so its byte count is the first load alone; this names the rest.
interface Interaction {
  page: string;
  atLoadKb: number;
  afterKb: number;
}
const interactions: Interaction[] = [];
{
  const browser = await playwright.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  for (const page of PAGES) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const tab = await context.newPage();
    let scriptBytes = 0;
    tab.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      void request.sizes().then((sizes) => {
        scriptBytes += sizes.responseBodySize + sizes.responseHeadersSize;
      });
    });
    await tab.goto(`${base}${page}`, { waitUntil: 'networkidle' });
    const atLoad = scriptBytes;
    await tab.mouse.move(1, 1);
    await tab.mouse.move(2, 2);
    await tab.waitForFunction(
      (attribute) => document.documentElement.getAttribute(attribute) === 'ready',
      APP_READY_ATTRIBUTE,
      { timeout: 60_000 },
    );
    await tab.waitForLoadState('networkidle');
    await tab.waitForTimeout(1_000);
    interactions.push({ page, atLoadKb: atLoad / 1024, afterKb: (scriptBytes - atLoad) / 1024 });
    await context.close();
  }
  await browser.close().catch(() => undefined);
}

const chromium = spawnSync(chromePath, ['--version'], { encoding: 'utf8' }).stdout.trim();
console.log(
  `\nLighthouse 12 (mobile, simulated throttling), ${chromium}, ${RUNS === 1 ? 'one run' : `median of ${RUNS}`} per page\n`,
);
console.log(
  '| Page | Performance | Accessibility | Best practices | SEO | LCP | TBT | CLS | JS on the wire | All bytes |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(
    `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ` +
      `${(r.lcpMs / 1000).toFixed(1)} s | ${Math.round(r.tbtMs)} ms | ${r.cls.toFixed(3)} | ` +
      `${r.jsKb.toFixed(0)} KB (${r.jsFiles} files) | ${r.totalKb.toFixed(0)} KB |`,
  );
}
console.log('\nJavaScript on the wire (gzip) at load, and what the first interaction (a pointer move) adds:\n');
console.log('| Page | At load | After the first interaction |');
console.log('|---|---:|---:|');
for (const i of interactions) {
  console.log(`| ${i.page} | ${i.atLoadKb.toFixed(0)} KB | ${i.afterKb.toFixed(0)} KB |`);
}
cleanUp();
process.exit(0);
