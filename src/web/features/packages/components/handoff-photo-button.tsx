import { Camera } from 'lucide-react';
import { useId, useState } from 'react';
import type { HandoffStep } from '#shared/packages.ts';
import { errorMessage } from '#web/lib/errors/describe-error.ts';
import { showToast } from '#web/lib/toasts.ts';
import { useAddHandoffPhoto } from '../api/lifecycle.ts';

const words = { pickup: 'the pickup', delivery: 'the delivery' } as const;

/**
 * The traveler's optional photo of the handover just made (docs/product.md §2.4): one per step,
 * never replaced, shown to both parties and in a dispute.
 */
export function HandoffPhotoButton({ packageId, step }: { packageId: string; step: HandoffStep }) {
  const id = useId();
  const add = useAddHandoffPhoto(packageId, step);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-1">
      <label
        htmlFor={id}
        className="inline-flex h-10 w-fit cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-900 hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700"
      >
        <Camera aria-hidden="true" className="size-4" />
        {add.isPending ? 'Uploading…' : `Add a photo of ${words[step]}`}
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          disabled={add.isPending}
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            setError(null);
            try {
              await add.mutateAsync(file);
              showToast(`Photo of ${words[step]} added. The sender can see it too.`, 'success');
            } catch (err) {
              setError(errorMessage(err));
            }
          }}
        />
      </label>
      <p role="alert" className="text-sm font-medium text-red-700">
        {error}
      </p>
    </div>
  );
}
