import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatPhoneNumber } from '#shared/phone.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { describeCode, describeError } from '#web/lib/errors/describe-error.ts';
import {
  MOBILE_CODE_ATTEMPTS,
  MOBILE_CODE_EXPIRES_MINUTES,
  MOBILE_CODE_LENGTH,
  MOBILE_RESEND_SECONDS,
  retryAfterSeconds,
  useSendMobileCode,
  useVerifyMobileCode,
} from '../api/mobile-otp.ts';

/** Failures after which the current code cannot be used again: only a new one helps. */
const CODE_USED_UP = new Set(['TOO_MANY_MOBILE_CODE_ATTEMPTS', 'MOBILE_CODE_EXPIRED', 'MOBILE_CODE_GONE']);

const wrongCodeWords = (attemptsLeft: number) => describeCode('WRONG_MOBILE_CODE', { attemptsLeft }).message;

// Spaces and dashes are what people (and some SMS apps) put in codes when copying them.
const codeFormSchema = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, '').normalize('NFKC'))
    .pipe(z.string().regex(new RegExp(`^\\d{${MOBILE_CODE_LENGTH}}$`), 'Enter the 6-digit code from the text message')),
});

interface Props {
  phoneNumber: string;
  cooldownSeconds: number;
  onCooldown: (seconds: number) => void;
  onVerified: () => void;
  onChangeNumber: () => void;
  /** The number went to another account between sending and verifying: pick another. */
  onNumberTaken: (message: string) => void;
}

export function MobileCodeForm({
  phoneNumber,
  cooldownSeconds,
  onCooldown,
  onVerified,
  onChangeNumber,
  onNumberTaken,
}: Props) {
  const verify = useVerifyMobileCode();
  const resend = useSendMobileCode();
  // Tries used on the current code; the server allows MOBILE_CODE_ATTEMPTS, then needs a new code.
  const [wrongTries, setWrongTries] = useState(0);
  // The current code cannot be used any more (expired, used up): only a new one helps.
  const [needsNewCode, setNeedsNewCode] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' } });
  const { errors } = form.formState;

  useEffect(() => form.setFocus('code'), [form]);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    if (verify.isPending) return;
    if (needsNewCode) {
      setFormError(formError ?? describeCode('TOO_MANY_MOBILE_CODE_ATTEMPTS').message);
      return;
    }
    setFormError(null);
    setNotice(null);
    try {
      await verify.mutateAsync({ phoneNumber, code });
      onVerified();
    } catch (err) {
      const { code: failure, message } = describeError(err);
      if (failure === 'MOBILE_NUMBER_TAKEN') {
        onNumberTaken(message);
        return;
      }
      if (failure === 'WRONG_MOBILE_CODE') {
        // The server does not say how many tries are left; they are counted here.
        const left = MOBILE_CODE_ATTEMPTS - (wrongTries + 1);
        setWrongTries((n) => n + 1);
        if (left > 0) {
          form.setError('code', { message: wrongCodeWords(left) }, { shouldFocus: true });
          return;
        }
        setNeedsNewCode(true);
        setFormError(wrongCodeWords(0));
        return;
      }
      if (CODE_USED_UP.has(failure)) setNeedsNewCode(true);
      setFormError(message);
    }
  });

  const onResend = async () => {
    if (resend.isPending || cooldownSeconds > 0) return;
    setFormError(null);
    setNotice(null);
    try {
      await resend.mutateAsync(phoneNumber);
      onCooldown(MOBILE_RESEND_SECONDS);
      setWrongTries(0);
      setNeedsNewCode(false);
      form.reset({ code: '' });
      setNotice(`We sent a new code to ${formatPhoneNumber(phoneNumber)}. Earlier codes no longer work.`);
      form.setFocus('code');
    } catch (err) {
      const { code, message } = describeError(err);
      if (code === 'MOBILE_RATE_LIMITED') onCooldown(retryAfterSeconds(err) ?? MOBILE_RESEND_SECONDS);
      setFormError(message);
    }
  };

  const waiting = cooldownSeconds > 0;
  return (
    <div className="flex flex-col gap-5">
      {/* One block, so the (usually empty) live region adds no gap of its own. */}
      <div>
        <p className="text-slate-700">
          We sent a {MOBILE_CODE_LENGTH}-digit code to{' '}
          <strong className="whitespace-nowrap font-semibold text-slate-900">{formatPhoneNumber(phoneNumber)}</strong>.
          It expires in {MOBILE_CODE_EXPIRES_MINUTES} minutes.
        </p>
        <div role="status" aria-atomic="true">
          {notice ? (
            <p className="mt-3 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">{notice}</p>
          ) : null}
        </div>
      </div>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <FormAlert message={formError} />
        <FormField
          id="mobile-code"
          label="Code from the text message"
          hint={`${MOBILE_CODE_LENGTH} digits. You have ${MOBILE_CODE_ATTEMPTS} tries per code.`}
          error={errors.code?.message}
        >
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={MOBILE_CODE_LENGTH + 2}
            className="max-w-48 font-mono tracking-[0.3em]"
            {...form.register('code')}
          />
        </FormField>
        <Button type="submit" size="lg" className="self-start" aria-disabled={verify.isPending || undefined}>
          {verify.isPending ? 'Checking the code…' : 'Verify'}
        </Button>
      </form>
      <div className="flex flex-col gap-3 border-t border-slate-200 pt-4">
        <p className="text-sm text-slate-600">No text after a minute, or the code stopped working?</p>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            // A waiting button shows its countdown, so it stays readable rather than faded.
            className="disabled:bg-slate-50 disabled:text-slate-700 disabled:opacity-100"
            onClick={onResend}
            disabled={waiting}
            aria-disabled={resend.isPending || undefined}
          >
            {resend.isPending
              ? 'Sending a new code…'
              : waiting
                ? `Send a new code in ${cooldownSeconds} s`
                : 'Send a new code'}
          </Button>
          <Button variant="ghost" onClick={onChangeNumber}>
            Change number
          </Button>
        </div>
      </div>
    </div>
  );
}
