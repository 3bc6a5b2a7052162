import { randomUUID } from 'node:crypto';
import { eq, type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { user } from '#server/db/schema/auth.ts';
import { createTestApp } from '#server/test/app.ts';
import { signUpVerified } from '#server/test/users.ts';
import { isApiError } from '#shared/errors.ts';
import { isStorableText } from '#shared/text.ts';

// Every operation in the OpenAPI document (generated from the zod contract) is sent inputs that are
// certainly invalid: wrong types, missing or extra fields, oversized or unstorable strings, numbers out
// of range, prototype keys, garbage path ids. Each must be answered with a 4xx in the one error
// shape, never a 5xx, and must leave every table as it was. Inputs come from the schema itself, so a
// new route or field is fuzzed without touching this file.

type Schema = {
  type?: string | string[];
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  maxItems?: number;
  minItems?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
};

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: Schema;
}

interface Operation {
  method: string;
  path: string;
  params: Parameter[];
  body: Schema | undefined;
}

/** One request: path params, query and body; `raw` is a body sent as JSON text exactly as written. */
interface Input {
  path: Record<string, string>;
  query: Record<string, string | string[]>;
  body?: unknown;
  raw?: string;
  /** What was mutated, for the failure message. */
  what: string;
}

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
/** Runs per operation; each run is one request. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
/** The whole fuzzing budget, shared evenly: on a slow machine every operation gets fewer runs. */
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 75_000);

/**
 * Tables written by design on a request whatever its input. Better Auth's `rate_limit` counts
 * requests (off in tests, listed in case a run turns it on); `session` is refreshed by Better Auth
 * when a session is read close to its expiry (an update, not a new row, but it changes row versions).
 */
const WRITTEN_ON_ANY_REQUEST: Record<string, string> = {
  rate_limit: 'Better Auth counts every request against the caller',
  session: 'Better Auth may extend the session it reads',
};

/**
 * Findings the fuzzer knows about and that are not fixed yet, as "METHOD /path: why". Printed on
 * every run; each must be fixed and removed, never added to silence a failure.
 */
const knownFindings: string[] = [];

const UUID = '0b6f4c3e-9d2a-4f6b-8c1d-2e3f4a5b6c7d';
const ONE_MB = 'x'.repeat(1024 * 1024);
const NESTED = (() => {
  let v: unknown = 'x';
  for (let i = 0; i < 500; i++) v = i % 2 ? { a: v } : [v];
  return v;
})();
const DEEP_ARRAY = `${'['.repeat(5000)}${']'.repeat(5000)}`;

/** Strings no field takes: the database cannot store them (docs/decisions/0035-text-the-database-cannot-store.md). */
const UNSTORABLE = ['a\u0000b', '\u0000', 'x\uD800', '\uDC00y', `${'é'.repeat(3)}\uD83D`];
/** Values to try in a numeric field; the checker below keeps only those the schema refuses. */
const NASTY_NUMBERS: unknown[] = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '-1',
  '1.5',
  '99999999999999999999999',
  -1,
  0,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
];
const NASTY_VALUES: unknown[] = [
  null,
  true,
  '',
  ' ',
  '0',
  [],
  {},
  [1, 2],
  { a: 1 },
  ONE_MB,
  ...UNSTORABLE,
  ...NASTY_NUMBERS,
  NESTED,
];

let app: FastifyInstance;
let spec: { paths: Record<string, Record<string, unknown>>; components?: { schemas?: Record<string, Schema> } };
let memberCookie: string;
let adminCookie: string;
let memberId: string;
let draftPackageId: string;

function resolve(schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').pop() as string;
  const found = spec.components?.schemas?.[name];
  if (!found) throw new Error(`unresolved ${schema.$ref}`);
  return resolve(found);
}

/** Example strings for the patterns the contract uses, so the value around the mutated field is valid. */
function exampleForPattern(pattern: string): string {
  const known: [RegExp, string][] = [
    [/0-9a-fA-F\]\{8\}/, UUID],
    [/\\d\{4\}-/, '2030-01-01T10:00:00Z'],
    [/webp/, `${UUID}.webp`],
    [/cs_sandbox_/, 'cs_sandbox_abcdefgh123'],
    [/acct_/, 'acct_123abc'],
    [/\^\\d\{6\}\$/, '123456'],
    [/\\d\{3,4\}/, '123'],
    [/\\\//, '12/30'],
    [/\[A-Z\]\{2\}/, 'FR'],
    [/\[A-Za-z\]\{2,8\}/, 'en'],
    [/\[a-z_\]\+/, 'platform'],
  ];
  for (const [re, value] of known) if (re.test(pattern) && new RegExp(pattern).test(value)) return value;
  return 'x';
}

/** A value of the schema's shape, valid as far as this small generator knows. */
function validValue(raw: Schema): unknown {
  const schema = resolve(raw);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return validValue(branches.find((b) => resolve(b).type !== 'null') ?? (branches[0] as Schema));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) out[key] = validValue(prop);
      return out;
    }
    case 'array':
      return schema.items && (schema.minItems ?? 0) > 0 ? [validValue(schema.items)] : [];
    case 'string':
      if (schema.pattern) return exampleForPattern(schema.pattern);
      return 'abc'.padEnd(schema.minLength ?? 3, 'x').slice(0, Math.max(schema.maxLength ?? 3, schema.minLength ?? 1));
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return Math.min(Math.ceil(min), schema.maximum ?? Number.POSITIVE_INFINITY);
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'x';
  }
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * Whether a value satisfies the schema (the subset of JSON Schema the zod contract produces). A
 * query value arrives as text and is coerced the way `z.coerce` does. Strings with a NUL or a lone
 * surrogate count as invalid everywhere: no field stores them. A URL cannot carry a lone surrogate
 * (it is encoded as U+FFFD), so a query value is judged as the server receives it.
 */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function conforms(raw: Schema, value: unknown, query = false): boolean {
  if (query && typeof value === 'string') value = value.replace(loneSurrogate, '\uFFFD');
  const schema = resolve(raw);
  if (schema.anyOf) return schema.anyOf.some((s) => conforms(s, value, query));
  if (schema.oneOf) return schema.oneOf.filter((s) => conforms(s, value, query)).length === 1;
  if (value === undefined) return true;
  if (schema.const !== undefined && value !== schema.const) return false;
  if (schema.enum && !schema.enum.includes(value)) return false;
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.length === 0) return typeof value !== 'string' || isStorableText(value);
  return types.some((type) => {
    if ((type === 'number' || type === 'integer') && query) {
      if (typeof value !== 'string' && !Array.isArray(value)) return false;
      return conformsNumber(schema, type, Number(value));
    }
    const actual = jsonType(value);
    if (type === 'number' && (actual === 'number' || actual === 'integer'))
      return conformsNumber(schema, type, value as number);
    if (type !== actual) return false;
    if (type === 'string') {
      const s = value as string;
      if (!isStorableText(s)) return false;
      const length = [...s].length;
      if (schema.minLength !== undefined && length < schema.minLength) return false;
      if (schema.maxLength !== undefined && length > schema.maxLength) return false;
      if (schema.pattern && !new RegExp(schema.pattern, 'u').test(s)) return false;
      return true;
    }
    if (type === 'integer') return conformsNumber(schema, type, value as number);
    if (type === 'array') {
      const list = value as unknown[];
      if (schema.maxItems !== undefined && list.length > schema.maxItems) return false;
      if (schema.minItems !== undefined && list.length < schema.minItems) return false;
      return !schema.items || list.every((item) => conforms(schema.items as Schema, item, query));
    }
    if (type === 'object') {
      const object = value as Record<string, unknown>;
      for (const key of schema.required ?? [])
        if (!(key in object) && !('default' in resolve(schema.properties?.[key] ?? {}))) return false;
      for (const [key, v] of Object.entries(object)) {
        const prop = schema.properties?.[key];
        if (prop) {
          if (!conforms(prop, v, query)) return false;
        } else if (schema.additionalProperties === false) return false;
      }
      return true;
    }
    return true;
  });
}

function conformsNumber(schema: Schema, type: string, n: number): boolean {
  if (!Number.isFinite(n)) return false;
  if (type === 'integer' && !Number.isSafeInteger(n)) return false;
  if (schema.minimum !== undefined && n < schema.minimum) return false;
  if (schema.maximum !== undefined && n > schema.maximum) return false;
  if (schema.exclusiveMinimum !== undefined && n <= schema.exclusiveMinimum) return false;
  if (schema.exclusiveMaximum !== undefined && n >= schema.exclusiveMaximum) return false;
  return true;
}

/** Every place in a value where a mutation can go: the root, and each property of each object below it. */
function fieldPaths(raw: Schema, prefix: string[] = []): { path: string[]; schema: Schema }[] {
  const schema = resolve(raw);
  const branch = schema.anyOf ?? schema.oneOf;
  const object = branch ? resolve(branch.find((b) => resolve(b).type === 'object') ?? {}) : schema;
  const out = [{ path: prefix, schema }];
  if (object.type === 'object')
    for (const [key, prop] of Object.entries(object.properties ?? {})) out.push(...fieldPaths(prop, [...prefix, key]));
  return out;
}

function setAt(value: unknown, path: string[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path as [string, ...string[]];
  const copy = { ...(value as Record<string, unknown>) };
  if (next === undefined && rest.length === 0) delete copy[head];
  else copy[head] = setAt(copy[head], rest, next);
  return copy;
}

const nastyValue = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_VALUES) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

/** Values just outside a field's limits: one character too many or too few, one past a bound. */
function edges(raw: Schema): unknown[] {
  const schema = resolve(raw);
  const out: unknown[] = [];
  if (schema.maxLength !== undefined) out.push('x'.repeat(schema.maxLength + 1));
  if (schema.minLength) out.push('x'.repeat(schema.minLength - 1));
  if (schema.maximum !== undefined) out.push(schema.maximum + 1);
  if (schema.minimum !== undefined) out.push(schema.minimum - 1);
  if (schema.exclusiveMinimum !== undefined) out.push(schema.exclusiveMinimum);
  if (schema.type === 'integer') out.push(1.5);
  if (schema.maxItems !== undefined && schema.items)
    out.push(Array.from({ length: schema.maxItems + 1 }, () => validValue(schema.items as Schema)));
  return out.length > 0 ? out : [undefined];
}

/** A body of the operation's schema with one thing made certainly invalid. */
function invalidBody(schema: Schema): fc.Arbitrary<Pick<Input, 'body' | 'raw' | 'what'>> {
  const base = validValue(schema);
  const fields = fieldPaths(schema);
  const objects = fields.filter((f) => f.schema.type === 'object' || f.path.length === 0);
  const field = fc.constantFrom(...fields);
  const mutations = fc.oneof(
    // Just past one of the field's own limits.
    field.chain((f) =>
      fc.constantFrom(...edges(f.schema)).map((v) => ({
        body: setAt(base, f.path, v),
        what: `${f.path.join('.') || 'body'} = ${preview(v)}`,
      })),
    ),
    // A nasty value in one field (or as the whole body).
    fc
      .tuple(field, nastyValue)
      .map(([f, v]) => ({ body: setAt(base, f.path, v), what: `${f.path.join('.') || 'body'} = ${preview(v)}` })),
    // A required field left out.
    field.map((f) => ({ body: setAt(base, f.path, undefined), what: `${f.path.join('.')} missing` })),
    // A field the schema does not know.
    fc
      .tuple(fc.constantFrom(...objects), fc.constantFrom('extra', 'isAdmin', 'role', 'id', 'constructor'))
      .map(([f, key]) => ({
        body: setAt(base, [...f.path, key], 'x'),
        what: `${[...f.path, key].join('.')} added`,
      })),
    // Prototype keys, as JSON text (an object literal cannot carry an own `__proto__`).
    fc.constantFrom(...objects).chain((f) =>
      fc.constantFrom('"__proto__":{"isAdmin":true}', '"constructor":{"prototype":{"isAdmin":true}}').map((member) => {
        const text = JSON.stringify(setAt(base, [...f.path, '__fuzz__'], 0));
        return { raw: text.replace('"__fuzz__":0', member), what: `${member} in ${f.path.join('.') || 'body'}` };
      }),
    ),
    // Malformed and absurd JSON text.
    fc.constantFrom('{', '{"a":', 'null', '[]', '"x"', '1e999', DEEP_ARRAY, '\u0000').map((raw) => ({
      raw,
      what: `body text ${preview(raw)}`,
    })),
  );
  return (mutations as fc.Arbitrary<Pick<Input, 'body' | 'raw' | 'what'>>).filter(
    (m) => m.raw !== undefined || !conforms(schema, m.body),
  );
}

/** Query parameters with one made certainly invalid: a nasty value, or the parameter given twice. */
function invalidQuery(params: Parameter[]): fc.Arbitrary<Pick<Input, 'query' | 'what'>> {
  const base: Record<string, string> = {};
  for (const p of params) if (p.required) base[p.name] = String(validValue(p.schema));
  const asText = fc.oneof(
    nastyValue.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
    fc.constantFrom('a', '1', '2').map((v) => [v, `${v}0`]),
  );
  return fc
    .tuple(fc.constantFrom(...params), asText)
    .map(([p, v]) => ({ query: { ...base, [p.name]: v }, what: `?${p.name}=${preview(v)}` }))
    .filter((m) => {
      const p = params.find((x) => m.what.startsWith(`?${x.name}=`)) as Parameter;
      return !conforms(p.schema, m.query[p.name], true);
    });
}

const GARBAGE_IDS = [
  'not-a-uuid',
  '1',
  "'; drop table package; --",
  '%00',
  `${UUID}%00`,
  'x'.repeat(5000),
  '..%2F..%2Fetc',
  '%E0%A4%A',
  '%',
];

function preview(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…(${text.length})` : text);
}

function realPathValue(op: Operation, name: string): string {
  if (op.path.startsWith('/api/packages/{id}') && name === 'id') return draftPackageId;
  if (op.path.startsWith('/api/users/{id}') || op.path.startsWith('/api/admin/users/{id}')) return memberId;
  const p = op.params.find((x) => x.name === name);
  return p ? String(validValue(p.schema)) : randomUUID();
}

function inputsFor(op: Operation): fc.Arbitrary<Input> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const realPath = Object.fromEntries(pathParams.map((p) => [p.name, realPathValue(op, p.name)]));
  const requiredQuery: Record<string, string> = {};
  for (const p of queryParams) if (p.required) requiredQuery[p.name] = String(validValue(p.schema));
  const validBody = op.body ? validValue(op.body) : undefined;
  const options: fc.Arbitrary<Input>[] = [];
  if (op.body) options.push(invalidBody(op.body).map((b) => ({ path: realPath, query: requiredQuery, ...b })));
  if (queryParams.length > 0)
    options.push(invalidQuery(queryParams).map((q) => ({ path: realPath, body: validBody, ...q })));
  if (pathParams.length > 0)
    options.push(
      fc.tuple(fc.constantFrom(...pathParams), fc.constantFrom(...GARBAGE_IDS)).map(([p, id]) => ({
        path: { ...realPath, [p.name]: id },
        query: requiredQuery,
        body: validBody,
        what: `{${p.name}} = ${preview(id)}`,
      })),
    );
  return fc.oneof(...options);
}

function operations(): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };
      const params = (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (params.length === 0 && !body) continue;
      out.push({ method: method.toUpperCase(), path, params, body });
    }
  }
  return out;
}

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await app.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Row count and row versions (xmin) of every table but those written by design: any insert, update or delete shows. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await rows<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const names = tables.map((r) => r.tablename).filter((t) => !(t in WRITTEN_ON_ANY_REQUEST));
  const query = names
    .map(
      (t) => `select '${t}' as t, count(*)::text || ':' || coalesce(sum(xmin::text::bigint), 0)::text as v from "${t}"`,
    )
    .join(' union all ');
  const result = await rows<{ t: string; v: string }>(sql.raw(query));
  return Object.fromEntries(result.map((r) => [r.t, r.v]));
}

function urlFor(op: Operation, input: Input): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = input.path[name] ?? '';
    // Garbage ids are sent as written (already escaped where they need it); real ones are plain.
    return /%|\.\./.test(value) ? value : encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query))
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, v);
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

beforeAll(async () => {
  app = await createTestApp();
  await app.ready();
  spec = app.swagger() as typeof spec;
  const member = await signUpVerified(app, 'fuzz-member@example.test', 'Fuzz Member');
  memberCookie = member.cookie;
  memberId = member.id;
  const admin = await signUpVerified(app, 'fuzz-admin@example.test', 'Fuzz Admin');
  await app.database.db.update(user).set({ role: 'admin' }).where(eq(user.id, admin.id));
  await app.sessions.userChanged(admin.id);
  adminCookie = admin.cookie;
  const draft = await app.inject({
    method: 'POST',
    url: '/api/packages',
    headers: { cookie: memberCookie },
    payload: { title: 'Fuzz parcel' },
  });
  if (draft.statusCode !== 201 && draft.statusCode !== 200) throw new Error(`draft failed: ${draft.statusCode}`);
  draftPackageId = (draft.json() as { id: string }).id;
}, 120_000);
afterAll(() => app?.close());

it('answers certainly invalid input to every operation with a 4xx error and writes nothing', async () => {
  const ops = operations();
  const deadline = Date.now() + BUDGET_MS;
  let requests = 0;
  const serverErrors: string[] = [];
  const writes: string[] = [];
  const wrongShape: string[] = [];
  const accepted: string[] = [];
  const statuses = new Map<number, number>();
  const refusedOnlyByAuth = new Set<string>();
  // The write check itself must see a write: a valid update changes a row version.
  const untouched = await snapshot();
  const valid = await app.inject({
    method: 'PATCH',
    url: '/api/profile',
    headers: { cookie: memberCookie },
    payload: { bio: 'Checks the fuzzer sees writes' },
  });
  expect(valid.statusCode).toBe(200);
  expect(await snapshot()).not.toEqual(untouched);

  console.log(`fuzz: seed ${SEED} (FUZZ_SEED to replay), ${RUNS} runs per operation`);
  console.log(`fuzz: known findings: ${knownFindings.length === 0 ? 'none' : `\n  ${knownFindings.join('\n  ')}`}`);

  for (const [index, op] of ops.entries()) {
    // Each operation gets an even share of what is left, so on a slow machine all get fewer runs
    // rather than the last ones none.
    const share = Math.max(1_000, (deadline - Date.now()) / (ops.length - index));
    const cookie = op.path.startsWith('/api/admin/') ? adminCookie : memberCookie;
    const label = `${op.method} ${op.path}`;
    await fc.assert(
      fc.asyncProperty(inputsFor(op), async (input) => {
        const before = await snapshot();
        const headers: Record<string, string> = { cookie };
        if (input.raw !== undefined) headers['content-type'] = 'application/json';
        const res = await app.inject({
          method: op.method as 'GET',
          url: urlFor(op, input),
          headers,
          ...(input.raw !== undefined
            ? { payload: input.raw }
            : input.body !== undefined
              ? { payload: input.body as object }
              : {}),
        });
        requests += 1;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode === 401 || res.statusCode === 403) refusedOnlyByAuth.add(label);
        const where = `${label} with ${input.what}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (res.statusCode >= 500) serverErrors.push(where);
        else if (res.statusCode < 400) accepted.push(where);
        else if (!isApiError(res.json())) wrongShape.push(where);
        else {
          const after = await snapshot();
          const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
          if (changed.length > 0) writes.push(`${where} wrote ${changed.join(', ')}`);
        }
      }),
      // One seed per operation, derived from the run's seed, so adding a route does not reshuffle the others.
      {
        seed: SEED + index,
        numRuns: RUNS,
        interruptAfterTimeLimit: share,
        markInterruptAsFailure: false,
        endOnFailure: true,
      },
    );
  }

  const unexpected = serverErrors.filter((f) => !knownFindings.some((k) => f.startsWith(k.split(':')[0] as string)));
  console.log(
    `fuzz: ${ops.length} operations, ${requests} requests, ${serverErrors.length} × 5xx, ${writes.length} writes on 4xx, ` +
      `${accepted.length} × 2xx/3xx, ${wrongShape.length} outside the error shape`,
  );
  console.log(
    `fuzz: answers ${[...statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s} × ${n}`)
      .join(', ')}`,
  );
  // A request refused for who is asking never had its input checked: the fuzzer's users lack a right.
  expect([...refusedOnlyByAuth], 'operations answering 401/403 to a signed-in member or admin').toEqual([]);
  expect(unexpected, 'a 5xx on invalid input').toEqual([]);
  expect(writes, 'a write on a request answered 4xx').toEqual([]);
  expect(accepted.join('\n'), 'invalid input accepted').toBe('');
  expect(wrongShape, 'a 4xx outside { error: { code, message } }').toEqual([]);
}, 180_000);
