import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { FormStatus } from '#web/components/ui/form-status.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { describeError } from '#web/lib/errors/describe-error.ts';
import { useChangeEmail } from '../api/account.ts';

/** A new address is confirmed from a link sent to it; until then the current one stays. */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const change = useChangeEmail();
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const schema = z.object({
    newEmail: z
      .string()
      .trim()
      .min(1, 'Enter your new email address')
      .pipe(z.email('Enter a valid email address'))
      .refine((v) => v.toLowerCase() !== currentEmail.toLowerCase(), 'This is already your e-mail address'),
  });
  const form = useForm<{ newEmail: string }>({ resolver: zodResolver(schema), defaultValues: { newEmail: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ newEmail }) => {
    if (change.isPending) return;
    setFormError(null);
    setSentTo(null);
    try {
      await change.mutateAsync(newEmail);
      form.reset({ newEmail: '' });
      setSentTo(newEmail);
    } catch (err) {
      const view = describeError(err);
      if (view.field === 'newEmail') form.setError('newEmail', { message: view.message }, { shouldFocus: true });
      else setFormError(view.message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Change e-mail address">
      <p className="text-sm text-slate-700">
        Your address now: <strong className="break-all font-medium text-slate-900">{currentEmail}</strong>
      </p>
      <FormField id="email-new" label="New email address" error={errors.newEmail?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('newEmail')} />
      </FormField>
      <div>
        <Button type="submit" aria-disabled={change.isPending || undefined}>
          {change.isPending ? 'Sending…' : 'Send confirmation link'}
        </Button>
        <FormStatus
          error={formError}
          success={
            sentTo
              ? `We sent a confirmation link to ${sentTo}. Your address changes when you open it; until then, keep using ${currentEmail}.`
              : null
          }
          messageClassName="mt-3"
        />
      </div>
    </form>
  );
}
