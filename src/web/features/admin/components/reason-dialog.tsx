import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ADMIN_LIST_LIMITS, type AdminReason, adminReasonSchema } from '#shared/admin-requests.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage, fieldErrors } from '#web/lib/errors/describe-error.ts';
import { showToast } from '#web/lib/toasts.ts';

/**
 * An admin action that changes a status: a confirmation with the reason the audit log keeps
 * (docs/product.md §8), checked with the contract's schema here and by the server.
 */
export function ReasonDialog({
  trigger,
  title,
  description,
  confirm,
  busyLabel,
  done,
  onConfirm,
  tone = 'destructive',
  canOpen,
}: {
  trigger: string;
  title: string;
  description: string;
  confirm: string;
  busyLabel: string;
  /** The toast once it is done. */
  done: string;
  onConfirm: (reason: string) => Promise<unknown>;
  /** Destructive for actions on a member's money or access; primary for a save. */
  tone?: 'destructive' | 'primary';
  /** Checked on the trigger: false keeps the dialog closed (the page shows what to fix first). */
  canOpen?: () => boolean;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AdminReason>({ resolver: zodResolver(adminReasonSchema), defaultValues: { reason: '' } });
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async ({ reason }) => {
    setFormError(null);
    try {
      await onConfirm(reason);
      setOpen(false);
      form.reset();
      showToast(done, 'success');
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
        if (busy) return;
        setOpen(next);
        if (next) setFormError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button
          variant={tone}
          onClick={(event) => {
            if (canOpen && !canOpen()) event.preventDefault();
          }}
        >
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent title={title} description={description}>
        <form onSubmit={submit} noValidate aria-label={title} className="flex flex-col gap-4">
          <FormField
            id={`${id}-reason`}
            label="Reason"
            required
            hint={`Kept in the audit log. ${ADMIN_LIST_LIMITS.reasonMin}–${ADMIN_LIST_LIMITS.reason} characters.`}
            error={form.formState.errors.reason?.message}
          >
            <Textarea rows={3} maxLength={ADMIN_LIST_LIMITS.reason} {...form.register('reason')} />
          </FormField>
          <div role="alert" aria-atomic="true">
            {formError ? (
              <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">{formError}</p>
            ) : null}
          </div>
          <DialogFooter className="mt-0">
            <DialogClose asChild>
              <Button variant="secondary">Keep it</Button>
            </DialogClose>
            <Button type="submit" variant={tone} aria-disabled={busy || undefined}>
              {busy ? busyLabel : confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
