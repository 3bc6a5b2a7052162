import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

// Each page's own chunks, by route path, at builds/preloads.json: the server names them in the page's
// head as modulepreload links, so the browser fetches them with the entry chunk instead of after it
// has run (ADR 0054). The route → file table is src/web/app/pages.ts, read as text.
function pagePreloads(): Plugin {
  return {
    name: 'tagalong-page-preloads',
    generateBundle(_options, bundle) {
      const pagesFile = path.resolve('src/web/app/pages.ts');
      const pageFiles = new Map<string, string>();
      for (const m of readFileSync(pagesFile, 'utf8').matchAll(/'([^']+)':\s*\(\)\s*=>\s*import\('#web\/([^']+)'\)/g)) {
        pageFiles.set(path.resolve('src/web', m[2] as string), m[1] as string);
      }
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const entry = chunks.find((c) => c.isEntry);
      const loaded = new Set<string>(entry ? [entry.fileName, ...entry.imports] : []);
      const preloads: Record<string, string[]> = {};
      for (const chunk of chunks) {
        const route = chunk.facadeModuleId ? pageFiles.get(chunk.facadeModuleId) : undefined;
        if (!route) continue;
        const files = new Set<string>();
        const visit = (name: string) => {
          if (files.has(name) || loaded.has(name)) return;
          files.add(name);
          for (const next of byName.get(name)?.imports ?? []) visit(next);
        };
        visit(chunk.fileName);
        preloads[route] = [...files];
      }
      this.emitFile({ type: 'asset', fileName: 'builds/preloads.json', source: JSON.stringify(preloads) });
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), latestBuildFile(), pagePreloads()],
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
