import { AdminPlaceholder } from '../components/admin-placeholder.tsx';

export default function PaymentsPage() {
  return (
    <AdminPlaceholder
      lead="Every payment into escrow, its provider and state, and refunds."
      emptyTitle="The payment list arrives with the back-office work"
    >
      Listing payments and issuing refunds come with the admin issue.
    </AdminPlaceholder>
  );
}
