import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { AdminDispute } from '#shared/admin-packages.ts';
import { type ResolveDispute, resolveDisputeSchema } from '#shared/lifecycle.ts';
import { type Currency, formatMoney } from '#shared/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '#web/components/ui/dialog.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage, fieldErrors } from '#web/lib/errors/describe-error.ts';
import { showToast } from '#web/lib/toasts.ts';
import { useResolveDispute } from '../../api/package-actions.ts';
import { parseAmount } from '../../lib/age.ts';

const choices = [
  { value: 'refund_full', label: 'Refund the sender fully' },
  { value: 'refund_part', label: 'Refund the sender partly' },
  { value: 'release', label: 'Release to the traveler' },
] as const;
type Choice = (typeof choices)[number]['value'];

/** The form's fields: the choice, the amount as typed, and the contract's note. */
const formSchema = (held: number) =>
  z
    .object({
      choice: z.enum(['refund_full', 'refund_part', 'release'], 'Choose how to resolve it'),
      amount: z.string(),
      note: resolveDisputeSchema.shape.note,
    })
    .superRefine((v, ctx) => {
      if (v.choice !== 'refund_part') return;
      const minor = parseAmount(v.amount);
      if (minor === null || minor < 1) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter an amount such as 12.50' });
      } else if (minor >= held) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Less than what is held; or refund fully' });
      }
    });
type FormValues = z.infer<ReturnType<typeof formSchema>>;

function toResolution(v: FormValues): ResolveDispute {
  if (v.choice === 'release') return { resolution: 'release_traveler', note: v.note };
  const amount = v.choice === 'refund_part' ? parseAmount(v.amount) : null;
  return { resolution: 'refund_sender', note: v.note, ...(amount === null ? {} : { amount }) };
}

/** What the resolution will do, for the confirmation (docs/product.md §2.5). */
function outcomeWords(r: ResolveDispute, dispute: AdminDispute, fee: number): string {
  const money = (n: number) => formatMoney(n, dispute.currency as Currency);
  if (r.resolution === 'release_traveler') {
    return 'The package is completed and the reward is released to the traveler; the platform keeps its fee.';
  }
  if (r.amount === undefined || r.amount >= dispute.held) {
    return `The package is refunded: the sender gets ${money(dispute.held)} back.`;
  }
  const rest = dispute.held - r.amount;
  const kept = Math.min(fee, rest);
  return `The sender gets ${money(r.amount)} back, the platform keeps ${money(kept)} of its fee and the traveler receives ${money(rest - kept)}.`;
}

/**
 * Resolving an open dispute: refund the sender fully or partly, or release to the traveler, with a
 * note both parties receive; a dialog confirms what will happen before anything is sent.
 */
export function ResolveDisputeForm({
  packageId,
  dispute,
  fee,
}: {
  packageId: string;
  dispute: AdminDispute;
  fee: number;
}) {
  const id = useId();
  const resolve = useResolveDispute(packageId);
  const [pending, setPending] = useState<ResolveDispute | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema(dispute.held)),
    defaultValues: { choice: undefined as unknown as Choice, amount: '', note: '' },
  });
  const choice = form.watch('choice');
  const { errors } = form.formState;

  const review = form.handleSubmit((values) => {
    setFormError(null);
    setPending(toResolution(values));
  });

  const confirm = async () => {
    if (!pending || resolve.isPending) return;
    try {
      await resolve.mutateAsync(pending);
      setPending(null);
      showToast('Dispute resolved. Both parties have been told.', 'success');
    } catch (err) {
      setPending(null);
      const fields = fieldErrors(err);
      if (fields.note) form.setError('note', { message: fields.note });
      if (fields.amount) form.setError('amount', { message: fields.amount });
      if (!fields.note && !fields.amount) setFormError(errorMessage(err));
    }
  };

  return (
    <>
      <form onSubmit={review} noValidate aria-label="Resolve the dispute" className="flex flex-col gap-4">
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={errors.choice ? `${id}-choice-error` : undefined}
          aria-invalid={errors.choice ? true : undefined}
        >
          <legend className="mb-1 text-sm font-medium text-slate-900">
            Decision <span className="font-normal text-slate-600">(required)</span>
          </legend>
          {choices.map((c) => (
            <label key={c.value} className="flex items-center gap-2 text-sm text-slate-900">
              <input type="radio" value={c.value} className="size-4" {...form.register('choice')} />
              {c.label}
            </label>
          ))}
          {errors.choice ? (
            <p id={`${id}-choice-error`} className="text-sm font-medium text-red-700">
              {errors.choice.message}
            </p>
          ) : null}
        </fieldset>
        {choice === 'refund_part' ? (
          <FormField
            id={`${id}-amount`}
            label={`Amount to refund (${dispute.currency})`}
            required
            hint={`Less than the ${formatMoney(dispute.held, dispute.currency as Currency)} held; the platform keeps its fee out of the rest and the traveler gets what remains.`}
            error={errors.amount?.message}
          >
            <Input inputMode="decimal" autoComplete="off" {...form.register('amount')} />
          </FormField>
        ) : null}
        <FormField
          id={`${id}-note`}
          label="Note to both parties"
          required
          hint="Sent to the sender and the traveler, and kept in the audit log."
          error={errors.note?.message}
        >
          <Textarea rows={3} {...form.register('note')} />
        </FormField>
        <FormAlert message={formError} />
        <div>
          <Button type="submit">Resolve the dispute…</Button>
        </div>
      </form>
      <Dialog
        open={pending !== null}
        onOpenChange={(next) => {
          if (!next && !resolve.isPending) setPending(null);
        }}
      >
        <DialogContent
          title="Resolve this dispute?"
          description={pending ? outcomeWords(pending, dispute, fee) : undefined}
        >
          <p className="text-sm text-slate-700">This cannot be undone.</p>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">Go back</Button>
            </DialogClose>
            <Button variant="destructive" onClick={confirm} aria-disabled={resolve.isPending || undefined}>
              {resolve.isPending ? 'Resolving…' : 'Resolve'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
