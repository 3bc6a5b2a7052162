import { useState } from 'react';
import type { TravelPlan } from '#shared/travel-plans.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { errorMessage } from '#web/lib/errors/describe-error.ts';
import { formatDate } from '#web/lib/format.ts';
import { showToast } from '#web/lib/toasts.ts';
import { useCancelTravelPlan } from '../api/travel-plans.ts';
import { tripRoute } from './trip-facts.tsx';

/** "Cancel trip", confirmed in a dialog: a cancelled trip is no longer offered to senders. */
export function CancelPlanDialog({ plan, describedBy }: { plan: TravelPlan; describedBy?: string }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = useCancelTravelPlan();

  const confirm = async () => {
    if (cancel.isPending) return;
    setError(null);
    try {
      await cancel.mutateAsync(plan.id);
      setOpen(false);
      showToast(`Your trip ${tripRoute(plan)} is cancelled.`, 'success');
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          aria-describedby={describedBy}
        >
          Cancel trip
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Cancel this trip?"
        description={`${tripRoute(plan)}, leaving ${formatDate(plan.departureAt)}. Senders will no longer find it, its pending requests end, and this cannot be undone.`}
      >
        <FormAlert message={error} className="mt-3" />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Keep trip</Button>
          </DialogClose>
          <Button variant="destructive" onClick={() => void confirm()} aria-disabled={cancel.isPending || undefined}>
            {cancel.isPending ? 'Cancelling…' : 'Cancel trip'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
