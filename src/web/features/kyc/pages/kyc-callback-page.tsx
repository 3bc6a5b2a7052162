import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX, Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { KycState } from '#shared/kyc.ts';
import { useKycLiveUpdates, useKycState, useStartKyc } from '#web/components/identity-check/queries.ts';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { errorMessage } from '#web/lib/errors/describe-error.ts';
import { refreshSessionEverywhere } from '#web/lib/session.ts';

const POLL_MS = 2000;

/** Waiting for a result: the member's status is in review, or they are back before the provider's first word. */
const isChecking = (s: KycState) =>
  s.status === 'pending' ||
  (s.status !== 'approved' && s.attempt?.status === 'started') ||
  (s.status !== 'approved' && s.attempt?.status === 'pending');

function Checking({ state }: { state: KycState }) {
  const start = useStartKyc();
  const notStarted = state.attempt?.status === 'started';
  return (
    <section
      aria-labelledby="kyc-checking"
      className="rounded-lg border border-slate-200 bg-white p-8 text-center"
      data-testid="kyc-result"
      data-result="checking"
    >
      <Loader2 aria-hidden="true" className="mx-auto size-10 animate-spin text-brand-700" />
      <h2 id="kyc-checking" className="mt-3 text-lg font-semibold text-slate-900">
        Checking your identity…
      </h2>
      <p role="status" className="mx-auto mt-2 max-w-prose text-slate-600">
        Our verification partner is reviewing your documents. This page updates by itself as soon as the result arrives;
        you can also leave and come back.
      </p>
      {notStarted ? (
        <div className="mt-4 flex flex-col items-center gap-2 text-sm text-slate-600">
          <p>Left the form before finishing it?</p>
          <Button
            variant="secondary"
            onClick={() => start.mutate({ returnTo: state.returnTo })}
            disabled={start.isPending}
          >
            Start the check again
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function Verified({ state }: { state: KycState }) {
  const target = state.returnTo ?? '/user/dashboard';
  return (
    <section
      aria-labelledby="kyc-verified"
      className="rounded-lg border border-green-200 bg-green-50 p-8 text-center"
      data-testid="kyc-result"
      data-result="verified"
    >
      <CircleCheck aria-hidden="true" className="mx-auto size-10 text-green-700" />
      <h2 id="kyc-verified" className="mt-3 text-lg font-semibold text-green-900">
        You're verified
      </h2>
      <p className="mx-auto mt-2 max-w-prose text-green-900">
        Your identity is confirmed. You can now publish packages and offer to carry them.
      </p>
      <Button asChild className="mt-4">
        <Link to={target}>Continue</Link>
      </Button>
    </section>
  );
}

function Declined({ state }: { state: KycState }) {
  const start = useStartKyc();
  return (
    <section
      aria-labelledby="kyc-declined"
      className="rounded-lg border border-red-200 bg-red-50 p-8 text-center"
      data-testid="kyc-result"
      data-result="declined"
    >
      <CircleX aria-hidden="true" className="mx-auto size-10 text-red-700" />
      <h2 id="kyc-declined" className="mt-3 text-lg font-semibold text-red-900">
        Your identity check was declined
      </h2>
      {state.reasons.length > 0 ? (
        <div className="mx-auto mt-2 max-w-prose text-red-900">
          <p>The reason given:</p>
          <ul className="mt-1 list-none">
            {state.reasons.map((r) => (
              <li key={r} className="font-medium">
                {r}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="mx-auto mt-2 max-w-prose text-red-900">The check did not pass.</p>
      )}
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        <Button
          onClick={() => start.mutate({ returnTo: state.returnTo })}
          disabled={start.isPending || start.isSuccess}
        >
          {start.isPending || start.isSuccess ? 'Opening the check…' : 'Try again'}
        </Button>
        <Button asChild variant="secondary">
          <Link to="/user/help-center">Get help</Link>
        </Button>
      </div>
      <div role="alert" aria-atomic="true">
        {start.isError ? <p className="mt-3 text-sm font-medium text-red-800">{errorMessage(start.error)}</p> : null}
      </div>
    </section>
  );
}

/**
 * /kyc/kycaid-callback: where the provider sends the browser back. The provider's signed callback,
 * not this page, sets the result (docs/product.md §6): the page only reads it, polling while it waits and
 * refreshing at once when the result's notification arrives.
 */
export default function KycCallbackPage() {
  const client = useQueryClient();
  const first = useKycState();
  const checking = first.data ? isChecking(first.data) : false;
  const state = useKycState({ pollMs: checking ? POLL_MS : false });
  useKycLiveUpdates();

  // verifiedProfile lives in the session: refresh it (in every tab) once the result is in.
  const seen = useRef<string | null>(null);
  const status = state.data?.status;
  useEffect(() => {
    if (!status) return;
    if (seen.current !== null && seen.current !== status) void refreshSessionEverywhere(client);
    seen.current = status;
  }, [status, client]);

  let body: React.ReactNode;
  if (state.isPending) body = <PageSpinner label="Loading your identity check" />;
  else if (state.isError)
    body = <ErrorState title="We couldn't load your identity check" onRetry={() => void state.refetch()} />;
  else if (state.data.status === 'approved') body = <Verified state={state.data} />;
  else if (isChecking(state.data)) body = <Checking state={state.data} />;
  else if (state.data.status === 'declined') body = <Declined state={state.data} />;
  else
    body = (
      <EmptyState
        title="No identity check started yet"
        action={
          <Button asChild>
            <Link to="/user/profile/my-profile#identity-check">Start it from your profile</Link>
          </Button>
        }
      >
        <p>There is no result to show: you have not started an identity check.</p>
      </EmptyState>
    );

  return (
    <>
      <PageHeader lead="The result of your identity check with our verification partner." />
      {body}
    </>
  );
}
