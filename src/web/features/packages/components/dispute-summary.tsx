import { disputeReasonLabel } from '#shared/lifecycle.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { errorMessage } from '#web/lib/errors/describe-error.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { useDispute } from '../api/lifecycle.ts';

const resolutionWords = {
  refund_sender: 'An administrator refunded the sender.',
  release_traveler: 'An administrator released the reward to the traveler.',
} as const;

/** The package's dispute: who opened it, why, and where it stands. */
export function DisputeSummary({ packageId }: { packageId: string }) {
  const dispute = useDispute(packageId, true);
  if (dispute.isPending) return <Skeleton className="h-24 w-full" />;
  if (dispute.isError) {
    return (
      <ErrorState title="We couldn't load the dispute" headingLevel={3} onRetry={() => void dispute.refetch()}>
        {errorMessage(dispute.error)}
      </ErrorState>
    );
  }
  const d = dispute.data;
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="text-slate-800">
        Opened by <span className="font-medium">{d.openedBy.name}</span> on{' '}
        <time dateTime={d.createdAt}>{formatDateTime(d.createdAt)}</time>: {disputeReasonLabel[d.reason]}.
      </p>
      <blockquote className="rounded-md bg-slate-50 p-3 whitespace-pre-line break-words text-slate-900">
        {d.details}
      </blockquote>
      {d.status === 'open' ? (
        <p className="text-slate-700">
          An administrator is looking into it. The reward stays held until they decide: a refund to the sender or a
          release to the traveler.
        </p>
      ) : (
        <p className="text-slate-700">
          {d.resolution ? resolutionWords[d.resolution] : 'Resolved.'}
          {d.resolutionNote ? ` “${d.resolutionNote}”` : ''}
        </p>
      )}
    </div>
  );
}
