import { PageHeader } from '#web/components/ui/page-header.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';
import { LinkButtons } from '../components/link-buttons.tsx';

/** Demo mode only: one-click sign-in as a seeded sender, traveler or admin. */
export default function LoginTestPage() {
  return (
    <>
      <PageHeader lead="On a demo server this page signs you in as a ready-made sender, traveler or administrator in one click." />
      <EmptyState
        title="No demo accounts yet"
        action={
          <LinkButtons
            links={[
              { to: '/auth/login', label: 'Sign in with email' },
              { to: '/auth/register', label: 'Create an account' },
            ]}
          />
        }
      >
        Demo accounts are seeded with the accounts issue. Until then, create an account or sign in with one you have.
      </EmptyState>
    </>
  );
}
