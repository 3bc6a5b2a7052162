import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { policyFigures as f, prohibitedItems } from '#web/features/public/policy-figures.ts';

export interface FaqTopic {
  id: string;
  title: string;
  questions: { q: string; a: ReactNode }[];
}

const link = 'text-brand-700 underline underline-offset-4 hover:text-brand-800';

// Answers follow docs/product.md §1, §2 and §5; figures are the settings' defaults.
export const faqTopics: FaqTopic[] = [
  {
    id: 'fees',
    title: 'Money and fees',
    questions: [
      {
        q: 'How much does Tagalong cost?',
        a: (
          <p>
            Senders pay the reward they offer plus a platform fee of {f.feePercent}% of the reward, at least{' '}
            {f.minimumFee}. For a reward of 20.00 the fee is 2.00, so you pay 22.00; for a reward of 8.00 the fee is the
            minimum 1.00. Travelers pay no fee: they receive the whole reward.
          </p>
        ),
      },
      {
        q: 'When do I pay, and who holds the money?',
        a: (
          <p>
            You pay when you publish the package. Tagalong holds the money in escrow until the package is delivered and
            completed; only then is the reward released to the traveler.
          </p>
        ),
      },
      {
        q: 'When does the traveler get paid?',
        a: (
          <p>
            When the package completes: the sender confirms delivery, or {f.autoCompleteDays} days pass after delivery
            with no dispute. The reward goes to the traveler’s balance, and they can ask for a payout.
          </p>
        ),
      },
      {
        q: 'Can I get a refund?',
        a: (
          <>
            <p>
              Yes, depending on when you cancel. Before a traveler is matched, or if the package expires unmatched: a
              full refund. After a match but before pickup: the reward back, minus the fee. After pickup: only through a
              dispute, which our team decides.
            </p>
            <p className="mt-2">
              Read the{' '}
              <Link to="/refund-policy" className={link}>
                refund policy
              </Link>{' '}
              for the details.
            </p>
          </>
        ),
      },
    ],
  },
  {
    id: 'sending',
    title: 'Sending',
    questions: [
      {
        q: 'What can’t I send?',
        a: (
          <p>
            Never: {prohibitedItems.join(', ')}. Nor anything that is illegal on the route or that the traveler’s
            transport company refuses. Packages that mention them are rejected, and a traveler may look inside a package
            at pickup and refuse it.
          </p>
        ),
      },
      {
        q: 'How big or heavy can a package be?',
        a: (
          <p>
            From {f.minWeightKg} kg to {f.maxWeightKg} kg, in size S (up to 30 × 20 × 10 cm), M (up to 50 × 40 × 20 cm)
            or L (up to 70 × 50 × 30 cm). The reward can be from {f.minReward} to {f.maxReward}.
          </p>
        ),
      },
      {
        q: 'How do pickup and delivery codes work?',
        a: (
          <ol className="list-decimal space-y-1 pl-5">
            <li>
              At pickup, the sender gives the traveler a pickup code. The traveler enters it, and the package is in
              transit.
            </li>
            <li>
              At the destination, the recipient gives the traveler a delivery code. The traveler enters it, and the
              package is delivered.
            </li>
            <li>Only share a code when the package is actually in front of you: the code is your proof of handover.</li>
          </ol>
        ),
      },
      {
        q: 'What if something goes wrong with a delivery?',
        a: (
          <p>
            While the package is in transit or delivered, the sender or the traveler can open a dispute from the package
            page. An administrator reviews the timeline and your messages and decides: the traveler is paid, or the
            sender is refunded. Open it within {f.autoCompleteDays} days of delivery, before the package completes.
          </p>
        ),
      },
    ],
  },
  {
    id: 'account',
    title: 'Your account',
    questions: [
      {
        q: 'Why do I have to verify my identity?',
        a: (
          <p>
            Because you are trusting a stranger with your package or your time. To publish a package or offer to carry
            one, you confirm your e-mail address, your mobile number (with a one-time code) and pass an identity check.
            You can browse and set up your profile before that.
          </p>
        ),
      },
      {
        q: 'How does the identity check work?',
        a: (
          <p>
            You are sent to our identity-check provider’s secure page to show an identity document. The provider tells
            us whether you are approved or declined. If you are declined, we show you the reason and you can try again.
            We keep the result, not copies of your documents; see the{' '}
            <Link to="/privacy-policy" className={link}>
              privacy policy
            </Link>
            .
          </p>
        ),
      },
      {
        q: 'Can I both send and carry packages?',
        a: <p>Yes. One account does both: post packages when you need something carried, add trips when you travel.</p>,
      },
    ],
  },
];
