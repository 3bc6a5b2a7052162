import { Link } from 'react-router';
import { PolicyLayout, type PolicySection } from '#web/features/public/components/policy-layout.tsx';
import { supportEmail } from '#web/features/public/policy-figures.ts';

const mail = <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;

const sections: PolicySection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    content: (
      <p>
        Tagalong runs a marketplace where senders post packages and travelers carry them for a reward. We decide why and
        how your personal data is used on the platform, so we are responsible for it. Write to {mail} with any question
        about your data.
      </p>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    content: (
      <ul>
        <li>
          <strong>Account:</strong> your name, e-mail address and password (stored only as a secure hash), or the basic
          profile Google shares if you sign in with Google; your profile photo and settings.
        </li>
        <li>
          <strong>Phone number:</strong> your mobile number, checked with a one-time code sent by text message.
        </li>
        <li>
          <strong>Identity check:</strong> the identity document and photos you give our identity-check (KYC) provider.
          The provider examines them; we receive and keep the result (approved or declined, with the reason) and the
          provider’s reference, not copies of your documents.
        </li>
        <li>
          <strong>Packages and trips:</strong> what you send (title, description, category, photos, weight, size,
          declared value), pickup and drop-off addresses with their map position, dates, the reward, and your travel
          plans.
        </li>
        <li>
          <strong>Recipients:</strong> the name and phone number of the person who receives a package. If you add
          someone as a recipient, tell them you are sharing their details with us and with your traveler.
        </li>
        <li>
          <strong>Messages:</strong> what you write in chat, and when it was read.
        </li>
        <li>
          <strong>Payments:</strong> amounts, status and the provider’s references. Card details are entered on the
          payment provider’s page; we never see or store your full card number.
        </li>
        <li>
          <strong>Technical data:</strong> a session cookie that keeps you signed in, your IP address, browser type and
          server logs, and whether you are online right now.
        </li>
      </ul>
    ),
  },
  {
    id: 'why',
    title: 'Why we use it',
    content: (
      <ul>
        <li>To run your account and the service you asked for: posting, matching, chat, payments and delivery.</li>
        <li>
          To keep the marketplace safe: we check identities so both sides know who they deal with, and we look for fraud
          and prohibited items.
        </li>
        <li>
          To hold money in escrow, pay travelers, refund senders and keep the accounting records the law requires.
        </li>
        <li>To settle disputes fairly, using the package’s timeline, photos and your messages.</li>
        <li>To send you notifications, by e-mail only if you switch that on in your settings.</li>
      </ul>
    ),
  },
  {
    id: 'who-sees-it',
    title: 'Who sees your data',
    content: (
      <ul>
        <li>
          <strong>Other members</strong> see your public profile: name, photo, whether you are verified and whether you
          are online. Once a request is accepted, the sender and the traveler see what they need to complete the
          delivery, including addresses and the recipient’s name and phone number.
        </li>
        <li>
          <strong>Our administrators</strong> can read records to run the platform, settle disputes and investigate
          abuse. Every action they take on an account is recorded in an audit log.
        </li>
        <li>
          <strong>Service providers</strong> working for us: the identity-check provider, the payment provider (Stripe),
          our e-mail and text-message senders, and our hosting. They may use your data only to provide their service to
          us.
        </li>
        <li>
          <strong>Authorities</strong>, when the law requires it or to protect someone’s safety.
        </li>
      </ul>
    ),
  },
  {
    id: 'no-selling',
    title: 'What we don’t do',
    content: (
      <p>
        We don’t sell your personal data, and we don’t use advertising trackers. The only cookie we set is the one that
        keeps you signed in.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    content: (
      <ul>
        <li>Account, profile and phone number: while your account is open.</li>
        <li>
          Packages, messages and timelines: while your account is open, and after you close it for as long as a dispute
          or legal claim about them is still possible.
        </li>
        <li>Payment and ledger records: for as long as accounting and tax law requires.</li>
        <li>
          The identity-check result: while your account is open; the provider keeps documents under its own rules.
        </li>
        <li>Server logs: a few weeks, unless we need them to investigate abuse.</li>
      </ul>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    content: (
      <>
        <p>You can ask us to:</p>
        <ul>
          <li>give you a copy of your data, or send it to you in a portable format;</li>
          <li>correct data that is wrong (most of it you can edit yourself in your profile);</li>
          <li>delete your data, except what we must keep by law or for an open dispute;</li>
          <li>stop or limit a use of your data you object to.</li>
        </ul>
        <p>
          Write to {mail} from the e-mail address of your account; we answer within one month. You can also complain to
          your data protection authority.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security and age',
    content: (
      <p>
        Connections are encrypted, passwords are hashed, and staff access is limited and logged. Tagalong is for adults:
        you must be 18 or over to use it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes',
    content: (
      <p>
        When we change this policy we update the date at the top, and we tell you in the app before an important change
        applies. See also our <Link to="/terms-and-conditions">terms and conditions</Link> and{' '}
        <Link to="/refund-policy">refund policy</Link>.
      </p>
    ),
  },
];

export default function PrivacyPolicyPage() {
  return (
    <PolicyLayout summary="What we collect about you, why, who sees it, and how to control it." sections={sections} />
  );
}
