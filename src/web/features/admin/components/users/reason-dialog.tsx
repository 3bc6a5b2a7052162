import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type AdminReason, adminReasonSchema } from '#shared/admin-users.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage, fieldErrors } from '#web/lib/errors/describe-error.ts';
import { showToast } from '#web/lib/toasts.ts';

/**
 * An action on a member's account that needs a reason for the audit log (docs/product.md §8.3): a
 * button opening a dialog that says what will happen, the reason field, and the confirm button.
 */
export function ReasonDialog({
  trigger,
  title,
  description,
  confirm,
  destructive = false,
  success,
  onSubmit,
}: {
  trigger: string;
  title: string;
  description: ReactNode;
  confirm: string;
  destructive?: boolean;
  success: string;
  onSubmit: (input: AdminReason) => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const id = useId();
  const form = useForm<AdminReason>({ resolver: zodResolver(adminReasonSchema), defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    setFormError(null);
    try {
      await onSubmit(input);
      showToast(success, 'success');
      setOpen(false);
      form.reset();
    } catch (err) {
      const fields = fieldErrors(err);
      if (fields.reason) form.setError('reason', { message: fields.reason }, { shouldFocus: true });
      else setFormError(errorMessage(err));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          form.reset();
          setFormError(null);
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant={destructive ? 'destructive' : 'secondary'}>{trigger}</Button>
      </DialogTrigger>
      <DialogContent title={title} description={description}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={title}>
          <FormAlert message={formError} />
          <FormField
            id={`${id}-reason`}
            label="Reason"
            required
            hint="Kept in the audit log."
            error={errors.reason?.message}
          >
            <Textarea rows={3} {...form.register('reason')} />
          </FormField>
          <DialogFooter className="mt-2">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button
              type="submit"
              variant={destructive ? 'destructive' : 'primary'}
              aria-disabled={isSubmitting || undefined}
            >
              {isSubmitting ? 'Working…' : confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
