import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatMoney } from '#shared/money.ts';
import { type AdminPayout, markPayoutSentSchema, PAYOUT_LIMITS } from '#shared/payouts.ts';
import { useMarkPayoutSent } from '#web/api/admin-payouts.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { describeError, fieldErrors } from '#web/lib/errors/describe-error.ts';
import { showToast } from '#web/lib/toasts.ts';

// Marking a payout sent (docs/product.md §8): for a bank payout the administrator has made the
// transfer and records its reference; for a Stripe account the server makes the transfer now, and
// Stripe's transfer id becomes the reference.

type MarkSentForm = { reference: string; note: string };

/**
 * The contract's rules, plus a reference for a bank payout: the server takes one without, but then
 * nothing ties the payout to the bank's transfer when a traveler asks where their money is.
 */
export function markSentFormSchema(method: AdminPayout['method']) {
  const reference = markPayoutSentSchema.shape.reference.unwrap();
  return z.object({
    reference: method === 'bank' ? reference.min(1, 'Enter the bank transfer’s reference') : z.string(),
    note: markPayoutSentSchema.shape.note.unwrap(),
  });
}

export function MarkPayoutSentDialog({ payout, onClose }: { payout: AdminPayout; onClose: () => void }) {
  const markSent = useMarkPayoutSent();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => markSentFormSchema(payout.method), [payout.method]);
  const form = useForm<MarkSentForm>({ resolver: zodResolver(schema), defaultValues: { reference: '', note: '' } });
  const { errors } = form.formState;
  const money = formatMoney(payout.amount, payout.currency);
  const toBank = payout.method === 'bank';
  const busy = markSent.isPending;

  const onSubmit = form.handleSubmit(async ({ reference, note }) => {
    if (busy) return;
    setFormError(null);
    try {
      await markSent.mutateAsync({
        payoutId: payout.id,
        body: { ...(toBank && reference ? { reference } : {}), ...(note ? { note } : {}) },
      });
      showToast(`Marked the payout of ${money} to ${payout.traveler.name} sent.`, 'success');
      onClose();
    } catch (err) {
      const fields = fieldErrors(err);
      if (fields.reference) form.setError('reference', { message: fields.reference }, { shouldFocus: true });
      else if (fields.note) form.setError('note', { message: fields.note }, { shouldFocus: true });
      else setFormError(describeError(err).message);
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
    >
      <DialogContent
        title="Mark the payout sent"
        description={
          toBank
            ? `${money} to ${payout.traveler.name}, bank account ending ${payout.bankLast4 ?? '····'}. Make the transfer first, then record its reference here. ${payout.traveler.name} is told it is on its way.`
            : `${money} to ${payout.traveler.name}'s Stripe account ${payout.stripeAccountId ?? ''}. Marking it sent makes the Stripe transfer now; its id becomes the reference. ${payout.traveler.name} is told it is on its way.`
        }
      >
        <form onSubmit={onSubmit} noValidate aria-label="Mark the payout sent" className="flex flex-col gap-4">
          {toBank ? (
            <FormField
              id="payout-reference"
              label="Transfer reference"
              required
              hint="As your bank shows it, so the transfer can be found again."
              error={errors.reference?.message}
            >
              <Input autoComplete="off" maxLength={PAYOUT_LIMITS.reference} {...form.register('reference')} />
            </FormField>
          ) : null}
          <FormField
            id="payout-note"
            label="Note"
            hint="Optional. Goes in the audit log with your name."
            error={errors.note?.message}
          >
            <Textarea rows={3} maxLength={PAYOUT_LIMITS.note} {...form.register('note')} />
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
            <Button type="submit" aria-disabled={busy || undefined}>
              {busy ? 'Marking sent…' : toBank ? 'Mark sent' : 'Transfer and mark sent'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
