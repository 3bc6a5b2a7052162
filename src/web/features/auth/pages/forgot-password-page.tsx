import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { DemoMailboxHint } from '../components/demo-mailbox-hint.tsx';
import { ForgotPasswordForm } from '../components/forgot-password-form.tsx';
import { LinkButtons } from '../components/link-buttons.tsx';
import { MailSentPanel } from '../components/mail-sent-panel.tsx';

/** The same answer whether or not the address has an account, so the page reveals nobody. */
function LinkSent({ email, onAgain }: { email: string; onAgain: () => void }) {
  return (
    <MailSentPanel headingId="link-sent-heading">
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
    </MailSentPanel>
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
