import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatPhoneNumber, normalizePhoneNumber, PHONE_NUMBER_MESSAGE } from '#shared/phone.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { describeError } from '#web/lib/errors/describe-error.ts';
import { MOBILE_RESEND_SECONDS, retryAfterSeconds, useSendMobileCode } from '../api/mobile-otp.ts';
import { MobileCountrySelect } from './mobile-country-select.tsx';

// The country only matters for a number typed without its `+` country code.
const numberFormSchema = z
  .object({ country: z.string(), phoneNumber: z.string().trim().min(1, 'Enter your mobile number') })
  .transform(({ country, phoneNumber }, ctx) => {
    const e164 = normalizePhoneNumber(phoneNumber, country || undefined);
    if (e164) return { country, phoneNumber: e164 };
    ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: PHONE_NUMBER_MESSAGE });
    return z.NEVER;
  });
export type MobileNumberValues = z.input<typeof numberFormSchema>;

interface Props {
  defaultValues: MobileNumberValues;
  /** The user's confirmed number (E.164), if any: asking for it again would be refused as taken. */
  confirmedNumber: string | null;
  /** A message for the number field when the form opens (the number was refused at the code step). */
  initialError: string | null;
  cooldownSeconds: number;
  onCooldown: (seconds: number) => void;
  onSent: (phoneNumber: string, values: MobileNumberValues) => void;
  /** Shown for a user who already has a confirmed number and may keep it. */
  onCancel?: () => void;
  focusOnMount: boolean;
}

export function MobileNumberForm({
  defaultValues,
  confirmedNumber,
  initialError,
  cooldownSeconds,
  onCooldown,
  onSent,
  onCancel,
  focusOnMount,
}: Props) {
  const send = useSendMobileCode();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(numberFormSchema), defaultValues });
  const { errors } = form.formState;

  useEffect(() => {
    if (initialError) form.setError('phoneNumber', { message: initialError }, { shouldFocus: true });
    else if (focusOnMount) form.setFocus('phoneNumber');
  }, [form, initialError, focusOnMount]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (send.isPending || cooldownSeconds > 0) return;
    setFormError(null);
    if (values.phoneNumber === confirmedNumber) {
      form.setError('phoneNumber', { message: 'This is already your confirmed number.' }, { shouldFocus: true });
      return;
    }
    try {
      await send.mutateAsync(values.phoneNumber);
      onCooldown(MOBILE_RESEND_SECONDS);
      onSent(values.phoneNumber, form.getValues());
    } catch (err) {
      const { code, message } = describeError(err);
      if (code === 'MOBILE_RATE_LIMITED') onCooldown(retryAfterSeconds(err) ?? MOBILE_RESEND_SECONDS);
      if (code === 'INVALID_PHONE_NUMBER' || code === 'MOBILE_NUMBER_TAKEN') {
        form.setError('phoneNumber', { message }, { shouldFocus: true });
      } else {
        setFormError(message);
      }
    }
  });

  const waiting = cooldownSeconds > 0;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <FormAlert message={formError} />
      <FormField
        id="mobile-country"
        label="Country"
        hint="Used when your number doesn't start with + and a country code."
      >
        <MobileCountrySelect {...form.register('country')} />
      </FormField>
      <FormField
        id="mobile-number"
        label="Mobile number"
        hint={
          confirmedNumber
            ? `Your confirmed number is ${formatPhoneNumber(confirmedNumber)}. It stays until the new one is confirmed.`
            : 'We text a 6-digit code to this number.'
        }
        error={errors.phoneNumber?.message}
      >
        <Input type="tel" inputMode="tel" autoComplete="tel" {...form.register('phoneNumber')} />
      </FormField>
      {waiting ? (
        <p className="text-sm text-slate-600">
          You can ask for another code in {cooldownSeconds} second{cooldownSeconds === 1 ? '' : 's'}.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="lg" aria-disabled={send.isPending || waiting || undefined}>
          {send.isPending ? 'Sending the code…' : 'Send code'}
        </Button>
        {onCancel ? (
          <Button variant="secondary" size="lg" onClick={onCancel}>
            Keep my current number
          </Button>
        ) : null}
      </div>
    </form>
  );
}
