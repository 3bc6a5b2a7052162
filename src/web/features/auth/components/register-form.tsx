import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { newPasswordSchema, PASSWORD_MIN_LENGTH } from '#shared/password-rules.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { CheckboxField, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';
import type { ErrorView } from '#web/lib/errors/types.ts';
import { describeAccountFailure } from '../api/account-failure.ts';
import { useSignUp } from '../api/sign-up.ts';
import { AuthErrorAlert } from './auth-error-alert.tsx';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

const registerSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(100, 'Use at most 100 characters'),
  email: z.string().trim().min(1, 'Enter your email address').pipe(z.email('Enter a valid email address')),
  password: newPasswordSchema,
  acceptTerms: z.boolean().refine((v) => v, 'Accept the terms and conditions to create an account'),
});
export type RegisterValues = z.infer<typeof registerSchema>;

interface Props {
  callbackURL: string;
  /** What the form held before (coming back to change the address); the password is never kept. */
  initialValues?: Partial<Omit<RegisterValues, 'password'>>;
  onRegistered: (values: Omit<RegisterValues, 'password'>) => void;
}

export function RegisterForm({ callbackURL, initialValues, onRegistered }: Props) {
  const signUp = useSignUp();
  const [formError, setFormError] = useState<ErrorView | null>(null);
  const form = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email: '', acceptTerms: false, ...initialValues, password: '' },
  });
  const { errors } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });
  const changingAddress = Boolean(initialValues?.email);
  // Back from "Check your inbox" to fix the address: start where the fix is.
  useEffect(() => {
    if (changingAddress) form.setFocus('email', { shouldSelect: true });
  }, [changingAddress, form]);

  const onSubmit = form.handleSubmit(async ({ name, email, password: chosen, acceptTerms }) => {
    if (signUp.isPending) return;
    setFormError(null);
    try {
      await signUp.mutateAsync({ name, email, password: chosen, callbackURL });
      onRegistered({ name, email, acceptTerms });
    } catch (err) {
      const view = describeAccountFailure(err);
      // A field's own problem goes beside it; anything with ways out (sign in, reset) stays on top.
      if ((view.field === 'email' || view.field === 'password') && view.actions.length === 0) {
        form.setError(view.field, { message: view.message }, { shouldFocus: true });
      } else setFormError(view);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Create your account">
      <AuthErrorAlert error={formError} />
      <FormField id="register-name" label="Full name" error={errors.name?.message}>
        <Input autoComplete="name" {...form.register('name')} />
      </FormField>
      <FormField id="register-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </FormField>
      <FormField
        id="register-password"
        label="Password"
        hint={
          <>
            At least {PASSWORD_MIN_LENGTH} characters, and not a common password. A longer one is stronger.
            <PasswordStrengthMeter password={password} />
          </>
        }
        error={errors.password?.message}
      >
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <Controller
        control={form.control}
        name="acceptTerms"
        render={({ field }) => (
          <CheckboxField
            id="register-terms"
            error={errors.acceptTerms?.message}
            label={
              <>
                I accept the{' '}
                <TextLink to="/terms-and-conditions" target="_blank" rel="noopener">
                  terms and conditions<span className="sr-only"> (opens in a new tab)</span>
                </TextLink>
              </>
            }
          >
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
      <Button type="submit" size="lg" aria-disabled={signUp.isPending || undefined}>
        {signUp.isPending ? 'Creating your account…' : 'Create account'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an account? <TextLink to="/auth/login">Sign in</TextLink>
      </p>
    </form>
  );
}
