import { EvidenceTimeline } from '#web/components/ui/evidence-timeline.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { errorMessage } from '#web/lib/errors/describe-error.ts';
import { useDispute } from '../api/lifecycle.ts';
import { AddEvidenceForm } from './add-evidence-form.tsx';

/**
 * The package's dispute as its timeline (opening, handover photos, both sides' evidence, resolution)
 * and, for a party while it is open, the form to add to it; read-only once resolved.
 */
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
  const party = d.viewerRole !== 'admin';
  return (
    <div className="flex flex-col gap-4 text-sm">
      <EvidenceTimeline dispute={d} />
      {d.status === 'open' ? (
        <p className="text-slate-700">
          An administrator is looking into it. The reward stays held until they decide: a refund to the sender or a
          release to the traveler.
          {party ? ' Add what you know below: the other side and the administrators can read it.' : null}
        </p>
      ) : null}
      {d.status === 'open' && party ? (
        <section aria-labelledby={`add-evidence-${d.id}`} className="flex flex-col gap-2">
          <h3 id={`add-evidence-${d.id}`} className="text-base font-semibold text-slate-900">
            Add evidence
          </h3>
          <AddEvidenceForm packageId={packageId} photosLeft={d.photosLeft} />
        </section>
      ) : null}
    </div>
  );
}
