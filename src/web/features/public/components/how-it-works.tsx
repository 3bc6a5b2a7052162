import { StepIllustration, type StepIllustrationName } from '#web/components/ui/illustrations/illustrations.tsx';
import { policyFigures as f } from '#web/features/public/policy-figures.ts';

interface Step {
  illustration: StepIllustrationName;
  title: string;
  text: string;
}

const senderSteps: Step[] = [
  {
    illustration: 'post-package',
    title: 'Post your package',
    text: 'Say what it is, where it goes, by when, and the reward you offer.',
  },
  {
    illustration: 'escrow',
    title: 'Pay into escrow',
    text: `You pay the reward plus a ${f.feePercent}% fee. We hold the money; the traveler is paid only after delivery.`,
  },
  {
    illustration: 'traveler',
    title: 'A traveler carries it',
    text: 'Accept a traveler already making the trip, and agree the handover in chat.',
  },
  {
    illustration: 'delivery-code',
    title: 'Delivery code',
    text: 'Your recipient gives the traveler a delivery code, which proves the package arrived.',
  },
  {
    illustration: 'money-released',
    title: 'Money released',
    text: `You confirm, or ${f.autoCompleteDays} days pass with no dispute, and the reward goes to the traveler.`,
  },
];

const travelerSteps: Step[] = [
  {
    illustration: 'add-trip',
    title: 'Add your trip',
    text: 'Where you leave from, where you are going, when, and how much room you have.',
  },
  {
    illustration: 'offer',
    title: 'Offer to carry',
    text: 'Pick packages along your route and send an offer to their senders.',
  },
  {
    illustration: 'pickup-code',
    title: 'Pickup code',
    text: 'Meet the sender, check the package, and enter their pickup code.',
  },
  {
    illustration: 'handover',
    title: 'Delivery code',
    text: 'Hand the package to the recipient and enter the code they give you.',
  },
  {
    illustration: 'get-paid',
    title: 'Get paid',
    text: 'The reward moves to your balance when the package completes. Ask for a payout any time.',
  },
];

function StepList({ title, steps }: { title: string; steps: Step[] }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-5 sm:p-6">
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      <ol className="mt-4 flex flex-col gap-4">
        {steps.map((step) => (
          <li key={step.title} className="flex gap-3">
            <StepIllustration name={step.illustration} className="size-12 shrink-0 sm:size-14" />
            <div>
              <p className="font-medium text-slate-900">{step.title}</p>
              <p className="text-sm text-slate-600">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works" className="mt-14">
      <h2 id="how-it-works" className="text-2xl font-bold tracking-tight text-slate-900">
        How it works
      </h2>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <StepList title="For senders" steps={senderSteps} />
        <StepList title="For travelers" steps={travelerSteps} />
      </div>
    </section>
  );
}
