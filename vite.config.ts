import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
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

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), latestBuildFile()],
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
