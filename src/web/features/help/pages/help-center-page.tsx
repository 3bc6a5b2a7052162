import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { useSession } from '#web/lib/session.ts';
import { MyConversations } from '../components/my-conversations.tsx';

const topics: { to: string; title: string; text: string }[] = [
  {
    to: '/need-help',
    title: 'Questions and contact',
    text: 'Answers to common questions and how to reach the Tagalong team.',
  },
  {
    to: '/refund-policy',
    title: 'Refund policy',
    text: 'When a package is cancelled, expires or goes wrong: what you get back and when.',
  },
  {
    to: '/terms-and-conditions',
    title: 'Terms and conditions',
    text: 'The rules for senders and travelers: what may be sent, who does what, how money is held.',
  },
  {
    to: '/privacy-policy',
    title: 'Privacy policy',
    text: 'What we keep about you, why, and how to ask for it or have it removed.',
  },
  {
    to: '/about',
    title: 'How Tagalong works',
    text: 'Sending and carrying packages, step by step.',
  },
];

export default function HelpCenterPage() {
  const me = useSession().data;
  return (
    <>
      <PageHeader lead="Find answers about sending and carrying packages, payments and refunds, or get in touch with us." />
      <Card role="region" aria-labelledby="help-topics">
        <CardHeader>
          <CardTitle id="help-topics">Help topics</CardTitle>
          <CardDescription>Each topic opens a page of the public site.</CardDescription>
        </CardHeader>
        <CardContent className="px-0 sm:px-0">
          <ul className="divide-y divide-slate-200 border-t border-slate-200">
            {topics.map((topic) => (
              <li key={topic.to}>
                <Link
                  to={topic.to}
                  className="flex items-center justify-between gap-4 px-5 py-4 hover:bg-slate-50 focus-visible:outline-offset-[-2px] sm:px-6"
                >
                  <span className="min-w-0">
                    <span className="block font-medium text-brand-700">{topic.title}</span>
                    <span className="block text-sm text-slate-600">{topic.text}</span>
                  </span>
                  <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
                </Link>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      {me ? <MyConversations me={me.id} /> : null}
    </>
  );
}
