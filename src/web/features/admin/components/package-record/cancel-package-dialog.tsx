import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type AdminCancellation, type AdminCancelPackage, adminCancelPackageSchema } from '#shared/admin-packages.ts';
import { type Currency, formatMoney } from '#shared/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage, fieldErrors } from '#web/lib/errors/describe-error.ts';
import { showToast } from '#web/lib/toasts.ts';
import { useCancelPackage } from '../../api/package-actions.ts';

/** What the refund policy gives back now (docs/product.md §5.5), in words. */
export function refundWords(c: AdminCancellation): string {
  const money = (n: number) => formatMoney(n, c.currency as Currency);
  if (c.refund === 0) return 'Nothing is refunded: no payment is held for it.';
  return c.keptFee > 0
    ? `The sender gets ${money(c.refund)} back; the platform keeps its ${money(c.keptFee)} fee, as a traveler had been matched.`
    : `The sender gets ${money(c.refund)} back, everything that is left of the payment.`;
}

/**
 * "Cancel with refund": the policy's refund shown before anything happens, a required reason for the
 * audit log, and a confirmation. Both parties are told by the server.
 */
export function CancelPackageDialog({
  packageId,
  cancellation,
}: {
  packageId: string;
  cancellation: AdminCancellation;
}) {
  const id = useId();
  const cancel = useCancelPackage(packageId);
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AdminCancelPackage>({
    resolver: zodResolver(adminCancelPackageSchema),
    defaultValues: { reason: '' },
  });

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await cancel.mutateAsync(values);
      setOpen(false);
      form.reset();
      showToast('Package cancelled. Both parties have been told.', 'success');
    } catch (err) {
      const fields = fieldErrors(err);
      if (fields.reason) form.setError('reason', { message: fields.reason });
      else setFormError(errorMessage(err));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (cancel.isPending) return;
        setOpen(next);
        if (next) setFormError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="destructive">Cancel with refund</Button>
      </DialogTrigger>
      <DialogContent title="Cancel this package?" description={refundWords(cancellation)}>
        <form onSubmit={submit} noValidate aria-label="Cancel the package" className="flex flex-col gap-4">
          <FormField
            id={`${id}-reason`}
            label="Reason"
            required
            hint="It goes in the audit log."
            error={form.formState.errors.reason?.message}
          >
            <Textarea rows={3} {...form.register('reason')} />
          </FormField>
          <FormAlert message={formError} />
          <DialogFooter className="mt-0">
            <DialogClose asChild>
              <Button variant="secondary">Keep it</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" aria-disabled={cancel.isPending || undefined}>
              {cancel.isPending ? 'Cancelling…' : 'Cancel the package'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
