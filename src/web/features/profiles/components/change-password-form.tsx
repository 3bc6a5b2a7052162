import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { newPasswordSchema, PASSWORD_MIN_LENGTH } from '#shared/password-rules.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { CheckboxField, FormField } from '#web/components/ui/form-field.tsx';
import { FormStatus } from '#web/components/ui/form-status.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { describeError } from '#web/lib/errors/describe-error.ts';
import { useChangePassword } from '../api/account.ts';

const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password'),
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
    revokeOtherSessions: z.boolean(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two new passwords are not the same',
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ['newPassword'],
    message: 'Choose a password different from your current one',
  });
type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

const empty: ChangePasswordValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
  revokeOtherSessions: true,
};

export function ChangePasswordForm() {
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<ChangePasswordValues>({ resolver: zodResolver(changePasswordSchema), defaultValues: empty });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword, revokeOtherSessions }) => {
    if (change.isPending) return;
    setFormError(null);
    setDone(null);
    try {
      await change.mutateAsync({ currentPassword, newPassword, revokeOtherSessions });
      form.reset(empty);
      setDone(
        revokeOtherSessions
          ? 'Your password is changed, and your other devices are signed out.'
          : 'Your password is changed.',
      );
    } catch (err) {
      const view = describeError(err);
      // The words name the chosen password `password`, as the sign-up and reset forms call it.
      const field = view.field === 'password' || view.field === 'newPassword' ? 'newPassword' : view.field;
      if (field === 'currentPassword' || field === 'newPassword') {
        form.setError(field, { message: view.message }, { shouldFocus: true });
      } else setFormError(view.message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Change password">
      <FormField id="password-current" label="Current password" error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
      </FormField>
      <FormField
        id="password-new"
        label="New password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters, and not a common password.`}
        error={errors.newPassword?.message}
      >
        <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
      </FormField>
      <FormField id="password-confirm" label="New password again" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <Controller
        control={form.control}
        name="revokeOtherSessions"
        render={({ field }) => (
          <CheckboxField id="password-revoke" label="Sign out of my other devices">
            <Checkbox
              ref={field.ref}
              name={field.name}
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
            />
          </CheckboxField>
        )}
      />
      <div>
        <Button type="submit" aria-disabled={change.isPending || undefined}>
          {change.isPending ? 'Changing…' : 'Change password'}
        </Button>
        <FormStatus error={formError} success={done} messageClassName="mt-3" />
      </div>
    </form>
  );
}
