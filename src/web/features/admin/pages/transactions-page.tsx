import { AdminPlaceholder } from '../components/admin-placeholder.tsx';

export default function TransactionsPage() {
  return (
    <AdminPlaceholder
      lead="The double-entry ledger: every movement of money into escrow, fees to the platform, releases to travelers and refunds to senders."
      emptyTitle="The ledger arrives with the back-office work"
    >
      Ledger entries are listed here once payments exist and the admin issue lands.
    </AdminPlaceholder>
  );
}
