import type { LucideIcon } from 'lucide-react';
import { Banknote, KeyRound, Package, PackageCheck, Plane, Send, ShieldCheck, Wallet } from 'lucide-react';
import { policyFigures as f } from '#web/features/public/policy-figures.ts';

interface Step {
  icon: LucideIcon;
  title: string;
  text: string;
}

const senderSteps: Step[] = [
  {
    icon: Package,
    title: 'Post your package',
    text: 'Say what it is, where it goes, by when, and the reward you offer.',
  },
  {
    icon: Wallet,
    title: 'Pay into escrow',
    text: `You pay the reward plus a ${f.feePercent}% fee. We hold the money; the traveler is paid only after delivery.`,
  },
  {
    icon: Plane,
    title: 'A traveler carries it',
    text: 'Accept a traveler already making the trip, and agree the handover in chat.',
  },
  {
    icon: KeyRound,
    title: 'Delivery code',
    text: 'Your recipient gives the traveler a delivery code, which proves the package arrived.',
  },
  {
    icon: PackageCheck,
    title: 'Money released',
    text: `You confirm, or ${f.autoCompleteDays} days pass with no dispute, and the reward goes to the traveler.`,
  },
];

const travelerSteps: Step[] = [
  {
    icon: Plane,
    title: 'Add your trip',
    text: 'Where you leave from, where you are going, when, and how much room you have.',
  },
  { icon: Send, title: 'Offer to carry', text: 'Pick packages along your route and send an offer to their senders.' },
  { icon: KeyRound, title: 'Pickup code', text: 'Meet the sender, check the package, and enter their pickup code.' },
  {
    icon: ShieldCheck,
    title: 'Delivery code',
    text: 'Hand the package to the recipient and enter the code they give you.',
  },
  {
    icon: Banknote,
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
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"
            >
              <step.icon className="size-5" />
            </span>
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
