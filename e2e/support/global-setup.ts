import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ssrDirFor } from '../../src/server/plugins/prerender.ts';
import { findChromium } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    webDistDir: string;
    buildId: string;
    chromiumPath: string;
  }
}

/** Build the web app once for the whole e2e run, and find the browser (failing loudly without one). */
export default function setup(project: TestProject) {
  const chromiumPath = findChromium();
  const buildId = `e2e-${Date.now()}`;
  // Its own output folder, so a test run never clobbers (or is clobbered by) the dev build in dist/.
  const outDir = path.resolve(`.tmp/e2e-web-${process.pid}`);
  const result = spawnSync(process.execPath, [path.resolve('scripts/build-web.ts'), '--out-dir', outDir], {
    stdio: 'inherit',
    env: { ...process.env, BUILD_ID: buildId },
  });
  if (result.status !== 0) throw new Error('vite build failed');
  project.provide('webDistDir', outDir);
  project.provide('buildId', buildId);
  project.provide('chromiumPath', chromiumPath);
  return () => {
    rmSync(outDir, { recursive: true, force: true });
    rmSync(ssrDirFor(outDir), { recursive: true, force: true });
  };
}
