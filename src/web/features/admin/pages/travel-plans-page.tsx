import { AdminPlaceholder } from '../components/admin-placeholder.tsx';

export default function TravelPlansPage() {
  return (
    <AdminPlaceholder
      lead="Every traveler's trip: route, dates, transport, free capacity and status."
      emptyTitle="The travel-plan list arrives with the back-office work"
    >
      Listing and opening travel plans come with the admin issue.
    </AdminPlaceholder>
  );
}
