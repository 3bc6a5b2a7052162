import { Box, Inbox, Plane, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';

const actions: { to: string; title: string; text: string; icon: ReactNode }[] = [
  {
    to: '/user/packages/send-a-package',
    title: 'Send a package',
    text: 'Describe your package and find a traveler already making the trip.',
    icon: <Send />,
  },
  {
    to: '/user/packages/carry-a-package',
    title: 'Carry a package',
    text: 'Add your trip and earn a reward for carrying a package along.',
    icon: <Plane />,
  },
  {
    to: '/user/packages/my-packages',
    title: 'My packages',
    text: 'Follow the packages you send, from payment to delivery.',
    icon: <Box />,
  },
  {
    to: '/user/packages/requests',
    title: 'Requests',
    text: 'Offers to carry your packages and invitations to carry others.',
    icon: <Inbox />,
  },
];

export function ActionCards() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {actions.map((action) => (
        <li key={action.to}>
          <Link
            to={action.to}
            className="group block h-full rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            <Card className="h-full transition-colors group-hover:border-brand-600">
              <CardHeader className="flex-row items-start gap-3 sm:pb-6 pb-5">
                <span aria-hidden="true" className="rounded-md bg-brand-50 p-2 text-brand-700 [&>svg]:size-5">
                  {action.icon}
                </span>
                <div className="flex flex-col gap-1">
                  <CardTitle as="h3" className="text-base group-hover:text-brand-800">
                    {action.title}
                  </CardTitle>
                  <CardDescription>{action.text}</CardDescription>
                </div>
              </CardHeader>
            </Card>
          </Link>
        </li>
      ))}
    </ul>
  );
}
