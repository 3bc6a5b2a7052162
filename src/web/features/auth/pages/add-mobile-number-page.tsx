import { PageHeader } from '#web/components/ui/page-header.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';
import { useSession } from '#web/lib/session.ts';
import { LinkButtons } from '../components/link-buttons.tsx';

const links = [
  { to: '/user/profile/my-profile', label: 'See your verification steps' },
  { to: '/user/dashboard', label: 'Go to your dashboard' },
];

/** Onboarding step 2 (PRODUCT.md §1): the mobile number, confirmed by a one-time code. */
export default function AddMobileNumberPage() {
  const me = useSession().data;
  return (
    <>
      <PageHeader lead="We confirm your mobile number with a one-time code sent by text message. A confirmed number is one of the three checks you need before you can publish a package or offer to carry one." />
      {me?.phoneNumberVerified ? (
        <EmptyState title="Your mobile number is confirmed" action={<LinkButtons links={links} />}>
          {me.phoneNumber ? `${me.phoneNumber} is confirmed.` : 'Your number is confirmed.'} There is nothing more to do
          here.
        </EmptyState>
      ) : (
        <EmptyState title="Adding a mobile number isn't available yet" action={<LinkButtons links={links} />}>
          Sending one-time codes arrives with the accounts work. Your profile shows which checks you have completed.
        </EmptyState>
      )}
    </>
  );
}
