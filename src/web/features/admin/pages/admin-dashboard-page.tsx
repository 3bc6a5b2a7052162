import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';
import { adminSections } from '../components/admin-sections.ts';

export default function AdminDashboardPage() {
  return (
    <>
      <PageHeader lead="The marketplace at a glance: members, packages, money held and released, fee revenue, and how they change over time." />
      <div className="flex flex-col gap-8">
        <EmptyState title="The back-office dashboard arrives with the admin issue">
          Figures and charts are not computed yet, so none are shown. The sections below are where you will run the
          marketplace.
        </EmptyState>
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
