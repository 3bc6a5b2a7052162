import { AdminPlaceholder } from '../components/admin-placeholder.tsx';

export default function PackagesPage() {
  return (
    <AdminPlaceholder
      lead="Every package on the marketplace, filterable by status, with its timeline and any dispute to resolve."
      emptyTitle="The package list arrives with the back-office work"
    >
      Listing and managing packages, and resolving disputes from a package's page, come with the admin issue.
    </AdminPlaceholder>
  );
}
