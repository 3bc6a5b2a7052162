import { MailCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { DemoMailboxHint } from '../components/demo-mailbox-hint.tsx';
import { ForgotPasswordForm } from '../components/forgot-password-form.tsx';
import { LinkButtons } from '../components/link-buttons.tsx';

/** The same answer whether or not the address has an account, so the page reveals nobody. */
function LinkSent({ email, onAgain }: { email: string; onAgain: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="link-sent-heading" className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <MailCheck aria-hidden="true" className="size-8 shrink-0 text-brand-700" />
        <h2
          id="link-sent-heading"
          ref={heading}
          tabIndex={-1}
          className="text-xl font-semibold text-slate-900 outline-none"
        >
          Check your inbox
        </h2>
      </div>
      <p className="text-slate-700">
        If <strong className="wrap-anywhere font-semibold text-slate-900">{email}</strong> belongs to a Tagalong
        account, we've sent it a link to choose a new password. The link works once, for one hour.
      </p>
      <p className="text-sm text-slate-600">
        Nothing after a few minutes? Look in your spam folder, check the address, or{' '}
        <Button variant="link" className="h-auto p-0 text-sm" onClick={onAgain}>
          ask for another link
        </Button>
        .
      </p>
      <DemoMailboxHint />
      <LinkButtons links={[{ to: '/auth/login', label: 'Back to sign in' }]} />
    </section>
  );
}

export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <>
      <PageHeader lead="Forgot your password? Enter your e-mail address and we'll send you a link to choose a new one." />
      {sentTo ? (
        <LinkSent email={sentTo} onAgain={() => setSentTo(null)} />
      ) : (
        <ForgotPasswordForm onRequested={setSentTo} />
      )}
    </>
  );
}
