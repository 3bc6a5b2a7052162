import { PageHeader } from '#web/components/ui/page-header.tsx';
import { BroadcastCompose } from '../components/broadcasts/broadcast-compose.tsx';
import { BroadcastHistory } from '../components/broadcasts/broadcast-history.tsx';

// /admin/communications/notifications (docs/product.md §8): a notification to every member or to a
// segment, and the broadcasts sent before with how far each got.

export default function CommunicationsPage() {
  return (
    <>
      <PageHeader lead="Send a notification to every member or to a segment, and follow what was sent before." />
      <BroadcastCompose />
      <BroadcastHistory />
    </>
  );
}
