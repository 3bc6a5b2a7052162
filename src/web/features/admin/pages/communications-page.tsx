import { AdminPlaceholder } from '../components/admin-placeholder.tsx';

export default function CommunicationsPage() {
  return (
    <AdminPlaceholder
      lead="Send a notification to every member or to a segment, and see what was sent before."
      emptyTitle="Broadcasts arrive with the back-office work"
    >
      Sending notifications and their history come with the admin issue. No broadcast has been sent.
    </AdminPlaceholder>
  );
}
