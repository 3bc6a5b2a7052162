import { TextLink } from '#web/components/ui/text-link.tsx';
import { useAppMeta } from '#web/lib/app-meta.ts';

/** On a demo server nothing is really sent; say where the e-mail went instead. */
export function DemoMailboxHint() {
  const meta = useAppMeta();
  if (!meta.data?.demoMode) return null;
  return (
    <p className="rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
      This is a demo server, so no e-mail really leaves it: read it in the{' '}
      <TextLink to="/dev/mailbox" className="text-blue-900 hover:text-blue-950">
        demo mailbox
      </TextLink>
      .
    </p>
  );
}
