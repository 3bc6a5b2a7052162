import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type AdminKycDecision, adminKycDecisionSchema } from '#shared/kyc.ts';
import { adminUserQueries, useKycDecision } from '#web/api/admin-users.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { NativeSelect } from '#web/components/ui/select.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { errorMessage, fieldErrors } from '#web/lib/errors/describe-error.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { showToast } from '#web/lib/toasts.ts';
import { kycStatusLabel, kycStatusVariant } from './member-badges.tsx';
import { RecordSection } from './record-section.tsx';

/**
 * The member's identity check as the kyc module's admin API gives it: status, every change (by the
 * provider or an admin, with the note), and the override (docs/product.md §6, §8).
 */
export function KycSection({ userId, canDecide }: { userId: string; canDecide: boolean }) {
  const kyc = useQuery(adminUserQueries.kyc(userId));
  return (
    <RecordSection title="Identity check">
      {kyc.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : kyc.isError ? (
        <ErrorState title="Couldn't load the identity check" headingLevel={3} onRetry={() => void kyc.refetch()}>
          {errorMessage(kyc.error)}
        </ErrorState>
      ) : (
        <div className="flex flex-col gap-4">
          <p>
            Status: <Badge variant={kycStatusVariant[kyc.data.status]}>{kycStatusLabel[kyc.data.status]}</Badge>
            {kyc.data.reasons.length > 0 ? (
              <span className="ml-2 text-slate-600">({kyc.data.reasons.join('; ')})</span>
            ) : null}
          </p>
          {kyc.data.events.length === 0 ? (
            <p className="text-slate-600">No identity check has been started.</p>
          ) : (
            <ol className="flex flex-col gap-2" aria-label="Identity check history">
              {kyc.data.events.map((event) => (
                <li key={event.id} className="rounded-md border border-slate-200 p-3 text-sm">
                  <span className="font-medium">
                    {kycStatusLabel[event.fromStatus]} → {kycStatusLabel[event.toStatus]}
                  </span>{' '}
                  by{' '}
                  {event.source === 'admin'
                    ? (event.actor?.name ?? 'an administrator')
                    : (event.provider ?? 'the provider')}
                  , <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
                  {event.note ? <p className="mt-1 text-slate-700">{event.note}</p> : null}
                </li>
              ))}
            </ol>
          )}
          {canDecide ? <KycOverride userId={userId} /> : null}
        </div>
      )}
    </RecordSection>
  );
}

function KycOverride({ userId }: { userId: string }) {
  const decide = useKycDecision(userId);
  const id = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AdminKycDecision>({
    resolver: zodResolver(adminKycDecisionSchema),
    defaultValues: { decision: 'approve', note: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    setFormError(null);
    try {
      await decide.mutateAsync(input);
      showToast(input.decision === 'approve' ? 'Identity check approved' : 'Identity check declined', 'success');
      form.reset();
    } catch (err) {
      const fields = fieldErrors(err);
      if (fields.note) form.setError('note', { message: fields.note });
      else setFormError(errorMessage(err));
    }
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 border-t border-slate-200 pt-4"
      aria-label="Override the identity check"
    >
      <h3 className="font-semibold">Override</h3>
      <FormAlert message={formError} />
      <FormField id={`${id}-decision`} label="Decision">
        <NativeSelect {...form.register('decision')}>
          <option value="approve">Approve</option>
          <option value="decline">Decline</option>
        </NativeSelect>
      </FormField>
      <FormField
        id={`${id}-note`}
        label="Note"
        required
        hint="Kept in the audit log; a decline's note is sent to the member."
        error={errors.note?.message}
      >
        <Textarea rows={2} {...form.register('note')} />
      </FormField>
      <div>
        <Button type="submit" variant="secondary" aria-disabled={isSubmitting || undefined}>
          {isSubmitting ? 'Saving…' : 'Save decision'}
        </Button>
      </div>
    </form>
  );
}
