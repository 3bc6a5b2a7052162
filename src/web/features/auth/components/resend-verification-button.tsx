import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { errorStatus } from '#web/lib/errors/describe-error.ts';
import { describeAccountFailure } from '../api/account-failure.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import { useCooldown } from '../hooks/use-cooldown.ts';

/** Matches the server's limit on /send-verification-email closely enough that a click is rarely refused. */
export const RESEND_COOLDOWN_SECONDS = 60;

interface Props {
  email: string;
  callbackURL: string;
  /** Seconds to wait before the first resend (an e-mail was just sent). */
  initialCooldown?: number;
}

/** Resends the verification e-mail, then waits a minute before it may again; says what happened. */
export function ResendVerificationButton({ email, callbackURL, initialCooldown = RESEND_COOLDOWN_SECONDS }: Props) {
  const resend = useResendVerification();
  const cooldown = useCooldown(initialCooldown);
  const [status, setStatus] = useState<{ ok: boolean; message: string } | null>(null);
  const waiting = cooldown.secondsLeft > 0;

  const onClick = async () => {
    if (resend.isPending || waiting) return;
    setStatus(null);
    try {
      await resend.mutateAsync({ email, callbackURL });
      setStatus({ ok: true, message: `We've sent a new e-mail to ${email}.` });
      cooldown.start(RESEND_COOLDOWN_SECONDS);
    } catch (err) {
      const view = describeAccountFailure(err);
      setStatus({ ok: false, message: view.message });
      if (errorStatus(err) === 429) cooldown.start(RESEND_COOLDOWN_SECONDS);
    }
  };

  // Focusable while it cannot be used (aria-disabled), so the countdown stays reachable by keyboard.
  return (
    <div className="flex flex-col gap-2">
      <Button variant="secondary" onClick={onClick} aria-disabled={resend.isPending || waiting || undefined}>
        {resend.isPending
          ? 'Sending…'
          : waiting
            ? `Resend the e-mail (in ${cooldown.secondsLeft} s)`
            : 'Resend the e-mail'}
      </Button>
      <p role="status" className={status?.ok === false ? 'text-sm text-red-800' : 'text-sm text-slate-700'}>
        {status?.message ?? ''}
      </p>
    </div>
  );
}
