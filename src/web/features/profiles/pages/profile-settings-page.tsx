import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { showToast } from '#web/lib/toasts.ts';
import { useMyProfile } from '../api/profile.ts';
import { AvatarField } from '../components/avatar-field.tsx';
import { ChangeEmailForm } from '../components/change-email-form.tsx';
import { ChangePasswordForm } from '../components/change-password-form.tsx';
import { DeleteAccountDialog } from '../components/delete-account-dialog.tsx';
import { ProfileDetailsForm } from '../components/profile-details-form.tsx';

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** /user/profile/profile-settings: photo, public details, sign-in details and account deletion. */
export default function ProfileSettingsPage() {
  const profile = useMyProfile();
  const navigate = useNavigate();

  if (profile.isPending) return <PageSpinner label="Loading your profile" />;
  if (profile.isError) {
    return (
      <>
        <PageHeader />
        <ErrorState title="We couldn't load your profile" onRetry={() => void profile.refetch()}>
          Check your connection and try again.
        </ErrorState>
      </>
    );
  }
  const me = profile.data;
  return (
    <>
      <PageHeader lead="Change what other members see, how you sign in, and which notifications also reach you by email." />
      <div className="flex max-w-3xl flex-col gap-6">
        <Section id="settings-photo" title="Photo" description="Shown on your profile and beside your messages.">
          <AvatarField profile={me} />
        </Section>
        <Section id="settings-details" title="About you">
          <ProfileDetailsForm profile={me} />
        </Section>
        <Section
          id="settings-email"
          title="E-mail address"
          description="Where we send sign-in links and notifications."
        >
          <ChangeEmailForm currentEmail={me.email} />
        </Section>
        <Section id="settings-password" title="Password">
          <ChangePasswordForm />
        </Section>
        <Section
          id="settings-delete"
          title="Delete account"
          description="Removes your personal details and signs you out everywhere. It cannot be undone."
        >
          <DeleteAccountDialog
            onDeleted={() => {
              navigate('/auth/login', { replace: true });
              showToast('Your account is deleted.', 'success');
            }}
          />
        </Section>
      </div>
    </>
  );
}
