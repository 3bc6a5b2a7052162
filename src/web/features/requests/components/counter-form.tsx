import { useId, useState } from 'react';
import { type Currency, formatMoney, parseMajorAmount } from '#shared/money.ts';
import type { PackageRequest } from '#shared/requests.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { errorMessage, fieldErrors } from '#web/lib/errors/describe-error.ts';
import { useSingleFlight } from '#web/lib/single-flight.ts';
import { showToast } from '#web/lib/toasts.ts';
import { useCounterRequest } from '../api/requests.ts';

/**
 * "Counter" (docs/product.md §4.5): another reward for the proposal on the table, in the package's
 * currency. The server checks the limits; its field error shows under the amount.
 */
export function CounterForm({ request, onDone }: { request: PackageRequest; onDone: () => void }) {
  const id = useId();
  const counter = useCounterRequest();
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const currency = request.package.currency as Currency;

  const submit = useSingleFlight(async () => {
    setFormError(null);
    const reward = parseMajorAmount(amount);
    if (reward === null || reward <= 0) {
      setFieldError('Enter an amount like 25 or 25.50');
      document.getElementById(`${id}-amount`)?.focus();
      return;
    }
    setFieldError(null);
    try {
      await counter.mutateAsync({ id: request.id, reward });
      showToast(`Counter-offer of ${formatMoney(reward, currency)} sent to ${request.counterpart.name}.`, 'success');
      onDone();
    } catch (err) {
      const fields = fieldErrors(err);
      if (fields.reward) setFieldError(fields.reward);
      else setFormError(errorMessage(err));
    }
  });

  return (
    <form
      noValidate
      aria-label="Counter-offer"
      className="flex flex-col gap-3 rounded-md border border-slate-200 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormField
        id={`${id}-amount`}
        label={`Your reward (${currency})`}
        hint={`On the table now: ${formatMoney(request.proposal.reward, currency)}.`}
        error={fieldError}
      >
        <Input
          value={amount}
          inputMode="decimal"
          autoComplete="off"
          className="sm:max-w-40"
          onChange={(event) => setAmount(event.target.value)}
        />
      </FormField>
      <div role="alert" aria-atomic="true">
        {formError ? (
          <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">{formError}</p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" aria-disabled={counter.isPending || undefined}>
          {counter.isPending ? 'Sending…' : 'Send counter-offer'}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
