import { CircleAlert, CircleCheck } from 'lucide-react';

/**
 * A whole-form message, announced when it appears: an error (alert) or a success (status). Both
 * live regions stay rendered, and take no room while empty, so a screen reader catches the message
 * arriving and the layout does not jump around them.
 */
export function FormStatus({ error, success }: { error?: string | null; success?: string | null }) {
  return (
    <>
      <div role="alert" aria-atomic="true">
        {error ? (
          <p className="mt-3 flex items-start gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{error}</span>
          </p>
        ) : null}
      </div>
      <div role="status" aria-atomic="true">
        {success ? (
          <p className="mt-3 flex items-start gap-2 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{success}</span>
          </p>
        ) : null}
      </div>
    </>
  );
}
