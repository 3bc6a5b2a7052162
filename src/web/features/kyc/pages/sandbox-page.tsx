import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { KYC_LIMITS, sandboxDecisionSchema } from '#shared/kyc.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { NativeSelect } from '#web/components/ui/select.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { EmptyState, ErrorState } from '#web/components/ui/states.tsx';
import { errorMessage, errorStatus } from '#web/lib/errors/describe-error.ts';
import { useSandboxCheck, useSandboxDecision } from '../api/sandbox.ts';

const DEFAULT_REASON = 'The document photo is unreadable';

/** The decision form: nothing typed into the mock document fields leaves the browser. */
function SandboxForm({ token, name }: { token: string; name: string }) {
  const navigate = useNavigate();
  const decide = useSandboxDecision(token);
  const [reason, setReason] = useState(DEFAULT_REASON);
  const [reasonError, setReasonError] = useState<string | null>(null);

  const submit = (decision: 'approve' | 'decline') => {
    const parsed = sandboxDecisionSchema.safeParse(decision === 'approve' ? { decision } : { decision, reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? 'Say why the check is declined');
      document.getElementById('sandbox-reason')?.focus();
      return;
    }
    setReasonError(null);
    decide.mutate(parsed.data, { onSuccess: ({ redirectTo }) => navigate(redirectTo) });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => e.preventDefault()} noValidate>
      <p className="text-sm text-slate-700">
        Checking <strong>{name}</strong>. A real provider would ask for a photo of a document and a selfie here.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="sandbox-document" label="Document type">
          <NativeSelect defaultValue="passport">
            <option value="passport">Passport</option>
            <option value="id_card">Identity card</option>
            <option value="driving_licence">Driving licence</option>
          </NativeSelect>
        </FormField>
        <FormField id="sandbox-number" label="Document number" hint="Anything: it is not sent.">
          <Input autoComplete="off" defaultValue="X1234567" />
        </FormField>
      </div>
      <FormField
        id="sandbox-reason"
        label="Reason, if you decline"
        hint="Shown to the member as the provider's reason."
        error={reasonError}
      >
        <Input value={reason} maxLength={KYC_LIMITS.reason} onChange={(e) => setReason(e.target.value)} />
      </FormField>
      <div className="flex flex-wrap gap-3">
        <Button type="button" onClick={() => submit('approve')} disabled={decide.isPending || decide.isSuccess}>
          Approve
        </Button>
        <Button
          type="button"
          variant="destructive"
          onClick={() => submit('decline')}
          disabled={decide.isPending || decide.isSuccess}
        >
          Decline
        </Button>
      </div>
      <div role="alert" aria-atomic="true">
        {decide.isError ? <p className="text-sm font-medium text-red-700">{errorMessage(decide.error)}</p> : null}
      </div>
    </form>
  );
}

/**
 * /kyc/sandbox/{token}: the embedded identity-check provider. It stands in for KYCAID's
 * hosted form; its decision travels as a signed callback, like the real provider's.
 */
export default function SandboxPage() {
  const { token = '' } = useParams();
  const check = useSandboxCheck(token);

  let body: React.ReactNode;
  if (check.isPending) body = <PageSpinner label="Loading the identity check" />;
  else if (check.isError)
    body =
      errorStatus(check.error) === 404 ? (
        <EmptyState
          title="There is no such identity check"
          action={
            <Button asChild>
              <Link to="/user/profile/my-profile#identity-check">Go to my profile</Link>
            </Button>
          }
        >
          <p>This link is not one of your identity checks. Start a check from your profile.</p>
        </EmptyState>
      ) : (
        <ErrorState title="We couldn't load the identity check" onRetry={() => void check.refetch()}>
          <p>{errorMessage(check.error)}</p>
        </ErrorState>
      );
  else if (!check.data.open)
    body = (
      <EmptyState
        title="This check has been decided"
        action={
          <Button asChild>
            <Link to="/kyc/kycaid-callback">See the result</Link>
          </Button>
        }
      >
        <p>Each sandbox check takes one decision. Start a new one from your profile to try again.</p>
      </EmptyState>
    );
  else
    body = (
      <Card className="max-w-2xl">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <FlaskConical aria-hidden="true" className="size-5 text-amber-700" />
            Sandbox identity check
          </CardTitle>
          <CardDescription>
            Test mode: no verification provider is configured, so this page plays its part. Choose the result; it comes
            back through the same signed callback a real provider uses.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <SandboxForm token={token} name={check.data.name} />
        </CardContent>
      </Card>
    );

  return (
    <>
      <PageHeader lead="Verification partner (sandbox)" />
      {body}
    </>
  );
}
