import { PageHeader } from '#web/components/ui/page-header.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';
import { LinkButtons } from '../components/link-buttons.tsx';

export default function ForgotPasswordPage() {
  return (
    <>
      <PageHeader lead="Forgot your password? This is where you will ask for a link, sent to your email address, to choose a new one." />
      <EmptyState
        title="Password reset isn't available yet"
        action={
          <LinkButtons
            links={[
              { to: '/auth/login', label: 'Back to sign in' },
              { to: '/need-help', label: 'Need help?' },
            ]}
          />
        }
      >
        Reset links are sent by email, which arrives with the accounts work. If you remember your password, sign in; if
        not, write to us from the help page.
      </EmptyState>
    </>
  );
}
