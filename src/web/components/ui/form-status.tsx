import { CircleAlert, CircleCheck, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

/**
 * A whole-form message, announced when it appears: an error (alert) or a success (status). Both
 * live regions stay rendered, and take no room while empty, so a screen reader catches the message
 * arriving and the layout does not jump around them. `messageClassName` spaces the message itself,
 * not the empty regions.
 */
export function FormStatus({
  error,
  success,
  messageClassName,
}: {
  error?: string | null;
  success?: string | null;
  messageClassName?: string;
}) {
  return (
    <>
      <div role="alert" aria-atomic="true">
        {error ? (
          <Message icon={CircleAlert} className={cn('border-red-200 bg-red-50 text-red-900', messageClassName)}>
            {error}
          </Message>
        ) : null}
      </div>
      <div role="status" aria-atomic="true">
        {success ? (
          <Message icon={CircleCheck} className={cn('border-green-200 bg-green-50 text-green-900', messageClassName)}>
            {success}
          </Message>
        ) : null}
      </div>
    </>
  );
}

function Message({ icon: Icon, className, children }: { icon: LucideIcon; className: string; children: ReactNode }) {
  return (
    <p className={cn('flex items-start gap-2 rounded-md border p-3 text-sm', className)}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
