import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

/**
 * A whole-form error (not tied to one field), announced when it appears. The live region is always
 * rendered, and takes no room while empty, so screen readers catch the message arriving; `children`
 * are the ways out (links, a resend button) shown under it.
 */
export function FormAlert({
  message,
  children,
  className,
}: {
  message: string | null;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div role="alert" aria-atomic="true">
      {message ? (
        <div
          className={cn(
            'flex items-start gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900',
            className,
          )}
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div className="flex flex-col gap-2">
            <p>{message}</p>
            {children ? <div className="flex flex-wrap items-center gap-x-4 gap-y-2">{children}</div> : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
