import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { CheckboxField, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { signUpError, toAuthError } from '../api/auth-errors.ts';
import { useSignUp } from '../api/sign-up.ts';
import { FormAlert } from './form-alert.tsx';
import { TextLink } from './text-link.tsx';

// Password length follows the server (Better Auth: minPasswordLength 8, max 128).
const registerSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name').max(100, 'Use at most 100 characters'),
  email: z.string().trim().min(1, 'Enter your email address').pipe(z.email('Enter a valid email address')),
  password: z.string().min(8, 'Use at least 8 characters').max(128, 'Use at most 128 characters'),
  acceptTerms: z.boolean().refine((v) => v, 'Accept the terms and conditions to create an account'),
});
type RegisterValues = z.infer<typeof registerSchema>;

export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const signUp = useSignUp();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email: '', password: '', acceptTerms: false },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ name, email, password }) => {
    if (signUp.isPending) return;
    setFormError(null);
    try {
      await signUp.mutateAsync({ name, email, password });
      onRegistered();
    } catch (err) {
      const { field, message } = signUpError(toAuthError(err));
      if (field) form.setError(field, { message }, { shouldFocus: true });
      else setFormError(message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Create your account">
      <FormAlert message={formError} />
      <FormField id="register-name" label="Full name" error={errors.name?.message}>
        <Input autoComplete="name" {...form.register('name')} />
      </FormField>
      <FormField id="register-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </FormField>
      <FormField id="register-password" label="Password" hint="At least 8 characters." error={errors.password?.message}>
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
