import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';

export default function ProfileSettingsPage() {
  return (
    <>
      <PageHeader lead="Change your name, photo and password, and choose which notifications also reach you by email." />
      <EmptyState
        title="Profile settings aren't available yet"
        action={
          <Button asChild variant="secondary">
            <Link to="/user/profile/my-profile">Back to my profile</Link>
          </Button>
        }
      >
        Editing your profile arrives with the accounts work. Your profile page shows your details and verification
        checks as they are now.
      </EmptyState>
    </>
  );
}
