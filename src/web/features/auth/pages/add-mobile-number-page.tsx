import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Me } from '#shared/auth.ts';
import { IDENTITY_CHECK_STEP, nextOnboardingStep, withRedirect } from '#shared/onboarding.ts';
import { formatPhoneNumber } from '#shared/phone.ts';
import { authKeys } from '#web/api/auth.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { useSession } from '#web/lib/session.ts';
import { DemoMailboxHint } from '../components/demo-mailbox-hint.tsx';
import { MobileCodeForm } from '../components/mobile-code-form.tsx';
import { countryFromBrowser } from '../components/mobile-country-select.tsx';
import { MobileNumberForm, type MobileNumberValues } from '../components/mobile-number-form.tsx';
import { useMobileCooldown } from '../hooks/mobile-cooldown.ts';
import { useRedirectParam } from '../hooks/use-redirect-param.ts';

type Step =
  | { kind: 'number'; values: MobileNumberValues; error: string | null; focus: boolean }
  | { kind: 'code'; phoneNumber: string; values: MobileNumberValues }
  | { kind: 'done'; phoneNumber: string }
  | { kind: 'leaving' };

const LEAD =
  'We confirm your mobile number with a one-time code sent by text message. A confirmed number is one of the three checks you need before you can publish a package or offer to carry one.';

/** Onboarding step 2 (docs/product.md §1): the mobile number, confirmed by a one-time code. */
export default function AddMobileNumberPage() {
  const session = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const redirect = useRedirectParam();
  const cooldown = useMobileCooldown();
  const [changing, setChanging] = useState(false);
  const [step, setStep] = useState<Step>(() => ({
    kind: 'number',
    values: { country: countryFromBrowser(), phoneNumber: '' },
    error: null,
    focus: false,
  }));
  const doneHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (step.kind === 'done') doneHeading.current?.focus();
  }, [step.kind]);

  const me = session.data;
  if (session.isPending || step.kind === 'leaving') return <PageSpinner label="Loading" />;
  if (session.isError || !me) {
    return (
      <>
        <PageHeader />
        <ErrorState title="We couldn't load your account" onRetry={() => void session.refetch()} />
      </>
    );
  }

  const onVerified = (phoneNumber: string) => {
    if (redirect) {
      // The page the user was after, through the onboarding steps still missing (the identity
      // check): going straight to the target would skip them, as it no longer carries ?redirect=.
      const fresh = client.getQueryData<Me | null>(authKeys.me()) ?? me;
      const next = nextOnboardingStep(fresh);
      setStep({ kind: 'leaving' });
      navigate(next ? withRedirect(next, redirect) : redirect, { replace: true });
      return;
    }
    setChanging(false);
    setStep({ kind: 'done', phoneNumber });
  };

  const confirmed = me.phoneNumberVerified ? me.phoneNumber : null;

  return (
    <>
      <PageHeader lead={LEAD} />
      <div className="max-w-xl">
        {step.kind === 'done' ? (
          <Card role="region" aria-labelledby="mobile-done">
            <CardHeader>
              <CardTitle id="mobile-done" ref={doneHeading} tabIndex={-1} className="flex items-center gap-2">
                <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-green-700" />
                Mobile number verified
              </CardTitle>
              <CardDescription>
                {formatPhoneNumber(step.phoneNumber)} is now confirmed on your account.
                {me.kycStatus === 'approved' ? '' : ' The identity check comes next.'}
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-wrap gap-2">
              <Button asChild>
                {me.kycStatus === 'approved' ? (
                  <Link to="/user/profile/my-profile">Continue to your profile</Link>
                ) : (
                  <Link to={IDENTITY_CHECK_STEP}>Continue to the identity check</Link>
                )}
              </Button>
              <Button asChild variant="secondary">
                <Link to="/user/dashboard">Go to your dashboard</Link>
              </Button>
            </CardContent>
          </Card>
        ) : confirmed && !changing ? (
          <Card role="region" aria-labelledby="mobile-current">
            <CardHeader>
              <CardTitle id="mobile-current">Your mobile number is confirmed</CardTitle>
              <CardDescription>Changing it means confirming the new number with a code.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <p className="flex items-center gap-2 text-lg font-medium text-slate-900">
                <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-green-700" />
                {formatPhoneNumber(confirmed)}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  aria-label="Change your mobile number"
                  onClick={() => {
                    setChanging(true);
                    setStep((s) => (s.kind === 'number' ? { ...s, focus: true } : s));
                  }}
                >
                  Change
                </Button>
                <Button asChild variant="ghost">
                  <Link to="/user/profile/my-profile">See your verification steps</Link>
                </Button>
              </div>
            </CardContent>
          </Card>
        ) : step.kind === 'code' ? (
          <Card role="region" aria-labelledby="mobile-step">
            <CardHeader>
              <CardTitle id="mobile-step">Enter the code</CardTitle>
              <CardDescription>Step 2 of 2</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <DemoMailboxHint kind="sms" />
              <MobileCodeForm
                phoneNumber={step.phoneNumber}
                cooldownSeconds={cooldown.secondsLeft}
                onCooldown={cooldown.start}
                onVerified={() => onVerified(step.phoneNumber)}
                onChangeNumber={() => setStep({ kind: 'number', values: step.values, error: null, focus: true })}
                onNumberTaken={(message) =>
                  setStep({ kind: 'number', values: step.values, error: message, focus: true })
                }
              />
            </CardContent>
          </Card>
        ) : (
          <Card role="region" aria-labelledby="mobile-step">
            <CardHeader>
              <CardTitle id="mobile-step">{confirmed ? 'Your new mobile number' : 'Your mobile number'}</CardTitle>
              <CardDescription>Step 1 of 2</CardDescription>
            </CardHeader>
            <CardContent>
              <MobileNumberForm
                defaultValues={step.values}
                confirmedNumber={confirmed}
                initialError={step.error}
                focusOnMount={step.focus}
                cooldownSeconds={cooldown.secondsLeft}
                onCooldown={cooldown.start}
                onSent={(phoneNumber, values) => setStep({ kind: 'code', phoneNumber, values })}
                onCancel={confirmed ? () => setChanging(false) : undefined}
              />
            </CardContent>
          </Card>
        )}
      </div>
    </>
  );
}
