import { AdminPlaceholder } from '../components/admin-placeholder.tsx';

export default function UsersPage() {
  return (
    <AdminPlaceholder
      lead="Every member: search and filter them, open one to see their verification, packages and payments, and act on their account."
      emptyTitle="The user list arrives with the back-office work"
    >
      Searching, filtering and acting on members (ban, unban, make admin, identity-check override) come with the admin
      issue.
    </AdminPlaceholder>
  );
}
