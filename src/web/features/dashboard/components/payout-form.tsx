import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { CurrencyBalance } from '#shared/balances.ts';
import { type Currency, formatMoney } from '#shared/money.ts';
import { type Payout, type PayoutMethod, payoutMethodLabel, payoutMethods } from '#shared/payouts.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { FormStatus } from '#web/components/ui/form-status.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { NativeSelect } from '#web/components/ui/select.tsx';
import { useAppMeta } from '#web/lib/app-meta.ts';
import { cn } from '#web/lib/cn.ts';
import { describeError, fieldErrors } from '#web/lib/errors/describe-error.ts';
import { useRequestPayout } from '../api/balances.ts';
import { toMajorInput } from '../lib/amount.ts';
import { type PayoutFormValues, payoutFormSchema, toPayoutRequest } from '../lib/payout-form.ts';

type PayoutFormField = 'amount' | 'currency' | 'method' | 'accountHolder' | 'iban' | 'stripeAccountId';

// The server names fields by the request's shape ("bankDetails.iban"); the form's fields are flat.
const formField: Record<string, PayoutFormField> = {
  amount: 'amount',
  currency: 'currency',
  method: 'method',
  'bankDetails.accountHolder': 'accountHolder',
  'bankDetails.iban': 'iban',
  stripeAccountId: 'stripeAccountId',
};

/** Form field → first message: the contract's field errors, and a refusal worded beside a field (the balance). */
function payoutFieldErrors(err: unknown): Partial<Record<PayoutFormField, string>> {
  const out: Partial<Record<PayoutFormField, string>> = {};
  const view = describeError(err);
  const blamed = view.field ? { ...fieldErrors(err), [view.field]: view.message } : fieldErrors(err);
  for (const [path, message] of Object.entries(blamed)) {
    const field = formField[path];
    if (field && !out[field]) out[field] = message;
  }
  return out;
}

const fieldOrder: PayoutFormField[] = ['currency', 'amount', 'method', 'accountHolder', 'iban', 'stripeAccountId'];

const methodHint: Record<PayoutMethod, string> = {
  bank: 'To an IBAN, sent by an administrator.',
  stripe_connect: 'To your Stripe account, transferred by Stripe.',
};

function requestedTo(payout: Payout): string {
  return payout.method === 'stripe_connect'
    ? `your Stripe account ${payout.stripeAccountId ?? ''}`
    : `the account ending ${payout.bankLast4 ?? '····'}`;
}

/**
 * Ask for a payout: an amount up to what is available, and where it goes: the account holder and the
 * IBAN, or, where the server has Stripe (its /api/meta says so), a Stripe account id. Checked with the
 * contract's own rules before sending; the server's field errors land on the same fields.
 */
export function PayoutForm({ balances }: { balances: CurrencyBalance[] }) {
  const prefix = useId();
  const id = (field: PayoutFormField) => `${prefix}-${field}`;
  const request = useRequestPayout();
  const meta = useAppMeta();
  const offered = payoutMethods.filter((m) => m === 'bank' || meta.data?.payoutMethods.includes(m));
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const available = useMemo(
    () => Object.fromEntries(balances.map((b) => [b.currency, b.available])) as Partial<Record<Currency, number>>,
    [balances],
  );
  const schema = useMemo(() => payoutFormSchema(available), [available]);
  const first = balances[0]?.currency ?? 'EUR';
  const defaultValues: PayoutFormValues = {
    currency: first,
    amount: '',
    method: 'bank',
    accountHolder: '',
    iban: '',
    stripeAccountId: '',
  };
  const form = useForm<PayoutFormValues, unknown, ReturnType<typeof schema.parse>>({
    resolver: zodResolver(schema),
    defaultValues,
  });
  const { errors } = form.formState;
  const chosen = form.watch('currency');
  const method = form.watch('method');
  // A payout of all of one currency takes it off the list: the form shows one still available rather
  // than "up to 0" of the one just paid out, whichever lands first, the refetched balances or the
  // form's reset after the request; the effect then makes it the form's value too.
  const currency = available[chosen] === undefined ? first : chosen;
  const max = available[currency] ?? 0;
  useEffect(() => {
    if (chosen !== currency) form.setValue('currency', currency);
  }, [chosen, currency, form]);
  const methodErrorId = `${id('method')}-error`;

  const onSubmit = form.handleSubmit(async (values) => {
    if (request.isPending) return;
    setFormError(null);
    setSuccess(null);
    try {
      const payout = await request.mutateAsync(toPayoutRequest(values));
      form.reset({
        ...defaultValues,
        currency: values.currency,
        method: values.method,
        accountHolder: values.accountHolder,
        stripeAccountId: values.stripeAccountId,
      });
      setSuccess(
        `Payout of ${formatMoney(payout.amount, payout.currency)} requested to ${requestedTo(payout)}. An administrator sends it within a few working days.`,
      );
    } catch (err) {
      const fields = payoutFieldErrors(err);
      // The method's own error shows on its choice; without a choice on screen it is the form's.
      const blamed = fieldOrder.filter((field) => fields[field] && (field !== 'method' || offered.length > 1));
      for (const field of blamed) form.setError(field, { type: 'server', message: fields[field] });
      if (blamed[0]) form.setFocus(blamed[0]);
      else setFormError(describeError(err).message);
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
      {offered.length > 1 ? (
        <fieldset aria-describedby={errors.method ? methodErrorId : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-900">Pay out to</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {offered.map((m) => (
              <label
                key={m}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-md border border-slate-300 bg-white p-3 hover:border-slate-400 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700',
                  errors.method && 'border-red-700',
                )}
              >
                <input
                  type="radio"
                  value={m}
                  className="mt-0.5 size-4 accent-brand-700"
                  aria-invalid={errors.method ? true : undefined}
                  {...form.register('method')}
                />
                <span className="flex min-w-0 flex-col">
                  <span className="font-medium text-slate-900">{payoutMethodLabel[m]}</span>
                  <span className="text-sm text-slate-600">{methodHint[m]}</span>
                </span>
              </label>
            ))}
          </div>
          {errors.method ? (
            <p id={methodErrorId} className="mt-1.5 text-sm font-medium text-red-700">
              {errors.method.message}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {method === 'stripe_connect' ? (
        <FormField
          id={id('stripeAccountId')}
          label="Stripe account id"
          required
          hint="The account you connected to Tagalong on Stripe. It starts with acct_, e.g. acct_1032D82eZvKYlo2C."
          error={errors.stripeAccountId?.message}
        >
          <Input
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="acct_…"
            {...form.register('stripeAccountId')}
          />
        </FormField>
      ) : (
        <>
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
        </>
      )}
      <FormStatus error={formError} success={success} />
      <div>
        <Button type="submit" aria-disabled={request.isPending || undefined}>
          {request.isPending ? 'Requesting…' : 'Request payout'}
        </Button>
      </div>
    </form>
  );
}
