import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { adminSections } from '../components/admin-sections.ts';
import { AttentionCard } from '../components/dashboard/attention-card.tsx';
import { DisputesQueueCard } from '../components/dashboard/disputes-queue-card.tsx';
import { FiguresCard } from '../components/dashboard/figures-card.tsx';
import { PeriodSection } from '../components/dashboard/period-section.tsx';

export default function AdminDashboardPage() {
  return (
    <>
      <PageHeader lead="What needs you first, and every part of the marketplace you run." />
      <div className="flex flex-col gap-8">
        <AttentionCard />
        <DisputesQueueCard />
        <FiguresCard />
        <PeriodSection />
        <section aria-labelledby="admin-sections">
          <h2 id="admin-sections" className="mb-3 text-lg font-semibold text-slate-900">
            Sections
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
            {adminSections.map((section) => (
              <li key={section.to}>
                <Link
                  to={section.to}
                  className="flex h-full items-start justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-600"
                >
                  <span className="min-w-0">
                    <span className="block font-semibold text-brand-700">{section.title}</span>
                    <span className="mt-1 block text-sm text-slate-600">{section.text}</span>
                  </span>
                  <ChevronRight aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
