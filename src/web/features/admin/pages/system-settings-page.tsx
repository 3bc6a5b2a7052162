import { AdminPlaceholder } from '../components/admin-placeholder.tsx';

export default function SystemSettingsPage() {
  return (
    <AdminPlaceholder
      lead="The marketplace's rules: platform fee, weight and reward limits, matching radius, auto-complete days, identity-check rules and the maintenance banner."
      emptyTitle="System settings arrive with the back-office work"
    >
      Viewing and changing settings come with the admin issue. Until then the server runs on its built-in defaults.
    </AdminPlaceholder>
  );
}
