import { ImagePlus } from 'lucide-react';
import { type DragEvent, type ReactNode, type Ref, useEffect, useState } from 'react';
import { PHOTO_ACCEPT } from '#shared/packages.ts';
import { cn } from '#web/lib/cn.ts';

/** Files from the desktop, not a thumbnail of the grid being dragged to a new place. */
const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * Where photos are added: dropped on it, or chosen in the file dialog its label opens. The file input
 * is hidden from sight only: the keyboard reaches it (Enter or Space opens the dialog), screen readers
 * name it by the label, and the zone shows its focus.
 */
export function PhotoDropZone({
  id,
  inputRef,
  full,
  hint,
  onFiles,
}: {
  id: string;
  inputRef?: Ref<HTMLInputElement>;
  /** No room for another photo: the zone says so and takes nothing. */
  full: boolean;
  hint: ReactNode;
  onFiles: (files: File[]) => void;
}) {
  const [dragging, setDragging] = useState(false);
  const hintId = `${id}-hint`;
  // A photo dropped just beside the zone would otherwise be opened by the browser in place of the form.
  useEffect(() => {
    const keep = (event: globalThis.DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    window.addEventListener('dragover', keep);
    window.addEventListener('drop', keep);
    return () => {
      window.removeEventListener('dragover', keep);
      window.removeEventListener('drop', keep);
    };
  }, []);

  const onDragOver = (event: DragEvent<HTMLFieldSetElement>) => {
    if (!carriesFiles(event)) return;
    // Without this the browser would open the dropped file in place of the app.
    event.preventDefault();
    event.dataTransfer.dropEffect = full ? 'none' : 'copy';
    setDragging(!full);
  };

  return (
    <fieldset
      data-dragging={dragging || undefined}
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        // Moving over the zone's own icon or text is not leaving it.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setDragging(false);
        if (!full) onFiles([...event.dataTransfer.files]);
      }}
      className={cn(
        'relative flex min-w-0 flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-700',
        full
          ? 'border-slate-200 bg-slate-50'
          : dragging
            ? 'border-brand-700 bg-brand-50'
            : 'border-slate-300 bg-white hover:border-brand-600 hover:bg-slate-50',
      )}
    >
      <legend className="sr-only">Add photos</legend>
      <input
        ref={inputRef}
        id={id}
        type="file"
        multiple
        accept={PHOTO_ACCEPT}
        disabled={full}
        aria-describedby={hintId}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Choosing the same file again (after removing it) must still be a change.
          event.target.value = '';
          onFiles(files);
        }}
        className="sr-only"
      />
      <label
        htmlFor={id}
        className={cn('flex flex-col items-center gap-2', full ? 'cursor-not-allowed' : 'cursor-pointer')}
      >
        <span
          aria-hidden="true"
          className={cn(
            'flex size-12 items-center justify-center rounded-full',
            full ? 'bg-slate-200 text-slate-600' : 'bg-brand-100 text-brand-800',
          )}
        >
          <ImagePlus className="size-6" />
        </span>
        <span className="font-medium text-slate-900">
          {full ? (
            'No room for more photos'
          ) : (
            <>
              Drag photos here or <span className="text-brand-700 underline underline-offset-4">choose files</span>
            </>
          )}
        </span>
      </label>
      <p id={hintId} className="max-w-prose text-sm text-slate-600">
        {hint}
      </p>
    </fieldset>
  );
}
