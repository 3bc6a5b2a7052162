import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ADMIN_USERS_LIMITS, type AdminNotify, adminNotifySchema } from '#shared/admin-users.ts';
import { useNotifyMember } from '#web/api/admin-users.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage, fieldErrors } from '#web/lib/errors/describe-error.ts';
import { showToast } from '#web/lib/toasts.ts';

/** An in-app notification to one member, from the back office (kept in the audit log). */
export function NotifyDialog({ userId, name }: { userId: string; name: string }) {
  const notify = useNotifyMember(userId);
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const id = useId();
  const form = useForm<AdminNotify>({
    resolver: zodResolver(adminNotifySchema),
    defaultValues: { title: '', body: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    setFormError(null);
    try {
      await notify.mutateAsync(input);
      showToast(`Notification sent to ${name}`, 'success');
      setOpen(false);
      form.reset();
    } catch (err) {
      const fields = fieldErrors(err);
      if (fields.title) form.setError('title', { message: fields.title });
      if (fields.body) form.setError('body', { message: fields.body });
      if (!fields.title && !fields.body) setFormError(errorMessage(err));
    }
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary">Send notification</Button>
      </DialogTrigger>
      <DialogContent title={`Notify ${name}`} description="They see it in their notifications and open tabs.">
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={`Notify ${name}`}>
          <FormAlert message={formError} />
          <FormField id={`${id}-title`} label="Title" required error={errors.title?.message}>
            <Input maxLength={ADMIN_USERS_LIMITS.title} {...form.register('title')} />
          </FormField>
          <FormField id={`${id}-body`} label="Message" required error={errors.body?.message}>
            <Textarea rows={4} {...form.register('body')} />
          </FormField>
          <DialogFooter className="mt-2">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" aria-disabled={isSubmitting || undefined}>
              {isSubmitting ? 'Sending…' : 'Send'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
