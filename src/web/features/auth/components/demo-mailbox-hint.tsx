import { TextLink } from '#web/components/ui/text-link.tsx';
import { useAppMeta } from '#web/lib/app-meta.ts';

/** On a demo server nothing is really sent; say where the e-mail (or the text message) went instead. */
export function DemoMailboxHint({ kind = 'mail' }: { kind?: 'mail' | 'sms' }) {
  const meta = useAppMeta();
  if (!meta.data?.demoMode) return null;
  return (
    <p className="rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
      {kind === 'sms'
        ? 'This is a demo server, so no text message really leaves it: read the code in the '
        : 'This is a demo server, so no e-mail really leaves it: read it in the '}
      <TextLink
        to={kind === 'sms' ? '/dev/mailbox?tab=sms' : '/dev/mailbox'}
        className="text-blue-900 hover:text-blue-950"
      >
        demo mailbox
      </TextLink>
      {kind === 'sms' ? ' (its SMS tab).' : '.'}
    </p>
  );
}
