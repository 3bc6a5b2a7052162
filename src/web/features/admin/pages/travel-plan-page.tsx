import { useParams } from 'react-router';
import { AdminPlaceholder, RecordId } from '../components/admin-placeholder.tsx';

export default function TravelPlanPage() {
  const { id } = useParams();
  return (
    <AdminPlaceholder
      lead="One travel plan: route, dates, capacity, and the packages it carries."
      emptyTitle="Travel plan details arrive with the back-office work"
      back={{ to: '/admin/travel-plans', label: 'Back to travel plans' }}
    >
      <p>
        Travel plan <RecordId id={id} /> can't be shown yet: travel plan details come with the admin issue.
      </p>
    </AdminPlaceholder>
  );
}
