import { PolicyLayout } from '#web/features/public/components/policy-layout.tsx';
import { termsSections } from '#web/features/public/components/terms-sections.tsx';

export default function TermsPage() {
  return (
    <PolicyLayout
      summary="The rules for sending and carrying packages on Tagalong, in plain words."
      sections={termsSections}
    />
  );
}
