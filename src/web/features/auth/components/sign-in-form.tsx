import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { CheckboxField, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';
import type { ErrorView } from '#web/lib/errors/types.ts';
import { describeAccountFailure } from '../api/account-failure.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import { useSignIn } from '../api/sign-in.ts';
import { AuthErrorAlert } from './auth-error-alert.tsx';
import { DemoMailboxHint } from './demo-mailbox-hint.tsx';

const signInSchema = z.object({
  email: z.string().trim().min(1, 'Enter your email address').pipe(z.email('Enter a valid email address')),
  password: z.string().min(1, 'Enter your password'),
  rememberMe: z.boolean(),
});
type SignInValues = z.infer<typeof signInSchema>;

interface Props {
  /** Where a verification link resent from here lands once it has signed the user in. */
  verificationCallbackURL: string;
  onSignedIn: () => void;
}

export function SignInForm({ verificationCallbackURL, onSignedIn }: Props) {
  const signIn = useSignIn();
  const resend = useResendVerification();
  const [formError, setFormError] = useState<ErrorView | null>(null);
  // The address the "confirm first" answer was about, and whether its e-mail went out again.
  const [unverified, setUnverified] = useState<{ email: string; resent: boolean } | null>(null);
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '', rememberMe: true },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    if (signIn.isPending) return;
    setFormError(null);
    setUnverified(null);
    try {
      await signIn.mutateAsync(values);
      onSignedIn();
    } catch (err) {
      const view = describeAccountFailure(err);
      setFormError(view);
      if (view.code === 'EMAIL_NOT_VERIFIED') setUnverified({ email: values.email, resent: false });
    }
  });

  const onResend = async () => {
    if (!unverified || resend.isPending || unverified.resent) return;
    try {
      await resend.mutateAsync({ email: unverified.email, callbackURL: verificationCallbackURL });
      setUnverified({ ...unverified, resent: true });
    } catch (err) {
      setFormError(describeAccountFailure(err));
    }
  };

  // The button stays focusable while busy (aria-disabled), so keyboard focus is not lost.
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Sign in">
      {unverified?.resent ? (
        <div role="status" className="flex flex-col gap-3">
          <p className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
            We've sent a new e-mail to {unverified.email}. Open the link in it to confirm your address; it signs you in.
          </p>
          <DemoMailboxHint />
        </div>
      ) : (
        <AuthErrorAlert error={formError} onResendVerification={onResend} resending={resend.isPending} />
      )}
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
            <CheckboxField id="login-remember" label="Remember me" hint="Stay signed in on this device.">
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
