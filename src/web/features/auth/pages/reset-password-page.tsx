import { CircleCheck, LinkIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import type { ErrorView } from '#web/lib/errors/types.ts';
import { describeLinkError } from '../api/account-failure.ts';
import { LinkButtons } from '../components/link-buttons.tsx';
import { ResetPasswordForm } from '../components/reset-password-form.tsx';

/** An outcome that replaces the form: its heading takes focus so the change is announced. */
function Outcome({ icon, title, children }: { icon: 'ok' | 'link'; title: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const Icon = icon === 'ok' ? CircleCheck : LinkIcon;
  return (
    <section aria-labelledby="reset-outcome-heading" className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <Icon
          aria-hidden="true"
          className={icon === 'ok' ? 'size-8 shrink-0 text-green-700' : 'size-8 shrink-0 text-slate-600'}
        />
        <h2
          id="reset-outcome-heading"
          ref={heading}
          tabIndex={-1}
          className="text-xl font-semibold text-slate-900 outline-none"
        >
          {title}
        </h2>
      </div>
      {children}
    </section>
  );
}

function LinkInvalid({ view }: { view: ErrorView }) {
  return (
    <Outcome icon="link" title={view.message.replace(/\.$/, '')}>
      <p className="text-slate-700">
        Each link works once, for one hour. Ask for a new one and use the newest e-mail we send you.
      </p>
      <LinkButtons links={view.actions.flatMap((a) => (a.kind === 'link' ? [{ to: a.to, label: a.label }] : []))} />
    </Outcome>
  );
}

/**
 * Where the reset e-mail's link lands: Better Auth checked the token and added `?token=`, or found it
 * used or expired and added `?error=INVALID_TOKEN`. The token is checked again when the form is sent.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  const [outcome, setOutcome] = useState<{ kind: 'done' } | { kind: 'invalid'; view: ErrorView } | null>(
    linkError ? { kind: 'invalid', view: describeLinkError('reset-password', linkError) } : null,
  );

  let content: ReactNode;
  if (outcome?.kind === 'done') {
    content = (
      <Outcome icon="ok" title="Your password has been changed">
        <p className="text-slate-700">
          Sign in with your new password. For your safety, every device that was signed in to your account has been
          signed out.
        </p>
        <LinkButtons links={[{ to: '/auth/login', label: 'Sign in' }]} />
      </Outcome>
    );
  } else if (outcome?.kind === 'invalid') {
    content = <LinkInvalid view={outcome.view} />;
  } else if (!token) {
    content = (
      <Outcome icon="link" title="Open the link from your e-mail">
        <p className="text-slate-700">
          This page needs the link we sent you. If you don't have one, or it no longer works, ask for a new one.
        </p>
        <LinkButtons links={[{ to: '/auth/forgot-password', label: 'Get a new link' }]} />
      </Outcome>
    );
  } else {
    content = (
      <ResetPasswordForm
        token={token}
        onReset={() => setOutcome({ kind: 'done' })}
        onLinkInvalid={(view) => setOutcome({ kind: 'invalid', view })}
      />
    );
  }

  return (
    <>
      <PageHeader lead="Choose a new password for your Tagalong account." />
      {content}
    </>
  );
}
