import { Link } from 'react-router';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#web/components/ui/table.tsx';
import { PolicyLayout, type PolicySection } from '#web/features/public/components/policy-layout.tsx';
import { policyFigures as f, supportEmail } from '#web/features/public/policy-figures.ts';

// The rules are docs/product.md §2 (lifecycle) and §5 (refund policy); this page only puts them in plain words.
const outcomes = [
  ['You cancel before a traveler is matched', 'Everything you paid: the reward and the platform fee.'],
  [
    'Nobody is matched before the deliver-by date (the package expires)',
    'Everything you paid: the reward and the platform fee.',
  ],
  ['You cancel after a traveler is matched, before pickup', 'The reward. The platform fee is kept.'],
  ['After the traveler has picked the package up', 'Only through a dispute, decided by our team.'],
  ['The package is completed', 'No refund: the reward has been released to the traveler.'],
] as const;

const sections: PolicySection[] = [
  {
    id: 'what-you-pay',
    title: 'What you pay',
    content: (
      <p>
        When you publish a package you pay the reward you offer the traveler plus a platform fee of {f.feePercent}% of
        the reward (at least {f.minimumFee} in the package’s currency). The money is held by Tagalong, not by the
        traveler, until the package is delivered. Unpaid drafts cost nothing, so cancelling a draft needs no refund.
      </p>
    ),
  },
  {
    id: 'at-a-glance',
    title: 'Refunds at a glance',
    content: (
      <div className="mt-4">
        <Table label="When you get a refund">
          <TableCaption>What comes back to you, depending on when the package stops.</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>What happened</TableHead>
              <TableHead>What you get back</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {outcomes.map(([when, what]) => (
              <TableRow key={when}>
                <TableCell className="align-top">{when}</TableCell>
                <TableCell className="align-top">{what}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    ),
  },
  {
    id: 'before-match',
    title: 'Before a traveler is matched',
    content: (
      <>
        <p>
          While your package is open and no traveler has been accepted, you can cancel it from the package page at any
          time. You get a <strong>full refund</strong>: the reward and the fee.
        </p>
        <p>
          If the deliver-by date passes and nobody has been matched, the package expires by itself and you also get a
          full refund. You don’t need to ask for it.
        </p>
      </>
    ),
  },
  {
    id: 'after-match',
    title: 'After a match, before pickup',
    content: (
      <p>
        Once you or the traveler accept a request, the traveler has planned your package into their trip. You can still
        cancel until the package is picked up, and you get the <strong>reward back, minus the platform fee</strong>. The
        traveler is told straight away and the space on their trip is freed.
      </p>
    ),
  },
  {
    id: 'after-pickup',
    title: 'After pickup: disputes',
    content: (
      <>
        <p>
          Once the traveler has confirmed pickup with your pickup code, the package can no longer be cancelled. If
          something goes wrong (the package is late, damaged, lost, or not what was described), the sender or the
          traveler can open a <strong>dispute</strong> from the package page while the package is in transit or
          delivered.
        </p>
        <p>
          An administrator looks at the package’s timeline, the photos and the messages between you, and may ask both of
          you for more. They then decide either way: the package is <strong>completed</strong> and the traveler is paid,
          or it is <strong>refunded</strong> to the sender. The decision and its reason are recorded in the package’s
          timeline, which both of you can see.
        </p>
      </>
    ),
  },
  {
    id: 'completion',
    title: 'Delivery and completion',
    content: (
      <p>
        When the traveler enters the recipient’s delivery code, the package is delivered. You can confirm it at once. If
        you neither confirm nor open a dispute within {f.autoCompleteDays} days, the package completes automatically and
        the reward goes to the traveler. Completed packages are final and cannot be refunded, so check with your
        recipient and open a dispute within those {f.autoCompleteDays} days if anything is wrong.
      </p>
    ),
  },
  {
    id: 'bans',
    title: 'If an account is banned',
    content: (
      <p>
        If we ban an account, its packages that are still open are cancelled and their senders refunded in full.
        Packages already on their way are finished or settled through a dispute, following the rules above.
      </p>
    ),
  },
  {
    id: 'how-refunds-are-paid',
    title: 'How refunds are paid',
    content: (
      <p>
        Refunds go back to the payment method you used, through the same payment provider. We start the refund as soon
        as the package is cancelled, expired or refunded; your bank or card issuer may take several business days to
        show it. The cancellation or refund also shows in your package’s timeline.
      </p>
    ),
  },
  {
    id: 'questions',
    title: 'Questions',
    content: (
      <p>
        If a refund looks wrong or hasn’t arrived, e-mail <a href={`mailto:${supportEmail}`}>{supportEmail}</a> with the
        package’s title. See also our <Link to="/terms-and-conditions">terms and conditions</Link>.
      </p>
    ),
  },
];

export default function RefundPolicyPage() {
  return (
    <PolicyLayout summary="When and how you get your money back if a package doesn’t go ahead." sections={sections} />
  );
}
