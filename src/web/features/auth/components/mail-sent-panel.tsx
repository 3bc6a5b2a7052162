import { MailCheck } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * "Check your inbox", shown in place of a form that just sent an e-mail. The form had focus, so focus
 * moves to this news for keyboard and screen-reader users.
 */
export function MailSentPanel({ headingId, children }: { headingId: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <MailCheck aria-hidden="true" className="size-8 shrink-0 text-brand-700" />
        <h2 id={headingId} ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none">
          Check your inbox
        </h2>
      </div>
      {children}
    </section>
  );
}
