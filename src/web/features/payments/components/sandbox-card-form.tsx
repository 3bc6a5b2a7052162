import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { formatMoney } from '#shared/money.ts';
import { type SandboxCheckout, sandboxCardSchema } from '#shared/payments.ts';
import { safeRedirectTarget } from '#shared/routes.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { describeError, fieldErrors } from '#web/lib/errors/describe-error.ts';
import type { ErrorView } from '#web/lib/errors/types.ts';
import { useSandboxCancel, useSandboxPay } from '../api/sandbox-checkout.ts';
import { paymentFailureMessage } from './payment-failure-note.tsx';

const cardFields = ['cardNumber', 'expiry', 'cvc', 'name'] as const;

/**
 * The test card form of the sandbox checkout, checked with the API's own schema. Its answer has
 * already reached our webhook when it comes back; the page then goes where the provider sends it.
 */
export function SandboxCardForm({ checkout, onClosed }: { checkout: SandboxCheckout; onClosed: () => void }) {
  const navigate = useNavigate();
  const pay = useSandboxPay(checkout.ref);
  const cancel = useSandboxCancel(checkout.ref);
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const form = useForm({
    resolver: zodResolver(sandboxCardSchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '', name: '' },
  });
  const { errors } = form.formState;
  const busy = pay.isPending || pay.isSuccess || cancel.isPending || cancel.isSuccess;
  const returnPage = `/user/packages/${checkout.packageId}/payment/callback`;
  const leave = (redirectTo: string, fallback: string) => navigate(safeRedirectTarget(redirectTo) ?? fallback);

  const onFailure = (err: unknown) => {
    const described = describeError(err);
    if (described.code === 'CHECKOUT_CLOSED') onClosed();
    setFailure(described);
  };

  const onSubmit = form.handleSubmit(async (card) => {
    if (busy) return;
    setFailure(null);
    try {
      const result = await pay.mutateAsync(card);
      leave(result.redirectTo, returnPage);
    } catch (err) {
      const fields = fieldErrors(err);
      const named = cardFields.filter((field) => fields[field]);
      for (const field of named) form.setError(field, { type: 'server', message: fields[field] });
      if (named[0]) form.setFocus(named[0]);
      else onFailure(err);
    }
  });

  const onCancel = async () => {
    if (busy) return;
    setFailure(null);
    try {
      const result = await cancel.mutateAsync();
      leave(result.redirectTo, `${returnPage}?cancelled=1`);
    } catch (err) {
      onFailure(err);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Card details" className="flex flex-col gap-4">
      <FormField id="card-number" label="Card number" required error={errors.cardNumber?.message}>
        <Input
          {...form.register('cardNumber')}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          maxLength={23}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="card-expiry" label="Expiry (MM/YY)" required error={errors.expiry?.message}>
          <Input
            {...form.register('expiry')}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="12/34"
            maxLength={7}
          />
        </FormField>
        <FormField id="card-cvc" label="CVC" required error={errors.cvc?.message}>
          <Input {...form.register('cvc')} inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={4} />
        </FormField>
      </div>
      <FormField id="card-name" label="Name on card" required error={errors.name?.message}>
        <Input {...form.register('name')} autoComplete="cc-name" maxLength={100} />
      </FormField>
      <div role="alert" aria-atomic="true">
        {failure ? (
          <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-900">
            {paymentFailureMessage(failure)}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Button type="submit" size="lg" aria-disabled={busy || undefined} className={busy ? 'opacity-70' : undefined}>
          {pay.isPending || pay.isSuccess ? 'Paying…' : `Pay ${formatMoney(checkout.amount, checkout.currency)}`}
        </Button>
        <Link
          to={`${returnPage}?cancelled=1`}
          onClick={(event) => {
            // The checkout is closed first, so the return page finds it cancelled rather than still waiting.
            event.preventDefault();
            void onCancel();
          }}
          className="text-center text-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
        >
          {cancel.isPending ? 'Cancelling…' : 'Cancel and go back'}
        </Link>
      </div>
    </form>
  );
}
