// zod compiles its object parsers with `new Function` when it may; to find out, it tries once, and a
// strict Content Security Policy (ours: no 'unsafe-eval') reports that probe as a violation in the
// browser even though zod catches it. The plain parsers are fast enough for what a page parses.
// zod keeps its settings in this global object and reads `jitless` as each schema is built, so the
// setting must exist before the first schema module runs: src/web/boot.ts imports this file first,
// without loading zod itself (zod-setup.test.ts checks zod still reads this object).
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
