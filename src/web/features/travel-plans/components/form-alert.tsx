import { CircleAlert } from 'lucide-react';

/** A whole-form error, announced when it appears; the live region stays rendered so it is caught. */
export function FormAlert({ message }: { message: string | null }) {
  return (
    <div role="alert" aria-atomic="true">
      {message ? (
        <p className="mt-3 flex items-start gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{message}</span>
        </p>
      ) : null}
    </div>
  );
}
