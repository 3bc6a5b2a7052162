// `npm run lint` runs this: the repository stands alone. Comments, test titles, docs, ADRs, benches and
// scripts cite docs/product.md or an ADR, never a document that is not in the repository (an outside
// product page, a tracker's numbered work items, an earlier requirements text). Exits 1 on any match.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const roots = ['src', 'docs', 'e2e', 'bench', 'scripts', 'README.md'];
const textFile = /\.(ts|tsx|js|mjs|cjs|md|sql|json|css|html|sh|ya?ml)$/;

/** What an outside citation looks like (our own docs/product.md is lower case). Written so that this file does not match itself. */
const outsideCitations: readonly { name: string; pattern: RegExp }[] = [
  { name: 'the outside product page', pattern: /\bPRODUCT\.md/ },
  { name: 'a numbered work item', pattern: /\bissues? #?[0-9]+/i },
  { name: 'the earlier requirements text', pattern: /\bthe\sseed|\bseed['’]s\b/i },
  { name: 'a numbered acceptance criterion', pattern: /\bacceptance (item )?#?[0-9]+/i },
  { name: 'the outside style guide', pattern: /\bSTYLE\.md/ },
];

function* files(entry: string): Generator<string> {
  const stats = statSync(entry, { throwIfNoEntry: false });
  if (!stats) return;
  if (stats.isFile()) {
    if (textFile.test(entry)) yield entry;
    return;
  }
  for (const name of readdirSync(entry)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    yield* files(path.join(entry, name));
  }
}

let found = 0;
for (const start of roots) {
  for (const file of files(path.join(root, start))) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, index) => {
      for (const { name, pattern } of outsideCitations) {
        if (!pattern.test(line)) continue;
        found += 1;
        console.error(`${path.relative(root, file)}:${index + 1}: cites ${name}: ${line.trim()}`);
      }
    });
  }
}

if (found > 0) {
  console.error(
    `\n${found} citation(s) of documents outside the repository. Cite docs/product.md §… or an ADR ` +
      '(docs/decisions/NNNN-…), or state the rule in words.',
  );
  process.exit(1);
}
console.log('Docs stand alone: no citation of a document outside the repository.');
