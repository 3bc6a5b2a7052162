import { Button } from '#web/components/ui/button.tsx';
import { DemoMailboxHint } from './demo-mailbox-hint.tsx';
import { MailSentPanel } from './mail-sent-panel.tsx';
import { ResendVerificationButton } from './resend-verification-button.tsx';

interface Props {
  email: string;
  callbackURL: string;
  /** Back to the form to fix a mistyped address; absent when the address cannot be changed here. */
  onChangeAddress?: () => void;
}

/**
 * After sign-up: the account waits for its e-mail address to be confirmed. The same words whether
 * the address was new or already had an account (Better Auth answers both alike), so the page
 * reveals nothing about who is registered.
 */
export function CheckInbox({ email, callbackURL, onChangeAddress }: Props) {
  return (
    <MailSentPanel headingId="check-inbox-heading">
      <p className="text-slate-700">
        We've sent an e-mail to <strong className="wrap-anywhere font-semibold text-slate-900">{email}</strong>. Open
        the link in it to confirm your address; it signs you in. The link works for 24 hours.
      </p>
      <p className="text-sm text-slate-600">
        Nothing there after a few minutes? Look in your spam folder, or resend it.
      </p>
      <DemoMailboxHint />
      <ResendVerificationButton email={email} callbackURL={callbackURL} />
      {onChangeAddress ? (
        <p className="text-sm text-slate-700">
          Wrong address?{' '}
          <Button variant="link" className="h-auto p-0 text-sm" onClick={onChangeAddress}>
            Use a different e-mail address
          </Button>
        </p>
      ) : null}
    </MailSentPanel>
  );
}
