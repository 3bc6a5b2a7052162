import { HandHelping } from 'lucide-react';
import { Link } from 'react-router';
import type { PublicPackageCard as Card } from '#shared/browse.ts';
import { Button } from '#web/components/ui/button.tsx';
import { PackageSummaryCard, RouteText } from '#web/components/ui/package-summary.tsx';
import { formatKm } from '#web/lib/format.ts';
import { useReading } from '#web/lib/reading.ts';
import { MemberLine } from './member-line.tsx';

/**
 * An open package as a stranger sees it: the cities, dates, size and reward, and its sender's first
 * name and rating. "Offer to carry" leads to the package's offer panel, through sign-up when needed.
 */
export function PublicPackageCard({ card, offerHref }: { card: Card; offerHref: string }) {
  const reading = useReading();
  return (
    <PackageSummaryCard
      pkg={card}
      thumbnail="photo-or-icon"
      rewardAside
      route={
        <>
          <RouteText from={card.pickup} to={card.dropoff} />
          <span className="text-slate-600"> · {formatKm(card.distanceKm, reading)}</span>
        </>
      }
      facts={['pickupFrom', 'deliverBy', 'size', 'weight']}
      actions={
        <Button asChild>
          <Link to={offerHref} aria-label={`Offer to carry ${card.title}`}>
            <HandHelping aria-hidden="true" className="size-4" />
            Offer to carry
          </Link>
        </Button>
      }
    >
      <MemberLine lead="Sent by" member={card.sender} />
    </PackageSummaryCard>
  );
}
