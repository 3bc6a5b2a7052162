import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { CheckboxField, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { signInErrorMessage, toAuthError } from '../api/auth-errors.ts';
import { useSignIn } from '../api/sign-in.ts';
import { FormAlert } from './form-alert.tsx';
import { TextLink } from './text-link.tsx';

const signInSchema = z.object({
  email: z.string().trim().min(1, 'Enter your email address').pipe(z.email('Enter a valid email address')),
  password: z.string().min(1, 'Enter your password'),
  rememberMe: z.boolean(),
});
type SignInValues = z.infer<typeof signInSchema>;

export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const signIn = useSignIn();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '', rememberMe: true },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (signIn.isPending) return;
    setFormError(null);
    try {
      await signIn.mutateAsync(values);
      onSignedIn();
    } catch (err) {
      setFormError(signInErrorMessage(toAuthError(err)));
    }
  });

  // The button stays focusable while busy (aria-disabled), so keyboard focus is not lost.
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Sign in">
      <FormAlert message={formError} />
      <FormField id="login-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Controller
          control={form.control}
          name="rememberMe"
          render={({ field }) => (
            <CheckboxField id="login-remember" label="Remember me">
              <Checkbox
                name={field.name}
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
              />
            </CheckboxField>
          )}
        />
        <TextLink to="/auth/forgot-password" className="text-sm">
          Forgot your password?
        </TextLink>
      </div>
      <Button type="submit" size="lg" aria-disabled={signIn.isPending || undefined}>
        {signIn.isPending ? 'Signing in…' : 'Sign in'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        New to Tagalong? <TextLink to="/auth/register">Create an account</TextLink>
      </p>
    </form>
  );
}
