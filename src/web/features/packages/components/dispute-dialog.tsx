import { ShieldAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { disputeReasonLabel, disputeReasons, type OpenDispute, openDisputeSchema } from '#shared/lifecycle.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { NativeSelect } from '#web/components/ui/select.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage, fieldErrors } from '#web/lib/errors/describe-error.ts';
import { showToast } from '#web/lib/toasts.ts';
import { useOpenDispute } from '../api/lifecycle.ts';

type Field = keyof OpenDispute;

/**
 * "Open a dispute" (sender or traveler, after the pickup): a reason and what happened, checked with
 * the contract's rules here and by the server. The money stays held until an admin decides.
 */
export function DisputeDialog({ packageId }: { packageId: string }) {
  const id = useId();
  const open = useOpenDispute(packageId);
  const [shown, setShown] = useState(false);
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (open.isPending) return;
    setFormError(null);
    const parsed = openDisputeSchema.safeParse({ reason: reason || undefined, details });
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      setErrors(next);
      document.getElementById(`${id}-${next.reason ? 'reason' : 'details'}`)?.focus();
      return;
    }
    setErrors({});
    try {
      await open.mutateAsync(parsed.data);
      setShown(false);
      showToast('Dispute opened. An administrator will look into it; the money stays held meanwhile.', 'success');
    } catch (err) {
      const fields = fieldErrors(err);
      if (fields.reason || fields.details) {
        setErrors({ reason: fields.reason, details: fields.details });
      } else setFormError(errorMessage(err));
    }
  };

  return (
    <Dialog
      open={shown}
      onOpenChange={(next) => {
        if (open.isPending) return;
        setShown(next);
        if (next) setFormError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary">
          <ShieldAlert aria-hidden="true" className="size-4" />
          Open a dispute
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Open a dispute"
        description="Tell us what went wrong. The reward stays held until an administrator has heard both sides and decides: a refund to the sender or a release to the traveler."
      >
        <form onSubmit={submit} noValidate aria-label="Open a dispute" className="flex flex-col gap-4">
          <FormField id={`${id}-reason`} label="What went wrong?" required error={errors.reason}>
            <NativeSelect value={reason} onChange={(event) => setReason(event.target.value)}>
              <option value="">Choose a reason</option>
              {disputeReasons.map((r) => (
                <option key={r} value={r}>
                  {disputeReasonLabel[r]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField
            id={`${id}-details`}
            label="What happened"
            required
            hint="When and where, what you agreed, what you saw. At least 10 characters."
            error={errors.details}
          >
            <Textarea value={details} rows={5} onChange={(event) => setDetails(event.target.value)} />
          </FormField>
          <div role="alert" aria-atomic="true">
            {formError ? (
              <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">{formError}</p>
            ) : null}
          </div>
          <DialogFooter className="mt-0">
            <DialogClose asChild>
              <Button variant="secondary">Not now</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" aria-disabled={open.isPending || undefined}>
              {open.isPending ? 'Opening…' : 'Open dispute'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
