import { Lock } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { CODE_LENGTH, CODE_LOCK_MINUTES, codeSchema, MAX_CODE_ATTEMPTS } from '#shared/lifecycle.ts';
import type { Package } from '#shared/packages.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { describeError } from '#web/lib/errors/describe-error.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { showToast } from '#web/lib/toasts.ts';
import { type CodeKind, useEnterCode } from '../api/lifecycle.ts';

const words: Record<CodeKind, { label: string; hint: string; submit: string; done: string }> = {
  pickup: {
    label: 'Pickup code',
    hint: 'The sender shows it to you when they hand you the package.',
    submit: 'Confirm pickup',
    done: 'Pickup confirmed: the package is in transit. Ask the recipient for the delivery code when you hand it over.',
  },
  delivery: {
    label: 'Delivery code',
    hint: 'The recipient gives it to you when you hand the package over.',
    submit: 'Confirm delivery code',
    done: 'Delivery recorded. The reward is yours once the sender confirms (or after a few days without a dispute).',
  },
};

/** Until when the step is locked, while it is (re-read each minute so the form comes back by itself). */
function useLockedUntil(iso: string | null | undefined): Date | null {
  const [now, setNow] = useState(() => Date.now());
  const until = iso ? new Date(iso) : null;
  const locked = until !== null && until.getTime() > now;
  useEffect(() => {
    if (!locked || !iso) return;
    const left = new Date(iso).getTime() - Date.now();
    const timer = setTimeout(() => setNow(Date.now()), Math.min(left + 500, 60_000));
    return () => clearTimeout(timer);
  }, [locked, iso]);
  return locked ? until : null;
}

/**
 * The traveler types the code due now: the sender's pickup code, then the recipient's delivery code.
 * Six digits, checked here first; a wrong one is refused by the server with the tries left, and the
 * fifth wrong one in a row locks the step for an hour, which the form then shows with its end time.
 */
export function CodeEntry({ pkg, kind }: { pkg: Package; kind: CodeKind }) {
  const id = useId();
  const enter = useEnterCode(pkg.id, kind);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const lockedUntil = useLockedUntil(pkg.codeLockedUntil);
  const w = words[kind];

  if (lockedUntil) {
    return (
      <div
        role="alert"
        className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-amber-900"
      >
        <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <p className="text-sm">
          After {MAX_CODE_ATTEMPTS} wrong codes in a row, entering the {w.label.toLowerCase()} is locked for{' '}
          {CODE_LOCK_MINUTES} minutes. Try again from{' '}
          <time dateTime={lockedUntil.toISOString()} className="font-semibold">
            {formatDateTime(lockedUntil.toISOString())}
          </time>
          , and check the code with the {kind === 'pickup' ? 'sender' : 'sender or the recipient'} meanwhile.
        </p>
      </div>
    );
  }

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (enter.isPending) return;
    setFormError(null);
    const parsed = codeSchema.safeParse({ code: code.replace(/\s/g, '') });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Enter the 6-digit code');
      document.getElementById(`${id}-code`)?.focus();
      return;
    }
    setFieldError(null);
    try {
      await enter.mutateAsync(parsed.data);
      setCode('');
      showToast(w.done, 'success');
    } catch (err) {
      // A wrong code names the tries left on the field; a lock says until when.
      const failure = describeError(err);
      if (failure.field === 'code') {
        setFieldError(failure.message);
        document.getElementById(`${id}-code`)?.focus();
      } else setFormError(failure.message);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Enter the ${w.label.toLowerCase()}`}
      className="flex flex-col gap-3"
    >
      <FormField id={`${id}-code`} label={w.label} hint={`${w.hint} ${CODE_LENGTH} digits.`} error={fieldError}>
        <Input
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/[^\d\s]/g, '').slice(0, CODE_LENGTH + 2))}
          inputMode="numeric"
          autoComplete="one-time-code"
          spellCheck={false}
          className="max-w-48 font-mono text-lg tracking-[0.3em]"
        />
      </FormField>
      <div role="alert" aria-atomic="true">
        {formError ? (
          <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">{formError}</p>
        ) : null}
      </div>
      <div>
        <Button type="submit" aria-disabled={enter.isPending || undefined}>
          {enter.isPending ? 'Checking…' : w.submit}
        </Button>
      </div>
    </form>
  );
}
