// `npm run lint` runs this: server modules depend on each other one way only (docs/architecture.md).
// dependency-cruiser's no-circular sees cycles between files; two modules can still need each other
// without one (m/a.ts imports n/service.ts while n/b.ts imports m/service.ts). So this asks
// dependency-cruiser for the graph with each module collapsed to one node and looks for cycles in
// that. It cruises `src` under the working directory (the boundary test runs it on a fixture) with
// this repository's rules and tools, leaves test files out, and exits 1 naming each cycle.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const depcruise = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
const MODULE = '^src/server/modules/[^/]+';
const TEST_FILES = '(^|/)(test|__tests__)/|\\.(test|spec|e2e)\\.tsx?$';

interface Report {
  modules: { source: string; dependencies: { resolved: string }[] }[];
}

const result = spawnSync(
  process.execPath,
  [
    depcruise,
    'src',
    '--config',
    path.join(root, '.dependency-cruiser.cjs'),
    '--exclude',
    TEST_FILES,
    '--collapse',
    MODULE,
    '--output-type',
    'json',
  ],
  { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);
if (result.status !== 0 || !result.stdout) {
  console.error(result.stderr || result.error?.message || 'dependency-cruiser gave no report');
  process.exit(1);
}

const isModule = new RegExp(`${MODULE}$`);
const name = (source: string) => source.replace(/^src\/server\/modules\//, '');
const graph = new Map<string, string[]>();
for (const { source, dependencies } of (JSON.parse(result.stdout) as Report).modules) {
  if (!isModule.test(source)) continue;
  const to = dependencies.map((d) => d.resolved).filter((r) => isModule.test(r) && r !== source);
  graph.set(name(source), [...new Set(to.map(name))].sort());
}

/** The shortest way from `from` to `to` along the graph, both ends included, or null. */
function pathBetween(from: string, to: string): string[] | null {
  const cameFrom = new Map<string, string>([[from, from]]);
  const queue = [from];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (next === to) {
      const way = [to];
      while (way[0] !== from) way.unshift(cameFrom.get(way[0] as string) as string);
      return way;
    }
    for (const dep of graph.get(next) ?? []) {
      if (!cameFrom.has(dep)) {
        cameFrom.set(dep, next);
        queue.push(dep);
      }
    }
  }
  return null;
}

// Each dependency a module has on another that leads back to it closes a cycle; one line per cycle.
const cycles = new Map<string, string>();
for (const [module, deps] of [...graph].sort(([a], [b]) => a.localeCompare(b))) {
  for (const dep of deps) {
    const back = pathBetween(dep, module);
    if (!back) continue;
    const members = [module, ...back.slice(0, -1)];
    const key = [...members].sort().join(' ');
    if (!cycles.has(key)) cycles.set(key, [...members, module].join(' → '));
  }
}

if (cycles.size > 0) {
  console.error('Server modules that depend on each other (make the dependency go one way):');
  for (const cycle of cycles.values()) console.error(`  ${cycle}`);
  process.exit(1);
}
console.log(`✔ no cycles between server modules (${graph.size} modules)`);
