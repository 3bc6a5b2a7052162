import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { CurrencyBalance } from '#shared/balances.ts';
import { type Currency, formatMoney } from '#shared/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { FormStatus } from '#web/components/ui/form-status.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/select.tsx';
import { useRequestPayout } from '../api/balance.ts';
import { describePayoutError, type PayoutFormField, payoutFieldErrors } from '../api/payout-errors.ts';
import { toMajorInput } from '../lib/amount.ts';
import { type PayoutFormValues, payoutFormSchema, toPayoutRequest } from '../lib/payout-form.ts';

const fieldOrder: PayoutFormField[] = ['currency', 'amount', 'accountHolder', 'iban'];

/**
 * Ask for a payout: an amount up to what is available, the account holder and the IBAN, checked with
 * the contract's own rules before sending; the server's field errors land on the same fields.
 */
export function PayoutForm({ balances }: { balances: CurrencyBalance[] }) {
  const prefix = useId();
  const id = (field: PayoutFormField) => `${prefix}-${field}`;
  const request = useRequestPayout();
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const available = useMemo(
    () => Object.fromEntries(balances.map((b) => [b.currency, b.available])) as Partial<Record<Currency, number>>,
    [balances],
  );
  const schema = useMemo(() => payoutFormSchema(available), [available]);
  const first = balances[0]?.currency ?? 'EUR';
  const defaultValues: PayoutFormValues = { currency: first, amount: '', accountHolder: '', iban: '' };
  const form = useForm<PayoutFormValues, unknown, ReturnType<typeof schema.parse>>({
    resolver: zodResolver(schema),
    defaultValues,
  });
  const { errors } = form.formState;
  const currency = form.watch('currency');
  const max = available[currency] ?? 0;

  const onSubmit = form.handleSubmit(async (values) => {
    if (request.isPending) return;
    setFormError(null);
    setSuccess(null);
    try {
      const payout = await request.mutateAsync(toPayoutRequest(values));
      form.reset({ ...defaultValues, currency: values.currency, accountHolder: values.accountHolder });
      setSuccess(
        `Payout of ${formatMoney(payout.amount, payout.currency)} requested to the account ending ${payout.bankLast4 ?? '····'}. An administrator sends it within a few working days.`,
      );
    } catch (err) {
      const fields = payoutFieldErrors(err);
      const blamed = fieldOrder.filter((field) => fields[field]);
      for (const field of blamed) form.setError(field, { type: 'server', message: fields[field] });
      if (blamed[0]) form.setFocus(blamed[0]);
      else setFormError(describePayoutError(err));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Request a payout" className="flex max-w-lg flex-col gap-4">
      <h3 className="text-base font-semibold text-slate-900">Request a payout</h3>
      {balances.length > 1 ? (
        <FormField id={id('currency')} label="Currency" error={errors.currency?.message}>
          <NativeSelect {...form.register('currency')}>
            {balances.map((b) => (
              <option key={b.currency} value={b.currency}>
                {b.currency} ({formatMoney(b.available, b.currency)} available)
              </option>
            ))}
          </NativeSelect>
        </FormField>
      ) : null}
      <FormField
        id={id('amount')}
        label={`Amount (${currency})`}
        required
        hint={`Up to ${formatMoney(max, currency)}.`}
        error={errors.amount?.message}
      >
        <Input inputMode="decimal" autoComplete="off" placeholder="0.00" {...form.register('amount')} />
      </FormField>
      <div>
        <Button
          variant="link"
          size="sm"
          className="h-auto px-0"
          onClick={() => form.setValue('amount', toMajorInput(max), { shouldValidate: true })}
        >
          Pay out all {formatMoney(max, currency)}
        </Button>
      </div>
      <FormField
        id={id('accountHolder')}
        label="Account holder"
        required
        hint="The name on the bank account."
        error={errors.accountHolder?.message}
      >
        <Input autoComplete="name" {...form.register('accountHolder')} />
      </FormField>
      <FormField
        id={id('iban')}
        label="IBAN"
        required
        hint="For example DE89 3704 0044 0532 0130 00. We keep it encrypted and show only its last 4 characters."
        error={errors.iban?.message}
      >
        <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} {...form.register('iban')} />
      </FormField>
      <FormStatus error={formError} success={success} />
      <div>
        <Button type="submit" aria-disabled={request.isPending || undefined}>
          {request.isPending ? 'Requesting…' : 'Request payout'}
        </Button>
      </div>
    </form>
  );
}
