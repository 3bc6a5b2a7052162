import { BadgeCheck, Lock, MessagesSquare } from 'lucide-react';

const points = [
  {
    icon: Lock,
    title: 'Money held in escrow',
    text: 'The sender pays before the package is published, and the traveler is paid only once it is delivered. Disputes are settled by our team.',
  },
  {
    icon: BadgeCheck,
    title: 'Verified identities',
    text: 'Everyone who sends or carries has confirmed their e-mail and phone number and passed an identity check.',
  },
  {
    icon: MessagesSquare,
    title: 'Live chat',
    text: 'Sender and traveler talk in real time from the moment they are matched, so the handover is easy to arrange.',
  },
] as const;

export function TrustPoints() {
  return (
    <section aria-labelledby="trust" className="mt-14">
      <h2 id="trust" className="text-2xl font-bold tracking-tight text-slate-900">
        Why it’s safe
      </h2>
      <ul className="mt-6 grid gap-6 md:grid-cols-3">
        {points.map((p) => (
          <li key={p.title} className="rounded-lg border border-slate-200 bg-white p-5">
            <p.icon aria-hidden="true" className="size-7 text-brand-700" />
            <h3 className="mt-3 font-semibold text-slate-900">{p.title}</h3>
            <p className="mt-1 text-sm text-slate-600">{p.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
