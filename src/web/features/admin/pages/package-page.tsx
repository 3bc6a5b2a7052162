import { useParams } from 'react-router';
import { AdminPlaceholder, RecordId } from '../components/admin-placeholder.tsx';

export default function PackagePage() {
  const { id } = useParams();
  return (
    <AdminPlaceholder
      lead="One package: its details, status timeline, payment, and any dispute to resolve."
      emptyTitle="Package details arrive with the back-office work"
      back={{ to: '/admin/packages', label: 'Back to packages' }}
    >
      <p>
        Package <RecordId id={id} /> can't be shown yet: package details come with the admin issue.
      </p>
    </AdminPlaceholder>
  );
}
