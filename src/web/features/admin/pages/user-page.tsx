import { useParams } from 'react-router';
import { AdminPlaceholder, RecordId } from '../components/admin-placeholder.tsx';

export default function UserPage() {
  const { id } = useParams();
  return (
    <AdminPlaceholder
      lead="One member: their details, verification, packages, payments, and the actions you can take on their account."
      emptyTitle="User details arrive with the back-office work"
      back={{ to: '/admin/users', label: 'Back to users' }}
    >
      <p>
        User <RecordId id={id} /> can't be shown yet: user details come with the admin issue.
      </p>
    </AdminPlaceholder>
  );
}
