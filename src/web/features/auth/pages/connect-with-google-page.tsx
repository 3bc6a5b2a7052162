import { PageHeader } from '#web/components/ui/page-header.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';
import { useSession } from '#web/lib/session.ts';
import { LinkButtons } from '../components/link-buttons.tsx';

export default function ConnectWithGooglePage() {
  const me = useSession().data;
  const links = me
    ? [
        { to: '/user/dashboard', label: 'Go to your dashboard' },
        { to: '/user/profile/my-profile', label: 'My profile' },
      ]
    : [
        { to: '/auth/login', label: 'Sign in with email' },
        { to: '/auth/register', label: 'Create an account' },
      ];
  return (
    <>
      <PageHeader lead="Link your Google account to sign in to Tagalong with it instead of a password." />
      <EmptyState title="Google sign-in isn't available yet" action={<LinkButtons links={links} />}>
        Signing in with Google arrives with the accounts work.{' '}
        {me
          ? 'You are signed in with your email and password, which keeps working.'
          : 'Until then, use your email and password.'}
      </EmptyState>
    </>
  );
}
