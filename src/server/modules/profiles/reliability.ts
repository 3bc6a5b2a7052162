import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { noRecord, type Reliability } from '#shared/reliability.ts';

// Reliability figures (docs/product.md §11.1), counted from the records for a page of members at once:
// two queries whatever the number of members, each part a range scan on an index that starts with
// the member (package by sender or traveler, request by traveler or package, package_event by actor).

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

type Kind = 'sentCompleted' | 'carriedCompleted' | 'senderMatches' | 'travelerAccepted' | 'cancelledMatch' | 'withdrew';

/** The figures of several members; a member without any record gets zeros and nulls. */
export async function reliabilityOf(db: Database, memberIds: readonly string[]): Promise<Map<string, Reliability>> {
  const ids = [...new Set(memberIds)];
  const result = new Map<string, Reliability>(ids.map((id) => [id, { ...noRecord }]));
  if (ids.length === 0) return result;
  const list: SQL = sql`(${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;

  const [counts, medians] = await Promise.all([
    db.execute(sql`
      select sender_id as member, 'sentCompleted' as kind, count(*)::int as n
        from package where status = 'completed' and sender_id in ${list} group by sender_id
      union all
      select traveler_id, 'carriedCompleted', count(*)::int
        from package where status = 'completed' and traveler_id in ${list} group by traveler_id
      union all
      select p.sender_id, 'senderMatches', count(*)::int
        from package_event e join package p on p.id = e.package_id
        where e.to_status = 'matched' and p.sender_id in ${list} group by p.sender_id
      union all
      -- Accepted by its receiver, whatever became of it: still accepted, or withdrawn after (the
      -- traveler withdrew, or the sender cancelled the match).
      select traveler_id, 'travelerAccepted', count(*)::int
        from request
        where traveler_id in ${list} and closed_by = 'receiver' and status in ('accepted', 'withdrawn')
        group by traveler_id
      union all
      select e.actor_id, case when e.to_status = 'open' then 'withdrew' else 'cancelledMatch' end, count(*)::int
        from package_event e join package p on p.id = e.package_id
        where e.from_status = 'matched' and e.to_status in ('cancelled', 'open') and e.actor_id in ${list}
          -- back to open: only its traveler withdraws; cancelled: the sender's own, not an administrator's
          and (e.to_status = 'open' or e.actor_id = p.sender_id)
        group by e.actor_id, e.to_status`),
    // Only what the member answered themselves: not a request closed by the system (another accepted,
    // expiry), by its sender or by an administrator.
    db.execute(sql`
      select member, count(*)::int as n,
             round(percentile_cont(0.5) within group (order by seconds) / 60)::int as minutes
      from (
        select r.traveler_id as member, extract(epoch from r.responded_at - r.created_at) as seconds
          from request r
          where r.traveler_id in ${list} and r.started_by = 'sender'
            and r.closed_by = 'receiver' and r.status in ('accepted', 'declined')
        union all
        select p.sender_id, extract(epoch from r.responded_at - r.created_at)
          from package p join request r on r.package_id = p.id
          where p.sender_id in ${list} and r.started_by = 'traveler'
            and r.closed_by = 'receiver' and r.status in ('accepted', 'declined')
      ) answered
      group by member`),
  ]);

  const tally = new Map<string, Record<Kind, number>>();
  for (const row of rows<{ member: string; kind: Kind; n: number }>(counts)) {
    const t = tally.get(row.member) ?? {
      sentCompleted: 0,
      carriedCompleted: 0,
      senderMatches: 0,
      travelerAccepted: 0,
      cancelledMatch: 0,
      withdrew: 0,
    };
    t[row.kind] += Number(row.n);
    tally.set(row.member, t);
  }
  for (const [member, t] of tally) {
    const figures = result.get(member);
    if (!figures) continue;
    const commitments = t.senderMatches + t.travelerAccepted;
    const cancellations = t.cancelledMatch + t.withdrew;
    figures.completedDeliveries = t.sentCompleted + t.carriedCompleted;
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
