import { BadgeCheck, Star } from 'lucide-react';
import type { PublicPackageCard } from '#shared/browse.ts';
import { reliabilityLine } from '#web/components/member/reliability.tsx';
import { formatRating } from '#web/lib/format.ts';
import { useReading } from '#web/lib/reading.ts';

/** Who is on the other side, as a stranger may know them: a first name, a rating, their record, whether verified. */
export function MemberLine({
  lead,
  member,
  verified,
}: {
  lead: string;
  member: PublicPackageCard['sender'];
  verified?: boolean;
}) {
  const { rating } = member;
  const reading = useReading();
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
      <span>
        {lead} <span className="font-medium text-slate-900">{member.firstName}</span>
      </span>
      {verified ? (
        <span className="inline-flex items-center gap-1 text-green-800">
          <BadgeCheck aria-hidden="true" className="size-4" />
          Verified
        </span>
      ) : null}
      <span aria-hidden="true">·</span>
      {rating ? (
        <span className="inline-flex items-center gap-1">
          <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
          {formatRating(rating.average, reading)} out of 5 ({rating.count} {rating.count === 1 ? 'review' : 'reviews'})
        </span>
      ) : (
        <span>No reviews yet</span>
      )}
      <span aria-hidden="true">·</span>
      <span>{reliabilityLine(member.reliability)}</span>
    </p>
  );
}
