import { PageHeader } from '#web/components/ui/page-header.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';

export default function Page() {
  return (
    <>
      <PageHeader />
      <EmptyState title="Nothing here yet">This page is being built.</EmptyState>
    </>
  );
}
