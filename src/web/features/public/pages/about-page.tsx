import { Link } from 'react-router';
import { AboutIllustration } from '#web/components/ui/illustrations/illustrations.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { proseClass } from '#web/features/public/components/policy-layout.tsx';
import { policyFigures as f, prohibitedItems } from '#web/features/public/policy-figures.ts';

const protections = [
  {
    side: 'If you send',
    points: [
      'Your money is held in escrow and reaches the traveler only after the package is delivered.',
      'Every traveler has confirmed their e-mail and phone number and passed an identity check.',
      'The pickup code and the recipient’s delivery code prove each handover, and every step is recorded in the package’s timeline.',
      `If something goes wrong you can open a dispute until ${f.autoCompleteDays} days after delivery; our team decides, and can refund you.`,
    ],
  },
  {
    side: 'If you carry',
    points: [
      'The sender has paid before you ever see the package, so the reward is there waiting for you.',
      `Senders are verified too, and prohibited items (${prohibitedItems.join(', ')}) are not allowed.`,
      'You can look at a package at pickup and refuse it if you are unsure about it.',
      'Once you enter the delivery code, the reward is yours unless a dispute shows the delivery went wrong.',
    ],
  },
] as const;

export default function AboutPage() {
  return (
    <>
      <PageHeader lead="A marketplace for carrying things between cities, built on trust between people." />

      <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] lg:items-center lg:gap-10">
        <section aria-labelledby="mission" className={proseClass}>
          <h2 id="mission" className="text-xl font-semibold text-slate-900">
            Our mission
          </h2>
          <p>
            Every day thousands of people travel between cities with room to spare, while others need a document, a gift
            or a forgotten charger to make the same trip. Tagalong brings them together: senders get a fast, personal
            delivery, travelers earn a reward for a journey they were making anyway, and no extra vehicle goes on the
            road.
          </p>
          <p>
            We make that safe between strangers. Tagalong holds the money, checks who everyone is, and keeps both sides
            talking until the package is in the recipient’s hands.
          </p>
        </section>
        <AboutIllustration className="mx-auto mt-8 w-full max-w-sm lg:mt-0 lg:max-w-none" />
      </div>

      <section aria-labelledby="protection" className="mt-10">
        <h2 id="protection" className="text-xl font-semibold text-slate-900">
          How we protect both sides
        </h2>
        <div className="mt-4 grid gap-6 md:grid-cols-2">
          {protections.map((p) => (
            <div key={p.side} className="rounded-lg border border-slate-200 bg-white p-5">
              <h3 className="font-semibold text-slate-900">{p.side}</h3>
              <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700">
                {p.points.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <p className="mt-4 max-w-prose text-slate-700">
          The full rules are in our{' '}
          <Link to="/terms-and-conditions" className="text-brand-700 underline underline-offset-4 hover:text-brand-800">
            terms and conditions
          </Link>{' '}
          and{' '}
          <Link to="/refund-policy" className="text-brand-700 underline underline-offset-4 hover:text-brand-800">
            refund policy
          </Link>
          .
        </p>
      </section>

      <section aria-labelledby="data-credits" className={`mt-10 ${proseClass}`}>
        <h2 id="data-credits" className="text-xl font-semibold text-slate-900">
          Data credits
        </h2>
        <p>
          City names and locations come from <a href="https://www.geonames.org/">GeoNames</a>, used under the{' '}
          <a href="https://creativecommons.org/licenses/by/4.0/">
            Creative Commons Attribution 4.0 licence (CC BY 4.0)
          </a>
          . We use their list of cities with at least 1,000 inhabitants, reduced to names, countries, populations and
          coordinates. We thank the GeoNames contributors.
        </p>
      </section>
    </>
  );
}
