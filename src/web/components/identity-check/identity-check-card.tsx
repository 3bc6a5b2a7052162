import { ShieldCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { Me } from '#shared/auth.ts';
import { safeRedirectTarget } from '#shared/routes.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { errorMessage } from '#web/lib/errors/describe-error.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { useKycState, useStartKyc } from './queries.ts';

/**
 * The last onboarding step (docs/product.md §1, §6): says what is checked and why, starts the check with
 * the provider, and shows where it stands. The page the member was after (`?redirect=`) travels
 * with the attempt, so the return page can send them on.
 */
export function IdentityCheckCard({ me }: { me: Me }) {
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const card = useRef<HTMLDivElement>(null);
  // Onboarding's next step links here (`#identity-check`): a client-side navigation does not scroll
  // to a fragment by itself.
  useEffect(() => {
    if (hash === '#identity-check') card.current?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
  const returnTo = safeRedirectTarget(params.get('redirect'));
  const state = useKycState();
  const start = useStartKyc();
  const startError = start.isError ? errorMessage(start.error) : null;

  let body: React.ReactNode;
  if (!me.phoneNumberVerified) {
    body = <p className="text-sm text-slate-700">Confirm your mobile number first; the identity check comes next.</p>;
  } else if (state.isPending) {
    body = (
      <div className="flex flex-col gap-2" role="status" aria-label="Loading your identity check">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-9 w-48" />
      </div>
    );
  } else if (state.isError) {
    body = (
      <div role="alert" className="text-sm text-red-800">
        We couldn't load your identity check.{' '}
        <Button variant="link" className="h-auto p-0" onClick={() => void state.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else {
    const { status, reasons, startableAt } = state.data;
    // The KYC rules (attempts in 30 days, a wait after a decline) may hold the next start back.
    const startButton = (label: string) =>
      startableAt ? (
        <p className="text-sm text-slate-700" data-testid="identity-check-hold">
          You can start another check from {formatDateTime(startableAt)}.{' '}
          <Link className="font-medium text-brand-700 underline" to="/need-help">
            Write to our team
          </Link>{' '}
          if you need it sooner.
        </p>
      ) : (
        <Button onClick={() => start.mutate({ returnTo })} disabled={start.isPending || start.isSuccess}>
          {start.isPending || start.isSuccess ? 'Opening the check…' : label}
        </Button>
      );
    body = (
      <div className="flex flex-col gap-3" data-testid="identity-check" data-status={status}>
        {status === 'approved' ? (
          <p className="text-sm text-green-800">Approved. Your identity is confirmed.</p>
        ) : status === 'pending' ? (
          <>
            <p className="text-sm text-slate-700">
              In review. We tell you as soon as the result arrives.{' '}
              <Link className="font-medium text-brand-700 underline" to="/kyc/kycaid-callback">
                See its status
              </Link>
            </p>
            <div>{startButton('Start again')}</div>
          </>
        ) : status === 'declined' ? (
          <>
            <div className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
              <p className="font-medium">Your last check was declined.</p>
              {reasons.length > 0 ? (
                <ul className="mt-1 list-disc pl-5">
                  {reasons.map((r) => (
                    <li key={r}>{r}</li>
                  ))}
                </ul>
              ) : null}
            </div>
            <div>{startButton('Try again')}</div>
          </>
        ) : (
          <div>{startButton('Start identity check')}</div>
        )}
        <div role="alert" aria-atomic="true">
          {startError ? <p className="text-sm font-medium text-red-700">{startError}</p> : null}
        </div>
      </div>
    );
  }

  return (
    <Card ref={card} role="region" aria-labelledby="identity-check-title" id="identity-check">
      <CardHeader>
        <CardTitle id="identity-check-title" className="flex items-center gap-2">
          <ShieldCheck aria-hidden="true" className="size-5 text-brand-700" />
          Identity check
        </CardTitle>
        <CardDescription>
          Members hand each other real parcels and real money, so before you publish or carry a package our verification
          partner checks a photo of your passport, ID card or driving licence against a selfie. It takes a few minutes.
          We keep only the result and the partner's reference, never the documents.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
