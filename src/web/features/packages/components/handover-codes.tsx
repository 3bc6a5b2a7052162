import { KeyRound, MessageSquareText } from 'lucide-react';
import { useState } from 'react';
import type { Package } from '#shared/packages.ts';
import { formatPhoneNumber } from '#shared/phone.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { errorMessage } from '#web/lib/errors/describe-error.ts';
import { usePackageCodes, useSendDeliveryCode } from '../api/lifecycle.ts';

function Code({ label, code, hint, name }: { label: string; code: string; hint: string; name: string }) {
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 p-4">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 font-mono text-3xl font-bold tracking-[0.3em] text-slate-900" data-code={name}>
        {code}
      </dd>
      <dd className="mt-1 text-sm text-slate-600">{hint}</dd>
    </div>
  );
}

/**
 * The sender's handover codes: the pickup code to show the traveler at the pickup (until then), the
 * delivery code for the recipient (until the delivery), and sending that one to the recipient by SMS.
 */
export function HandoverCodes({ pkg }: { pkg: Package }) {
  const codes = usePackageCodes(pkg.id, true);
  const sms = useSendDeliveryCode(pkg.id);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const recipient = pkg.recipientName ?? 'the recipient';

  if (codes.isPending) {
    return (
      <div className="flex flex-col gap-3">
        <Spinner label="Loading your handover codes" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (codes.isError) {
    return (
      <ErrorState title="We couldn't load your handover codes" headingLevel={3} onRetry={() => void codes.refetch()}>
        {errorMessage(codes.error)}
      </ErrorState>
    );
  }
  const { pickupCode, deliveryCode } = codes.data;
  const sendSms = async () => {
    if (sms.isPending) return;
    setError(null);
    setSent(null);
    try {
      await sms.mutateAsync();
      setSent(
        `Sent to ${recipient}${pkg.recipientPhone ? ` at ${formatPhoneNumber(pkg.recipientPhone)}` : ''}. They give it to the traveler at the delivery.`,
      );
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-3 sm:grid-cols-2">
        {pickupCode ? (
          <Code
            name="pickup"
            label="Pickup code"
            code={pickupCode}
            hint="Show it to the traveler when you hand the package over: typing it confirms the pickup."
          />
        ) : null}
        {deliveryCode ? (
          <Code
            name="delivery"
            label="Delivery code"
            code={deliveryCode}
            hint={`Give it to ${recipient}: the traveler types it when handing the package over.`}
          />
        ) : null}
      </dl>
      {!pickupCode && !deliveryCode ? (
        <p className="text-sm text-slate-700">
          <KeyRound aria-hidden="true" className="mr-1 inline size-4" />
          Both codes have been used: there is nothing left to hand over.
        </p>
      ) : null}
      {deliveryCode && pkg.actions.includes('send_delivery_code') ? (
        <div className="flex flex-col gap-2">
          <div>
            <Button variant="secondary" onClick={sendSms} aria-disabled={sms.isPending || undefined}>
              <MessageSquareText aria-hidden="true" className="size-4" />
              {sms.isPending ? 'Sending…' : 'Send the delivery code to the recipient by SMS'}
            </Button>
          </div>
          <div role="status" aria-atomic="true">
            {sent ? <p className="text-sm text-green-800">{sent}</p> : null}
          </div>
          <div role="alert" aria-atomic="true">
            {error ? (
              <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">{error}</p>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
