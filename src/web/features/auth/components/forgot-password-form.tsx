import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';
import type { ErrorView } from '#web/lib/errors/types.ts';
import { describeAccountFailure } from '../api/account-failure.ts';
import { useRequestPasswordReset } from '../api/password-reset.ts';
import { AuthErrorAlert } from './auth-error-alert.tsx';

const forgotSchema = z.object({
  email: z.string().trim().min(1, 'Enter your email address').pipe(z.email('Enter a valid email address')),
});

/** Asks for a reset link. Success says nothing about whether the address has an account. */
export function ForgotPasswordForm({ onRequested }: { onRequested: (email: string) => void }) {
  const request = useRequestPasswordReset();
  const [formError, setFormError] = useState<ErrorView | null>(null);
  const form = useForm<z.infer<typeof forgotSchema>>({
    resolver: zodResolver(forgotSchema),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    if (request.isPending) return;
    setFormError(null);
    try {
      await request.mutateAsync(email);
      onRequested(email);
    } catch (err) {
      const view = describeAccountFailure(err);
      if (view.field === 'email') form.setError('email', { message: view.message }, { shouldFocus: true });
      else setFormError(view);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Reset your password">
      <AuthErrorAlert error={formError} />
      <FormField
        id="forgot-email"
        label="Email"
        hint="The address you signed up with. We'll send a link to choose a new password."
        error={errors.email?.message}
      >
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </FormField>
      <Button type="submit" size="lg" aria-disabled={request.isPending || undefined}>
        {request.isPending ? 'Sending…' : 'Send me a link'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Remembered it? <TextLink to="/auth/login">Sign in</TextLink>
      </p>
    </form>
  );
}
