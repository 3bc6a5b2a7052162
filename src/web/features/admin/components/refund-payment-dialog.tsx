import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type AdminPayment, adminRefundSchema, refundStage } from '#shared/admin-money.ts';
import { type Currency, formatMoney } from '#shared/money.ts';
import { useRefundPayment } from '#web/api/admin-payments.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { describeError, fieldErrors } from '#web/lib/errors/describe-error.ts';
import { showToast } from '#web/lib/toasts.ts';
import { parseMajorAmount } from '../lib/amounts.ts';

// An admin's refund of a payment (docs/product.md §5.5): all of what escrow holds, or part of it typed
// in major units, with a reason for the audit log. Before pickup a full refund also cancels the
// package, which the dialog says before anyone confirms; after pickup refunds go through a dispute.

type RefundForm = { kind: 'full' | 'partial'; amount: string; note: string };

/** The form's values checked with the contract's rules, the amount in minor units and bounded by what is left. */
export function refundFormSchema(refundable: number, currency: Currency) {
  return z
    .object({ kind: z.enum(['full', 'partial']), amount: z.string(), note: adminRefundSchema.shape.note })
    .transform((values, ctx) => {
      const amount = values.kind === 'full' ? refundable : parseMajorAmount(values.amount);
      const problem =
        amount === null
          ? 'Enter an amount such as 12.50'
          : amount > refundable
            ? `At most ${formatMoney(refundable, currency)} can be refunded`
            : adminRefundSchema.shape.amount.safeParse(amount).error?.issues[0]?.message;
      if (problem || amount === null) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: problem ?? 'Enter an amount' });
        return z.NEVER;
      }
      return { amount, note: values.note };
    });
}

export function RefundPaymentDialog({ payment, onClose }: { payment: AdminPayment; onClose: () => void }) {
  const refund = useRefundPayment();
  // One id per opening of the form: a double click or a retry after a lost answer is one refund.
  const [requestId] = useState(() => crypto.randomUUID());
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(
    () => refundFormSchema(payment.refundable, payment.currency),
    [payment.refundable, payment.currency],
  );
  const form = useForm<RefundForm, unknown, { amount: number; note: string }>({
    resolver: zodResolver(schema),
    defaultValues: { kind: 'full', amount: '', note: '' },
  });
  const { errors } = form.formState;
  const kind = form.watch('kind');
  const typed = parseMajorAmount(form.watch('amount'));
  const stage = refundStage(payment.packageStatus);
  const money = (amount: number) => formatMoney(amount, payment.currency);
  const takesAll = kind === 'full' || typed === payment.held;
  const cancels = stage === 'before_pickup' && takesAll;

  const onSubmit = form.handleSubmit(async (values) => {
    if (refund.isPending) return;
    setFormError(null);
    try {
      const done = await refund.mutateAsync({ paymentId: payment.id, body: { ...values, requestId } });
      showToast(
        done.packageStatus === 'cancelled' && payment.packageStatus !== 'cancelled'
          ? `Refunded ${money(values.amount)}. The package is cancelled.`
          : `Refunded ${money(values.amount)}.`,
        'success',
      );
      onClose();
    } catch (err) {
      const fields = fieldErrors(err);
      if (fields.amount) form.setError('amount', { message: fields.amount }, { shouldFocus: true });
      else if (fields.note) form.setError('note', { message: fields.note }, { shouldFocus: true });
      else setFormError(describeError(err).message);
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !refund.isPending) onClose();
      }}
    >
      <DialogContent
        title={`Refund ${payment.packageTitle}`}
        description={`Paid ${money(payment.amount)}, refunded ${money(payment.refundedAmount)}, ${money(payment.refundable)} can still go back to ${payment.sender.name}.`}
      >
        {stage === 'after_pickup' ? (
          <>
            <p role="note" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
              This package has been picked up. After pickup, refunds go through a dispute: resolve one for the sender
              from the package's page.
            </p>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="secondary">Close</Button>
              </DialogClose>
              <Button variant="destructive" disabled>
                Refund
              </Button>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={onSubmit} noValidate aria-label="Refund the payment" className="flex flex-col gap-4">
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium text-slate-900">How much</legend>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" value="full" {...form.register('kind')} className="size-4 accent-brand-700" />
                Everything left: {money(payment.refundable)}
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" value="partial" {...form.register('kind')} className="size-4 accent-brand-700" />
                Part of it
              </label>
            </fieldset>
            {kind === 'partial' ? (
              <FormField
                id="refund-amount"
                label={`Amount (${payment.currency})`}
                required
                hint={`Up to ${money(payment.refundable)}, e.g. 12.50`}
                error={errors.amount?.message}
              >
                <Input inputMode="decimal" autoComplete="off" {...form.register('amount')} />
              </FormField>
            ) : errors.amount ? (
              <p className="text-sm font-medium text-red-700">{errors.amount.message}</p>
            ) : null}
            {cancels ? (
              <p role="note" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
                This takes everything held for the package, so it also cancels "{payment.packageTitle}": its pending
                requests close, and a matched traveler is told and gets their trip's room back.
              </p>
            ) : null}
            <FormField
              id="refund-note"
              label="Reason"
              required
              hint="Goes in the audit log with your name."
              error={errors.note?.message}
            >
              <Textarea rows={3} {...form.register('note')} />
            </FormField>
            <div role="alert" aria-atomic="true">
              {formError ? (
                <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">{formError}</p>
              ) : null}
            </div>
            <DialogFooter className="mt-0">
              <DialogClose asChild>
                <Button variant="secondary">Not now</Button>
              </DialogClose>
              <Button type="submit" variant="destructive" aria-disabled={refund.isPending || undefined}>
                {refund.isPending ? 'Refunding…' : cancels ? 'Refund and cancel' : 'Refund'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
