import { TriangleAlert } from 'lucide-react';
import { usePublicSettings } from '#web/lib/settings.ts';

/**
 * The administrators' notice (planned work, an incident) on every page, for members and visitors
 * alike, while it is switched on in the system settings (docs/product.md §10). Nothing while the
 * settings load or fail: the page itself matters more than a notice about it.
 */
export function MaintenanceNotice() {
  const settings = usePublicSettings();
  if (!settings.data?.maintenanceOn || !settings.data.maintenanceText) return null;
  return (
    <aside
      aria-label="Service notice"
      className="flex items-start justify-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p className="max-w-prose">{settings.data.maintenanceText}</p>
    </aside>
  );
}
