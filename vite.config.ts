import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';

// One id per build: the client compiles it in and the server publishes it at builds/latest.json,
// so a running tab can tell that a newer build has been deployed (src/web/lib/version-check.ts).
function buildId(): string {
  if (process.env.BUILD_ID) return process.env.BUILD_ID;
  let sha = 'nogit';
  try {
    sha = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {}
  return `${sha}-${randomBytes(3).toString('hex')}`;
}

const id = buildId();
const timestamp = Date.now();

function latestBuildFile(): Plugin {
  return {
    name: 'tagalong-latest-build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'builds/latest.json', source: JSON.stringify({ id, timestamp }) });
    },
  };
}

type Bundle = Rollup.OutputBundle;
type Chunk = Rollup.OutputChunk;

const appEntry = path.resolve('src/web/main.tsx');

/** The files a chunk needs before it can run: itself and its static imports, all the way down. */
function closure(bundle: Bundle, from: Chunk | undefined): Set<string> {
  const chunks = new Map(
    Object.values(bundle)
      .filter((c): c is Chunk => c.type === 'chunk')
      .map((c) => [c.fileName, c]),
  );
  const files = new Set<string>();
  const visit = (name: string) => {
    if (files.has(name)) return;
    files.add(name);
    for (const next of chunks.get(name)?.imports ?? []) visit(next);
  };
  if (from) visit(from.fileName);
  return files;
}

const chunkOf = (bundle: Bundle, moduleId: string) =>
  Object.values(bundle).find((c): c is Chunk => c.type === 'chunk' && c.facadeModuleId === moduleId);

// index.html's first script (boot.ts) starts the app (main.tsx) once the server's HTML is painted
// (ADR 0056); the app's chunks are named in the head as modulepreload links, so the browser fetches
// them at once instead of when boot.ts asks for them.
function appPreloads(): Plugin {
  return {
    name: 'tagalong-app-preloads',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return [];
        const files = closure(ctx.bundle, chunkOf(ctx.bundle, appEntry));
        if (ctx.chunk) files.delete(ctx.chunk.fileName);
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

// Each page's own chunks, by route path, at builds/preloads.json: the server names them in the page's
// head as modulepreload links, so the browser fetches them with the app instead of after it has run
// (ADR 0054). The route → file table is src/web/app/pages.ts, read as text.
function pagePreloads(): Plugin {
  return {
    name: 'tagalong-page-preloads',
    generateBundle(_options, bundle) {
      const pagesFile = path.resolve('src/web/app/pages.ts');
      const pageFiles = new Map<string, string>();
      for (const m of readFileSync(pagesFile, 'utf8').matchAll(/'([^']+)':\s*\(\)\s*=>\s*import\('#web\/([^']+)'\)/g)) {
        pageFiles.set(path.resolve('src/web', m[2] as string), m[1] as string);
      }
      const entry = Object.values(bundle).find((c): c is Chunk => c.type === 'chunk' && c.isEntry);
      // What index.html already loads: boot.ts and the app with everything it imports.
      const loaded = new Set([...closure(bundle, entry), ...closure(bundle, chunkOf(bundle, appEntry))]);
      const preloads: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const route = chunk.facadeModuleId ? pageFiles.get(chunk.facadeModuleId) : undefined;
        if (!route) continue;
        preloads[route] = [...closure(bundle, chunk)].filter((file) => !loaded.has(file));
      }
      this.emitFile({ type: 'asset', fileName: 'builds/preloads.json', source: JSON.stringify(preloads) });
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), latestBuildFile(), appPreloads(), pagePreloads()],
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(id) },
  build: { outDir: '../../dist/web', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 800 },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
      '/builds': 'http://localhost:3000',
    },
  },
});
