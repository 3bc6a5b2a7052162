import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { newPasswordSchema, PASSWORD_MIN_LENGTH } from '#shared/password-rules.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import type { ErrorView } from '#web/lib/errors/types.ts';
import { describeAccountFailure } from '../api/account-failure.ts';
import { useResetPassword } from '../api/password-reset.ts';
import { AuthErrorAlert } from './auth-error-alert.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

const resetSchema = z
  .object({ password: newPasswordSchema, confirm: z.string().min(1, 'Type the new password again') })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: "The two passwords don't match" });
type ResetValues = z.infer<typeof resetSchema>;

interface Props {
  token: string;
  onReset: () => void;
  /** The link's token was used, replaced or expired. */
  onLinkInvalid: (view: ErrorView) => void;
}

export function ResetPasswordForm({ token, onReset, onLinkInvalid }: Props) {
  const reset = useResetPassword();
  const [formError, setFormError] = useState<ErrorView | null>(null);
  const form = useForm<ResetValues>({
    resolver: zodResolver(resetSchema),
    defaultValues: { password: '', confirm: '' },
  });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });

  const onSubmit = form.handleSubmit(async ({ password: newPassword }) => {
    if (reset.isPending) return;
    setFormError(null);
    try {
      await reset.mutateAsync({ token, newPassword });
      onReset();
    } catch (err) {
      const view = describeAccountFailure(err);
      if (view.code === 'RESET_LINK_INVALID') onLinkInvalid(view);
      else if (view.field === 'password') form.setError('password', { message: view.message }, { shouldFocus: true });
      else setFormError(view);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Choose a new password">
      <AuthErrorAlert error={formError} />
      <FormField
        id="reset-password"
        label="New password"
        hint={
          <>
            At least {PASSWORD_MIN_LENGTH} characters, and not a common password.
            <PasswordStrengthMeter password={password} />
          </>
        }
        error={errors.password?.message}
      >
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField id="reset-confirm" label="Confirm new password" error={errors.confirm?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirm')} />
      </FormField>
      <Button type="submit" size="lg" aria-disabled={reset.isPending || undefined}>
        {reset.isPending ? 'Saving…' : 'Save new password'}
      </Button>
    </form>
  );
}
