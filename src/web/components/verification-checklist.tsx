import { CircleCheck, CircleDashed } from 'lucide-react';
import { Link } from 'react-router';
import type { Me } from '#shared/auth.ts';
import { cn } from '#web/lib/cn.ts';

// The three checks of a verified profile (docs/product.md §1), read from the session's Me fields.
// Shared by the dashboard and the profile: the onboarding steps of docs/product.md §1 and their state.

const kycWords: Record<Me['kycStatus'], string> = {
  not_started: 'Not started. A photo of your ID and a selfie, checked by our verification partner.',
  pending: 'In review. We tell you as soon as the result arrives.',
  approved: 'Approved.',
  declined: 'Declined. You can see why and try again.',
};

const identityLinkLabel: Record<Me['kycStatus'], string> = {
  not_started: 'Start your identity check',
  pending: 'See your identity check',
  approved: '',
  declined: 'Try the identity check again',
};

interface Step {
  label: string;
  done: boolean;
  note: string;
  link?: { to: string; label: string };
}

function stepsOf(me: Me): Step[] {
  return [
    {
      label: 'Email address verified',
      done: me.emailVerified,
      note: me.emailVerified ? me.email : `Not yet. Open the link we sent to ${me.email}.`,
      ...(me.emailVerified ? {} : { link: { to: '/auth/register', label: 'Confirm your e-mail address' } }),
    },
    {
      label: 'Mobile number confirmed',
      done: me.phoneNumberVerified,
      note: me.phoneNumberVerified ? (me.phoneNumber ?? 'Confirmed.') : 'Not yet. Confirmed with a one-time code.',
      ...(me.phoneNumberVerified ? {} : { link: { to: '/auth/add-mobile-number', label: 'Add your mobile number' } }),
    },
    {
      label: 'Identity check approved',
      done: me.kycStatus === 'approved',
      note: kycWords[me.kycStatus],
      ...(me.kycStatus === 'approved' || !me.phoneNumberVerified
        ? {}
        : { link: { to: '/user/profile/my-profile#identity-check', label: identityLinkLabel[me.kycStatus] } }),
    },
  ];
}

export function VerificationChecklist({ me }: { me: Me }) {
  const steps = stepsOf(me);
  const done = steps.filter((s) => s.done).length;
  return (
    <div>
      <p className="mb-3 text-sm text-slate-600">
        {done} of {steps.length} checks done.
      </p>
      <ul className="flex flex-col gap-3">
        {steps.map((step) => (
          <li key={step.label} className="flex items-start gap-3">
            {step.done ? (
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
            ) : (
              <CircleDashed aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
            )}
            <div className="min-w-0">
              <p className={cn('font-medium', step.done ? 'text-slate-900' : 'text-slate-800')}>
                {step.label}
                <span className="sr-only">{step.done ? ': done' : ': to do'}</span>
              </p>
              <p className="break-words text-sm text-slate-600">{step.note}</p>
              {step.link ? (
                <Link
                  to={step.link.to}
                  className="text-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
                >
                  {step.link.label}
                </Link>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
