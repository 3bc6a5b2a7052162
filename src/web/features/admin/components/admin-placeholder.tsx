import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';

/** A back-office page whose content is not built yet: its purpose, and an honest empty state. */
export function AdminPlaceholder({
  lead,
  emptyTitle,
  children,
  back,
}: {
  lead: string;
  emptyTitle: string;
  children: ReactNode;
  back?: { to: string; label: string };
}) {
  const link = back ?? { to: '/admin/dashboard', label: 'Back to the admin dashboard' };
  return (
    <>
      <PageHeader lead={lead} />
      <EmptyState
        title={emptyTitle}
        action={
          <Button asChild variant="secondary">
            <Link to={link.to}>{link.label}</Link>
          </Button>
        }
      >
        {children}
      </EmptyState>
    </>
  );
}

/** A record id from the address, shown as code so a long UUID wraps on a phone. */
export function RecordId({ id }: { id: string | undefined }) {
  return <code className="break-all rounded bg-slate-100 px-1 text-sm text-slate-800">{id}</code>;
}
