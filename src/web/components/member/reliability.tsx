import type { Reliability } from '#shared/reliability.ts';

// A member's reliability (docs/product.md §11.1) in words: on their profile as three facts, on a card
// as one line.

/** "15 min", "about 3 h", "about 2 days": how long the member usually takes to answer a request. */
export function responseTimeText(minutes: number): string {
  if (minutes < 60) return `${Math.max(1, minutes)} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `about ${hours} h`;
  return `about ${Math.round(hours / 24)} days`;
}

/** "8%" of the matches the member ended themselves, rounded to a whole percent. */
export function cancellationPercent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

/** The three facts for a profile's description list. */
export function ReliabilityFacts({ reliability }: { reliability: Reliability }) {
  const { completedDeliveries, commitments, cancellations, cancellationRate, medianResponseMinutes, responses } =
    reliability;
  return (
    <>
      <div>
        <dt className="text-sm font-medium text-slate-600">Completed deliveries</dt>
        <dd className="text-slate-900">{completedDeliveries}</dd>
      </div>
      <div>
        <dt className="text-sm font-medium text-slate-600">Cancellation rate</dt>
        <dd className="text-slate-900">
          {cancellationRate === null ? (
            'No matches yet'
          ) : (
            <>
              {cancellationPercent(cancellationRate)}{' '}
              <span className="text-slate-600">
                ({cancellations} of {commitments} {commitments === 1 ? 'match' : 'matches'})
              </span>
            </>
          )}
        </dd>
      </div>
      <div>
        <dt className="text-sm font-medium text-slate-600">Usually answers requests in</dt>
        <dd className="text-slate-900">
          {medianResponseMinutes === null ? (
            'No requests answered yet'
          ) : (
            <>
              {responseTimeText(medianResponseMinutes)}{' '}
              <span className="text-slate-600">
                ({responses} {responses === 1 ? 'request' : 'requests'})
              </span>
            </>
          )}
        </dd>
      </div>
    </>
  );
}

/** One line for a member card: "12 deliveries · 8% cancelled · answers in about 2 h". */
export function reliabilityLine(reliability: Reliability): string {
  const parts = [
    `${reliability.completedDeliveries} ${reliability.completedDeliveries === 1 ? 'delivery' : 'deliveries'}`,
  ];
  if (reliability.cancellationRate !== null)
    parts.push(`${cancellationPercent(reliability.cancellationRate)} cancelled`);
  if (reliability.medianResponseMinutes !== null)
    parts.push(`answers in ${responseTimeText(reliability.medianResponseMinutes)}`);
  return parts.join(' · ');
}

export function ReliabilityLine({ reliability, className }: { reliability: Reliability; className?: string }) {
  return <p className={className ?? 'text-sm text-slate-600'}>{reliabilityLine(reliability)}</p>;
}
