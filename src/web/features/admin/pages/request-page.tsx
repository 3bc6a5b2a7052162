import { useParams } from 'react-router';
import { AdminPlaceholder, RecordId } from '../components/admin-placeholder.tsx';

export default function RequestPage() {
  const { id } = useParams();
  return (
    <AdminPlaceholder
      lead="One request: the package, the traveler and travel plan, and its history."
      emptyTitle="Request details arrive with the back-office work"
      back={{ to: '/admin/requests', label: 'Back to requests' }}
    >
      <p>
        Request <RecordId id={id} /> can't be shown yet: request details come with the admin issue.
      </p>
    </AdminPlaceholder>
  );
}
