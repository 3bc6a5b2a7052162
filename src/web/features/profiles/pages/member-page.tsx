import { useParams } from 'react-router';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/states.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';
import { errorStatus } from '#web/lib/errors/describe-error.ts';
import { useSession } from '#web/lib/session.ts';
import { useMemberProfile } from '../api/profile.ts';
import { MemberNotFound } from '../components/member-not-found.tsx';
import { MemberReviews } from '../components/member-reviews.tsx';
import { PublicProfileCard } from '../components/public-profile-card.tsx';

/** /user/view/{id}: a member's public profile, for members and visitors alike. Never e-mail or phone. */
export default function MemberPage() {
  // The router has already turned a malformed id into its 404 page.
  const { id = '' } = useParams();
  const member = useMemberProfile(id);
  const session = useSession();

  if (member.isPending) return <PageSpinner label="Loading this member's profile" />;
  if (member.isError) {
    if (errorStatus(member.error) === 404) return <MemberNotFound />;
    return (
      <>
        <PageHeader />
        <ErrorState title="We couldn't load this profile" onRetry={() => void member.refetch()}>
          Check your connection and try again.
        </ErrorState>
      </>
    );
  }
  const isMe = session.data?.id === member.data.id;
  return (
    <>
      <PageHeader
        lead={
          isMe ? (
            <>
              This is how other members see you.{' '}
              <TextLink to="/user/profile/profile-settings">Edit your profile</TextLink>
            </>
          ) : (
            'Their public profile: the checks they have passed and how others rate them.'
          )
        }
      />
      <div className="flex max-w-2xl flex-col gap-6">
        <PublicProfileCard profile={member.data} />
        <MemberReviews memberId={member.data.id} isMe={isMe} />
      </div>
    </>
  );
}
