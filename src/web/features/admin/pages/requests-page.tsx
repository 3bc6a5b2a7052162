import { AdminPlaceholder } from '../components/admin-placeholder.tsx';

export default function RequestsPage() {
  return (
    <AdminPlaceholder
      lead="Every request between a package and a traveler, and where it stands: pending, accepted, declined, withdrawn or expired."
      emptyTitle="The request list arrives with the back-office work"
    >
      Listing and opening requests come with the admin issue.
    </AdminPlaceholder>
  );
}
