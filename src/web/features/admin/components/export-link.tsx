import { Download } from 'lucide-react';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';

/**
 * A CSV export as a plain link: the server streams the file as an attachment, so the browser
 * downloads it with the session cookie and nothing is held in the page. It reads "Export CSV"; the
 * words in between (`what`: "the journal as") complete its name for a screen reader, so each export
 * on a page is told apart while a voice command on the visible words still finds it.
 */
export function ExportLink({ href, what, className }: { href: string; what: string; className?: string }) {
  return (
    <a href={href} download className={cn(buttonVariants({ variant: 'secondary', size: 'sm' }), className)}>
      <Download aria-hidden="true" className="size-4" />
      <span>
        Export <span className="sr-only">{what}</span> CSV
      </span>
    </a>
  );
}
