import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { noRecord, type Reliability } from '#shared/reliability.ts';

// Reliability figures (docs/product.md §11.1), counted from the records for a page of members at once:
// two queries whatever the number of members. Each figure is a subquery per member, so the planner
// sees one member's few rows and walks the indexes that start with the member (package by sender or
// traveler, request by traveler or package, package_event by package or actor); over the whole
// page's list at once it misjudged the rows and scanned whole tables (docs/benchmarks.md).

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface Counts {
  member: string;
  sentCompleted: number;
  carriedCompleted: number;
  senderMatches: number;
  travelerAccepted: number;
  cancelledMatch: number;
  withdrew: number;
}

/** The figures of several members; a member without any record gets zeros and nulls. */
export async function reliabilityOf(db: Database, memberIds: readonly string[]): Promise<Map<string, Reliability>> {
  const ids = [...new Set(memberIds)];
  const result = new Map<string, Reliability>(ids.map((id) => [id, { ...noRecord }]));
  if (ids.length === 0) return result;
  const members: SQL = sql`unnest(array[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]) as m(id)`;

  const [counts, medians] = await Promise.all([
    db.execute(sql`
      select m.id as member,
        (select count(*) from package where sender_id = m.id and status = 'completed')::int as "sentCompleted",
        (select count(*) from package where traveler_id = m.id and status = 'completed')::int as "carriedCompleted",
        (select count(*) from package p join package_event e on e.package_id = p.id
          where p.sender_id = m.id and e.to_status = 'matched')::int as "senderMatches",
        -- Accepted by its receiver, whatever became of it: still accepted, or withdrawn after (the
        -- traveler withdrew, or the sender cancelled the match).
        (select count(*) from request
          where traveler_id = m.id and closed_by = 'receiver' and status in ('accepted', 'withdrawn'))::int
          as "travelerAccepted",
        -- Cancelled while matched by its own sender; an administrator's cancellation is nobody's.
        (select count(*) from package_event e join package p on p.id = e.package_id
          where e.actor_id = m.id and e.from_status = 'matched' and e.to_status = 'cancelled'
            and p.sender_id = m.id)::int as "cancelledMatch",
        -- Back to open from matched: only its traveler withdraws.
        (select count(*) from package_event
          where actor_id = m.id and from_status = 'matched' and to_status = 'open')::int as "withdrew"
      from ${members}`),
    // Only what the member answered themselves: not a request closed by the system (another accepted,
    // expiry), by its sender or by an administrator.
    db.execute(sql`
      select m.id as member, count(*)::int as n,
             round(percentile_cont(0.5) within group (order by answered.seconds) / 60)::int as minutes
      from ${members}
      cross join lateral (
        select extract(epoch from r.responded_at - r.created_at) as seconds
          from request r
          where r.traveler_id = m.id and r.started_by = 'sender'
            and r.closed_by = 'receiver' and r.status in ('accepted', 'declined')
        union all
        select extract(epoch from r.responded_at - r.created_at)
          from package p join request r on r.package_id = p.id
          where p.sender_id = m.id and r.started_by = 'traveler'
            and r.closed_by = 'receiver' and r.status in ('accepted', 'declined')
      ) answered
      group by m.id`),
  ]);

  for (const t of rows<Counts>(counts)) {
    const figures = result.get(t.member);
    if (!figures) continue;
    const commitments = Number(t.senderMatches) + Number(t.travelerAccepted);
    const cancellations = Number(t.cancelledMatch) + Number(t.withdrew);
    figures.completedDeliveries = Number(t.sentCompleted) + Number(t.carriedCompleted);
    figures.commitments = commitments;
    figures.cancellations = cancellations;
    figures.cancellationRate = commitments === 0 ? null : Math.round((cancellations / commitments) * 1000) / 1000;
  }
  for (const row of rows<{ member: string; n: number; minutes: number }>(medians)) {
    const figures = result.get(row.member);
    if (!figures) continue;
    figures.responses = Number(row.n);
    figures.medianResponseMinutes = Number(row.minutes);
  }
  return result;
}

/** One member's figures. */
export async function reliability(db: Database, memberId: string): Promise<Reliability> {
  return (await reliabilityOf(db, [memberId])).get(memberId) ?? { ...noRecord };
}
