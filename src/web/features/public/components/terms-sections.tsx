import { Link } from 'react-router';
import type { PolicySection } from '#web/features/public/components/policy-layout.tsx';
import { policyFigures as f, prohibitedItems, supportEmail } from '#web/features/public/policy-figures.ts';

// Written for docs/product.md §1–§5; the figures are the settings' defaults (see policy-figures.ts).
export const termsSections: PolicySection[] = [
  {
    id: 'about',
    title: 'About these terms',
    content: (
      <p>
        These terms are the agreement between you and Tagalong when you use the website and app. By creating an account
        you accept them. Tagalong is a marketplace that connects people: we are not a courier, and we don’t carry
        packages ourselves.
      </p>
    ),
  },
  {
    id: 'roles',
    title: 'Who does what',
    content: (
      <ul>
        <li>
          A <strong>sender</strong> posts a package that needs to go from one city to another and pays a reward for it.
        </li>
        <li>
          A <strong>traveler</strong> is already making that trip and carries the package for the reward.
        </li>
        <li>One account can both send and carry.</li>
        <li>
          Our <strong>administrators</strong> run the marketplace: they check accounts and payments, settle disputes and
          enforce these terms.
        </li>
      </ul>
    ),
  },
  {
    id: 'verification',
    title: 'Your account and verification',
    content: (
      <>
        <p>
          You must be 18 or over, give true information, and keep your password to yourself. Your profile is{' '}
          <strong>verified</strong> once your e-mail address is confirmed, your mobile number is confirmed with a
          one-time code, and your identity check is approved.
        </p>
        <p>
          Until then you can browse, edit your profile and finish these steps. Publishing a package and offering to
          carry one need a verified profile. If your identity check is declined, we tell you why and you can try again.
        </p>
      </>
    ),
  },
  {
    id: 'packages',
    title: 'Packages and limits',
    content: (
      <>
        <p>Describe your package honestly, with up to {f.maxPhotos} photos, and pack it so it travels safely.</p>
        <ul>
          <li>
            Weight from {f.minWeightKg} kg to {f.maxWeightKg} kg.
          </li>
          <li>Size S (up to 30 × 20 × 10 cm), M (up to 50 × 40 × 20 cm) or L (up to 70 × 50 × 30 cm).</li>
          <li>
            A reward from {f.minReward} to {f.maxReward} in the package’s currency.
          </li>
          <li>A deliver-by date in the future and after the start of the pickup window.</li>
          <li>Pickup and drop-off places at least {f.minDistanceKm} km apart.</li>
        </ul>
        <p>We may change these limits; the ones that apply are shown when you post a package.</p>
      </>
    ),
  },
  {
    id: 'prohibited',
    title: 'What you must not send',
    content: (
      <>
        <p>These are never allowed, and packages that mention them are rejected:</p>
        <ul>
          {prohibitedItems.map((item) => (
            <li key={item}>{item[0]?.toUpperCase() + item.slice(1)}</li>
          ))}
        </ul>
        <p>
          Also not allowed: anything that is illegal where it is picked up, carried through or delivered, or that the
          airline, rail, bus or ferry company the traveler uses refuses. The sender is responsible for what is inside
          the package and for any customs rules. A traveler may look inside a package at pickup and refuse it if they
          are unsure.
        </p>
      </>
    ),
  },
  {
    id: 'matching',
    title: 'Requests and matching',
    content: (
      <p>
        A traveler can offer to carry a package, or a sender can invite a traveler. When the other side accepts, the
        package is matched: every other pending request for it is declined, a chat opens between the two of you, and you
        agree the handover there. Keep your conversations and payments on Tagalong: arranging a payment outside the
        platform removes every protection described here.
      </p>
    ),
  },
  {
    id: 'fees-escrow',
    title: 'Payment, fees and escrow',
    content: (
      <>
        <p>
          The sender pays the reward plus a platform fee of {f.feePercent}% of the reward (at least {f.minimumFee})
          before the package is published. Travelers pay no fee.
        </p>
        <p>
          We hold the money in <strong>escrow</strong>: neither side can touch it while the package travels. It is
          released to the traveler’s Tagalong balance when the package is completed, and the traveler can then ask for a
          payout.
        </p>
      </>
    ),
  },
  {
    id: 'handover',
    title: 'Pickup and delivery codes',
    content: (
      <ol>
        <li>
          At pickup, the sender gives the traveler the pickup code; the traveler enters it, and the package is in
          transit.
        </li>
        <li>
          At the destination, the recipient gives the traveler the delivery code; the traveler enters it, and the
          package is delivered. Only hand over a code once you have the package in your hands.
        </li>
        <li>
          The sender confirms delivery, or the package completes automatically {f.autoCompleteDays} days after delivery
          if no dispute is opened.
        </li>
      </ol>
    ),
  },
  {
    id: 'cancellations',
    title: 'Cancellations and refunds',
    content: (
      <p>
        A sender can cancel until pickup. Cancelled or expired before a match: full refund. Cancelled after a match and
        before pickup: refund minus the fee. After pickup: only through a dispute. The details are in our{' '}
        <Link to="/refund-policy">refund policy</Link>.
      </p>
    ),
  },
  {
    id: 'disputes',
    title: 'Disputes',
    content: (
      <p>
        While a package is in transit or delivered, the sender or the traveler can open a dispute. An administrator
        reviews the timeline, photos and messages, may ask both of you for more, and decides: the package is completed
        and the traveler paid, or the sender is refunded. Please help us with honest, prompt answers. This does not take
        away any rights the law gives you.
      </p>
    ),
  },
  {
    id: 'conduct',
    title: 'Behaviour and bans',
    content: (
      <>
        <p>Be honest, polite and on time. We may warn, suspend or ban anyone who, for example:</p>
        <ul>
          <li>sends or carries prohibited items, or lies about a package;</li>
          <li>uses a false identity or someone else’s account;</li>
          <li>harasses other members or asks for payment outside Tagalong;</li>
          <li>misuses delivery codes, disputes or payments.</li>
        </ul>
        <p>
          A banned member can no longer sign in. Their open packages are cancelled and refunded; packages already on
          their way are settled as above.
        </p>
      </>
    ),
  },
  {
    id: 'responsibility',
    title: 'Responsibility',
    content: (
      <p>
        Senders are responsible for what they send; travelers for taking reasonable care of what they carry. Tagalong
        checks identities, holds the money and settles disputes, but cannot inspect packages or guarantee every member’s
        conduct. As far as the law allows, we are not liable for loss beyond the amounts paid through the platform for
        the package concerned.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and contact',
    content: (
      <p>
        We update these terms from time to time and change the date at the top; important changes are announced in the
        app before they apply. Questions: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. How we handle your data
        is in our <Link to="/privacy-policy">privacy policy</Link>.
      </p>
    ),
  },
];
