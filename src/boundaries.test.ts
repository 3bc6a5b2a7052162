import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The boundary rules only protect us while they fire. This builds a tiny tree that breaks each rule
// once, runs the real .dependency-cruiser.cjs (and scripts/check-module-cycles.ts) over it, and
// expects every rule to report its file.

const root = path.resolve(import.meta.dirname, '..');
const depcruise = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');

const files: Record<string, string> = {
  'src/server/config.ts': 'export const config = 1;\n',
  'src/server/test/helper.ts': 'export const helper = 1;\n',
  'src/web/lib/cn.ts': 'export const cn = 1;\n',
  'src/web/app/router.tsx': 'export const router = 1;\n',
  'src/web/features/b/y.ts': 'export const y = 1;\n',
  'src/server/modules/m/internal.ts': 'export const inner = 1;\n',
  'src/server/modules/m/public.ts': "export { inner } from './internal.ts';\n",
  'src/server/modules/n/through-public.ts': "export { inner } from '#server/modules/m/public.ts';\n",
  // one violation per file, named after the rule it breaks
  'src/web/web-not-to-server.ts': "export { config } from '#server/config.ts';\n",
  'src/server/server-not-to-web.ts': "export { cn } from '#web/lib/cn.ts';\n",
  'src/shared/shared-is-leaf.ts': "export { config } from '#server/config.ts';\n",
  'src/web/features/a/no-cross-feature.ts': "export { y } from '../b/y.ts';\n",
  'src/web/features/a/features-not-to-app.ts': "export { router } from '#web/app/router.tsx';\n",
  'src/web/lib/web-shared-not-to-features.ts': "export { y } from '#web/features/b/y.ts';\n",
  'src/server/modules/n/module-surface.ts': "export { inner } from '#server/modules/m/internal.ts';\n",
  // m → n here and n → m in through-public.ts: no cycle between files, one between modules.
  'src/server/modules/n/service.ts': 'export const n = 1;\n',
  'src/server/modules/m/module-cycle.ts': "export { n } from '#server/modules/n/service.ts';\n",
  'src/server/no-test-code-in-production.ts': "export { helper } from '#server/test/helper.ts';\n",
  'src/shared/not-to-unresolvable.ts': "export { nope } from '#shared/nope.ts';\n",
  'src/web/features/c/no-circular-a.ts': "import { b } from './no-circular-b.ts';\nexport const a = () => b;\n",
  'src/web/features/c/no-circular-b.ts': "import { a } from './no-circular-a.ts';\nexport const b = () => a;\n",
};

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tagalong-boundaries-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const aliases = { '#shared/*': './src/shared/*', '#server/*': './src/server/*', '#web/*': './src/web/*' };
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'fixture', type: 'module', imports: aliases }));
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        allowImportingTsExtensions: true,
        noEmit: true,
        paths: Object.fromEntries(Object.entries(aliases).map(([k, v]) => [k, [v]])),
      },
    }),
  );
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('boundary rules (.dependency-cruiser.cjs)', () => {
  it('reports each forbidden import by its rule', () => {
    const result = spawnSync(
      process.execPath,
      [depcruise, 'src', '--config', path.join(root, '.dependency-cruiser.cjs'), '--output-type', 'json'],
      { cwd: dir, encoding: 'utf8' },
    );
    // The json reporter exits 0 whatever it finds; the violations are in the report.
    expect(result.stdout, result.stderr).not.toBe('');
    const report = JSON.parse(result.stdout) as { summary: { violations: { from: string; rule: { name: string } }[] } };
    const found = new Set(report.summary.violations.map((v) => `${v.rule.name} ${path.basename(v.from, '.ts')}`));
    for (const rule of [
      'web-not-to-server',
      'server-not-to-web',
      'shared-is-leaf',
      'no-cross-feature',
      'features-not-to-app',
      'web-shared-not-to-features',
      'no-test-code-in-production',
      'not-to-unresolvable',
      'module-surface',
    ]) {
      expect(found, rule).toContain(`${rule} ${rule}`);
    }
    // Through the module's public surface is allowed.
    expect([...found].filter((v) => v.endsWith(' through-public'))).toEqual([]);
    expect([...found].some((v) => v.startsWith('no-circular '))).toBe(true);
  });

  it('reports two server modules that depend on each other, though no file cycle joins them', () => {
    const result = spawnSync(process.execPath, [path.join(root, 'scripts/check-module-cycles.ts')], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(result.stderr).toContain('m → n → m');
    expect(result.status).toBe(1);
  });
});
