import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';

// The back office at scale: members, packages and what hangs off them, written by the database itself
// (generate_series) so a million rows take a minute, not an hour. Deterministic: row n always gets the
// same values, so two runs measure the same data.

const CITIES = [
  ['Paris', 'FR', 48.8566, 2.3522],
  ['Lyon', 'FR', 45.764, 4.8357],
  ['Marseille', 'FR', 43.2965, 5.3698],
  ['Berlin', 'DE', 52.52, 13.405],
  ['Munich', 'DE', 48.1351, 11.582],
  ['Hamburg', 'DE', 53.5511, 9.9937],
  ['Madrid', 'ES', 40.4168, -3.7038],
  ['Barcelona', 'ES', 41.3874, 2.1686],
  ['Lisbon', 'PT', 38.7223, -9.1393],
  ['Porto', 'PT', 41.1579, -8.6291],
  ['Rome', 'IT', 41.9028, 12.4964],
  ['Milan', 'IT', 45.4642, 9.19],
  ['Amsterdam', 'NL', 52.3676, 4.9041],
  ['Brussels', 'BE', 50.8503, 4.3517],
  ['Vienna', 'AT', 48.2082, 16.3738],
  ['Warsaw', 'PL', 52.2297, 21.0122],
  ['Prague', 'CZ', 50.0755, 14.4378],
  ['Dublin', 'IE', 53.3498, -6.2603],
  ['Copenhagen', 'DK', 55.6761, 12.5683],
  ['Stockholm', 'SE', 59.3293, 18.0686],
] as const;

const FIRST = [
  'Ada',
  'Grace',
  'Alan',
  'Katherine',
  'Edsger',
  'Barbara',
  'Donald',
  'Frances',
  'John',
  'Radia',
  'Ken',
  'Margaret',
  'Linus',
  'Hedy',
  'Tim',
  'Sophie',
];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Johnson',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Allen',
  'Backus',
  'Perlman',
  'Thompson',
  'Hamilton',
  'Torvalds',
  'Lamarr',
  'Berners',
  'Wilson',
  'Martin',
  'Durand',
  'Rossi',
  'Silva',
];

/** Package statuses by share of the table (per 20 rows): most packages are long finished. */
const STATUS_BY_SLOT = [
  'open',
  'open',
  'open',
  'matched',
  'in_transit',
  'delivered',
  'cancelled',
  'expired',
  'draft',
  'completed',
  'completed',
  'completed',
  'completed',
  'completed',
  'completed',
  'completed',
  'completed',
  'completed',
  'completed',
  'completed',
];

export interface AdminSeedSize {
  members: number;
  packages: number;
}

const array = (values: readonly string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]`);

/** Seeds members, packages, payments, requests, trips, disputes and audit rows; returns counts. */
export async function seedAdminScale(db: Database, size: AdminSeedSize, log: (line: string) => void) {
  const cityNames = array(CITIES.map((c) => c[0]));
  const cityCountries = array(CITIES.map((c) => c[1]));
  const cityLats = sql.raw(`array[${CITIES.map((c) => c[2]).join(',')}]::float8[]`);
  const cityLngs = sql.raw(`array[${CITIES.map((c) => c[3]).join(',')}]::float8[]`);
  const nCities = CITIES.length;
  const started = Date.now();
  const step = async (label: string, statement: ReturnType<typeof sql>) => {
    const t = Date.now();
    await db.execute(statement);
    log(`  ${label.padEnd(40)} ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };

  await step(
    `${size.members.toLocaleString('en')} members`,
    sql`insert into "user" (name, email, email_verified, phone_number, phone_number_verified, role, banned, ban_reason, kyc_status, city, created_at, updated_at)
      select (${array(FIRST)})[1 + n % ${FIRST.length}] || ' ' || (${array(LAST)})[1 + (n / ${FIRST.length}) % ${LAST.length}] || ' ' || n,
        'member' || n || '@bench.test', n % 10 <> 0,
        '+3361' || lpad(n::text, 7, '0'), n % 10 <> 0 and n % 7 <> 0,
        case when n % 5000 = 0 then 'admin' else 'user' end,
        n % 200 = 0, case when n % 200 = 0 then 'Bench ban' end,
        (array['approved','approved','approved','pending','declined','not_started','not_started'])[1 + n % 7],
        (${cityNames})[1 + n % ${nCities}],
        now() - make_interval(mins => n * 7), now() - make_interval(mins => n * 7)
      from generate_series(1, ${size.members}) n`,
  );
  await step(
    'member numbering',
    sql`create unlogged table if not exists bench_member as select id, row_number() over (order by email) as rn from "user"`,
  );
  await db.execute(sql`create index if not exists bench_member_rn on bench_member (rn)`);
  const m = size.members;

  await step(
    `${size.packages.toLocaleString('en')} packages`,
    sql`insert into package (sender_id, traveler_id, status, title, size, weight_grams, declared_value, currency,
        pickup_label, pickup_city, pickup_country, pickup_lat, pickup_lng,
        dropoff_label, dropoff_city, dropoff_country, dropoff_lat, dropoff_lng,
        pickup_from, deliver_by, reward, created_at, updated_at, published_at)
      select s.id,
        case when st in ('matched','in_transit','delivered','completed') then t.id end,
        st,
        (array['Books','Laptop','Birthday gift','Documents','Shoes','Camera','Spices','Toys'])[1 + n % 8] || ' #' || n,
        (array['small','medium','large'])[1 + n % 3], 200 + (n % 40) * 100, 1000 + (n % 50) * 500, 'EUR',
        (${cityNames})[1 + n % ${nCities}], (${cityNames})[1 + n % ${nCities}], (${cityCountries})[1 + n % ${nCities}],
        (${cityLats})[1 + n % ${nCities}] + (n % 97) * 0.0005, (${cityLngs})[1 + n % ${nCities}] + (n % 89) * 0.0005,
        (${cityNames})[1 + (n / 3) % ${nCities}], (${cityNames})[1 + (n / 3) % ${nCities}], (${cityCountries})[1 + (n / 3) % ${nCities}],
        (${cityLats})[1 + (n / 3) % ${nCities}], (${cityLngs})[1 + (n / 3) % ${nCities}],
        now() - make_interval(mins => n) + interval '1 day', now() - make_interval(mins => n) + interval '20 days',
        -- The reward's level follows n / 20, the status n % 20: independent, as they are in life.
        500 + ((n / 20) % 60) * 100,
        now() - make_interval(mins => n), now() - make_interval(mins => n),
        case when st <> 'draft' then now() - make_interval(mins => n) end
      from (select n, (${array(STATUS_BY_SLOT)})[1 + n % 20] as st from generate_series(1, ${size.packages}) n) g
      join bench_member s on s.rn = 1 + (n::bigint * 7919) % ${m}
      join bench_member t on t.rn = 1 + (n::bigint * 104729 + 13) % ${m}`,
  );
  await step(
    'travel plans (one per 10 packages)',
    sql`insert into travel_plan (traveler_id, status, origin_label, origin_city, origin_country, origin_lat, origin_lng,
        destination_label, destination_city, destination_country, destination_lat, destination_lng,
        departure_at, arrival_at, transport, capacity_grams, reserved_grams, created_at, updated_at)
      select t.id, (array['active','completed','completed','cancelled'])[1 + n % 4],
        (${cityNames})[1 + n % ${nCities}], (${cityNames})[1 + n % ${nCities}], (${cityCountries})[1 + n % ${nCities}],
        (${cityLats})[1 + n % ${nCities}], (${cityLngs})[1 + n % ${nCities}],
        (${cityNames})[1 + (n / 3) % ${nCities}], (${cityNames})[1 + (n / 3) % ${nCities}], (${cityCountries})[1 + (n / 3) % ${nCities}],
        (${cityLats})[1 + (n / 3) % ${nCities}], (${cityLngs})[1 + (n / 3) % ${nCities}],
        now() - make_interval(mins => n * 10) + interval '2 days', now() - make_interval(mins => n * 10) + interval '3 days',
        (array['car','train','plane','bus'])[1 + n % 4], 20000, 0,
        now() - make_interval(mins => n * 10), now() - make_interval(mins => n * 10)
      from generate_series(1, ${Math.round(size.packages / 10)}) n
      join bench_member t on t.rn = 1 + (n::bigint * 104729 + 13) % ${m}`,
  );
  await step(
    'payments (paid packages)',
    sql`insert into payment (package_id, sender_id, provider, status, amount, reward, fee, currency, refunded_amount, provider_ref, created_at, updated_at)
      select p.id, p.sender_id, 'sandbox',
        case when p.status = 'cancelled' then 'refunded' else 'succeeded' end,
        p.reward + 200, p.reward, 200, 'EUR',
        case when p.status = 'cancelled' then p.reward + 200 else 0 end,
        'sbx_' || replace(p.id::text, '-', ''), p.created_at + interval '5 minutes', p.created_at + interval '5 minutes'
      from package p where p.status not in ('draft','expired')`,
  );
  await step(
    'requests (open packages, each with an offer)',
    sql`insert into request (package_id, traveler_id, travel_plan_id, started_by, status, created_at, updated_at)
      select p.id, tp.traveler_id, tp.id, case when p.n % 2 = 0 then 'traveler' else 'sender' end,
        (array['pending','declined','withdrawn','expired'])[1 + p.n % 4], p.created_at + interval '1 hour', p.created_at + interval '1 hour'
      from (select id, created_at, row_number() over (order by created_at) as n from package where status = 'open') p
      join (select id, traveler_id, row_number() over (order by created_at) as n from travel_plan) tp
        on tp.n = 1 + p.n % ${Math.round(size.packages / 10)}`,
  );
  await step(
    'disputes (one in 20 delivered packages)',
    sql`insert into dispute (package_id, opened_by, reason, details, status, created_at)
      select id, sender_id, 'damaged', 'The box arrived crushed and the contents broken.', 'open', updated_at + interval '1 day'
      from package where status = 'delivered' and (split_part(title, '#', 2)::int / 20) % 20 = 0`,
  );
  await step(
    'audit log (one row per 20 packages)',
    sql`insert into audit_log (actor_id, action, subject_type, subject_id, reason, data, created_at)
      select a.id, 'package.cancel', 'package', p.id::text, 'Bench', '{}'::jsonb, p.updated_at
      from (select id, updated_at, row_number() over (order by created_at) as n from package where status = 'cancelled') p
      cross join lateral (select id from "user" where role = 'admin' order by email limit 1) a
      where p.n % 2 = 0`,
  );
  await db.execute(sql`drop table bench_member`);
  await step('analyze', sql`analyze`);
  log(`  seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * The journal behind the bench's payments, for the dashboard's money figures: each payment received
 * into escrow, each completed package's reward released with the fee, each cancelled one refunded;
 * and completed packages' completion time. Skipped when the journal already holds these.
 */
export async function seedAdminLedger(db: Database, log: (line: string) => void) {
  const [seeded] = (
    (await db.execute(
      sql`select count(*)::int as n from ledger_entry where idempotency_key like 'bench-%'`,
    )) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  if ((seeded?.n ?? 0) > 0) return;
  const step = async (label: string, statement: ReturnType<typeof sql>) => {
    const t = Date.now();
    await db.execute(statement);
    log(`  ${label.padEnd(40)} ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };
  await step(
    'completion times',
    sql`update package set completed_at = updated_at where status = 'completed' and completed_at is null`,
  );
  await step(
    'journal: payments received',
    sql`insert into ledger_entry (kind, currency, memo, package_id, payment_id, idempotency_key, created_at)
      select 'payment_received', currency, 'Payment received', package_id, id, 'bench-pr-' || id, created_at from payment`,
  );
  await step(
    'journal: their lines',
    sql`insert into ledger_line (entry_id, account, amount, currency)
      select e.id, 'sender:' || p.sender_id, -p.amount, p.currency from ledger_entry e join payment p on p.id = e.payment_id
        where e.kind = 'payment_received' and e.idempotency_key like 'bench-%'
      union all
      select e.id, 'escrow', p.amount, p.currency from ledger_entry e join payment p on p.id = e.payment_id
        where e.kind = 'payment_received' and e.idempotency_key like 'bench-%'`,
  );
  await step(
    'journal: completions',
    sql`insert into ledger_entry (kind, currency, memo, package_id, payment_id, idempotency_key, created_at)
      select 'completion', p.currency, 'Delivery completed', k.id, p.id, 'bench-c-' || p.id, k.completed_at
      from package k join payment p on p.package_id = k.id where k.status = 'completed' and k.traveler_id is not null`,
  );
  await step(
    'journal: their lines',
    sql`insert into ledger_line (entry_id, account, amount, currency)
      select e.id, 'escrow', -p.amount, p.currency from ledger_entry e join payment p on p.id = e.payment_id where e.kind = 'completion' and e.idempotency_key like 'bench-%'
      union all
      select e.id, 'traveler:' || k.traveler_id, p.reward, p.currency from ledger_entry e join payment p on p.id = e.payment_id join package k on k.id = e.package_id where e.kind = 'completion' and e.idempotency_key like 'bench-%'
      union all
      select e.id, 'platform_fees', p.fee, p.currency from ledger_entry e join payment p on p.id = e.payment_id where e.kind = 'completion' and e.idempotency_key like 'bench-%'`,
  );
  await step(
    'journal: refunds',
    sql`insert into ledger_entry (kind, currency, memo, package_id, payment_id, idempotency_key, created_at)
      select 'refund', p.currency, 'Refund', p.package_id, p.id, 'bench-r-' || p.id, p.updated_at + interval '1 hour'
      from payment p where p.status = 'refunded'`,
  );
  await step(
    'journal: their lines',
    sql`insert into ledger_line (entry_id, account, amount, currency)
      select e.id, 'escrow', -p.amount, p.currency from ledger_entry e join payment p on p.id = e.payment_id where e.kind = 'refund' and e.idempotency_key like 'bench-%'
      union all
      select e.id, 'refunds', p.amount, p.currency from ledger_entry e join payment p on p.id = e.payment_id where e.kind = 'refund' and e.idempotency_key like 'bench-%'`,
  );
  await step('analyze', sql`analyze`);
}
