import type { ReactNode } from 'react';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { policiesLastUpdated } from '#web/features/public/policy-figures.ts';
import { LastUpdated } from './last-updated.tsx';

/** Readable long-form text: comfortable line length and spacing for lists, links and paragraphs. */
export const proseClass =
  'max-w-prose text-slate-700 [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-brand-800 [&_li]:mt-1.5 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_strong]:text-slate-900 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6';

export interface PolicySection {
  id: string;
  title: string;
  content: ReactNode;
}

/** A policy page: the h1, the date it last changed, a summary, a table of contents, then one h2 per section. */
export function PolicyLayout({ summary, sections }: { summary: ReactNode; sections: readonly PolicySection[] }) {
  return (
    <article>
      <PageHeader lead={summary} />
      <div className="-mt-3 mb-6">
        <LastUpdated isoDate={policiesLastUpdated} />
      </div>
      <nav aria-label="On this page" className="mb-8 max-w-prose rounded-lg border border-slate-200 bg-white p-4">
        <p className="text-sm font-semibold text-slate-900">On this page</p>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="text-brand-700 underline underline-offset-4 hover:text-brand-800">
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="flex flex-col gap-8">
        {sections.map((s) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`} className="scroll-mt-6">
            <h2 id={`${s.id}-heading`} className="text-xl font-semibold text-slate-900">
              {s.title}
            </h2>
            <div className={proseClass}>{s.content}</div>
          </section>
        ))}
      </div>
    </article>
  );
}
