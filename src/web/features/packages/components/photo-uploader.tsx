import { FileWarning, ImagePlus, Trash2, X } from 'lucide-react';
import { type ChangeEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { PACKAGE_LIMITS, type Package, PHOTO_ACCEPT } from '#shared/packages.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { errorMessage, errorStatus } from '#web/lib/errors/describe-error.ts';
import { useDeletePackagePhoto, useUploadPackagePhoto } from '../api/package-photos.ts';

const MAX_MB = PACKAGE_LIMITS.photoBytes / (1024 * 1024);
const acceptedTypes = PHOTO_ACCEPT.split(',');
const percent = new Intl.NumberFormat(undefined, { style: 'percent' });

interface Pending {
  key: string;
  file: File;
  /** An object URL of the chosen image; null for a file that is not one (nothing to show). */
  preview: string | null;
  state: 'waiting' | 'uploading' | 'failed';
  progress: number;
  error: string | null;
}

/** A quick check before anything is sent; the server reads the bytes and decides for itself. */
function checkFile(file: File): string | null {
  if (file.type && !acceptedTypes.includes(file.type)) return 'Choose a JPEG, PNG or WebP image.';
  if (file.size > PACKAGE_LIMITS.photoBytes) return `Choose a photo of ${MAX_MB} MB or less.`;
  if (file.size === 0) return 'This file is empty. Choose another photo.';
  return null;
}

/** The request limit refuses a photo too large before the server can word it on the field. */
function uploadFailure(err: unknown): string {
  return errorStatus(err) === 413 ? `Choose a photo of ${MAX_MB} MB or less.` : errorMessage(err);
}

let nextKey = 0;

/**
 * The package's photos: the saved ones (with Remove), and new ones going up one at a time with a
 * preview, their progress, and their own error if the server refuses them.
 */
export function PhotoUploader({ pkg, maxPhotos, inputId }: { pkg: Package; maxPhotos: number; inputId?: string }) {
  const ownId = useId();
  const id = inputId ?? ownId;
  const inputRef = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [removeError, setRemoveError] = useState<string | null>(null);
  const upload = useUploadPackagePhoto(pkg.id);
  const remove = useDeletePackagePhoto(pkg.id);
  // Previews are object URLs: give them back when they go, and when the uploader does.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const patch = useCallback(
    (key: string, changes: Partial<Pending>) =>
      setPending((items) => items.map((item) => (item.key === key ? { ...item, ...changes } : item))),
    [],
  );
  const dismiss = useCallback(
    (key: string) =>
      setPending((items) => {
        const gone = items.find((item) => item.key === key);
        if (gone?.preview) {
          URL.revokeObjectURL(gone.preview);
          previews.current.delete(gone.preview);
        }
        return items.filter((item) => item.key !== key);
      }),
    [],
  );

  // One upload at a time, in the order chosen, so the photos keep that order.
  const { mutateAsync } = upload;
  useEffect(() => {
    if (pending.some((item) => item.state === 'uploading')) return;
    const next = pending.find((item) => item.state === 'waiting');
    if (!next) return;
    patch(next.key, { state: 'uploading', progress: 0 });
    mutateAsync({ file: next.file, onProgress: (progress) => patch(next.key, { progress }) })
      .then(() => {
        dismiss(next.key);
        setAnnouncement(`${next.file.name} is added.`);
      })
      .catch((err: unknown) => {
        const error = uploadFailure(err);
        patch(next.key, { state: 'failed', error });
        setAnnouncement(`${next.file.name} was not added: ${error}`);
      });
  }, [pending, mutateAsync, patch, dismiss]);

  const queued = pending.filter((item) => item.state !== 'failed').length;
  const room = maxPhotos - pkg.photos.length - queued;

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    let left = room;
    const items = files.map((file): Pending => {
      const problem = checkFile(file) ?? (left <= 0 ? `A package can have at most ${maxPhotos} photos.` : null);
      if (!problem) left -= 1;
      const preview = acceptedTypes.includes(file.type) ? URL.createObjectURL(file) : null;
      if (preview) previews.current.add(preview);
      return {
        key: `photo-${nextKey++}`,
        file,
        preview,
        state: problem ? 'failed' : 'waiting',
        progress: 0,
        error: problem,
      };
    });
    setPending((current) => [...current, ...items]);
  };

  const onRemove = async (photoId: string, position: number) => {
    setRemoveError(null);
    try {
      await remove.mutateAsync(photoId);
      setAnnouncement(`Photo ${position} is removed.`);
      inputRef.current?.focus();
    } catch (err) {
      setRemoveError(errorMessage(err));
    }
  };

  const hintId = `${id}-hint`;
  return (
    <div className="flex flex-col gap-4">
      {pkg.photos.length > 0 ? (
        <ul aria-label="Saved photos" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {pkg.photos.map((photo, index) => (
            <li key={photo.id} className="flex flex-col gap-2">
              <img
                src={photo.url}
                alt={`${pkg.title}, ${index + 1} of ${pkg.photos.length}`}
                width={photo.width}
                height={photo.height}
                className="aspect-square w-full rounded-md border border-slate-200 bg-slate-100 object-cover"
              />
              <Button
                variant="secondary"
                size="sm"
                onClick={() => onRemove(photo.id, index + 1)}
                aria-disabled={remove.isPending || undefined}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Remove<span className="sr-only"> photo {index + 1}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <p role="alert" className="text-sm font-medium text-red-700 empty:hidden">
        {removeError}
      </p>

      <div className="flex flex-col gap-2">
        <Label htmlFor={id} className="flex items-center gap-2">
          <ImagePlus aria-hidden="true" className="size-4" />
          Add photos
        </Label>
        <input
          ref={inputRef}
          id={id}
          type="file"
          multiple
          accept={PHOTO_ACCEPT}
          onChange={onChoose}
          disabled={room <= 0}
          aria-describedby={hintId}
          className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:h-10 file:cursor-pointer file:rounded-md file:border file:border-slate-300 file:bg-white file:px-4 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-70"
        />
        <p id={hintId} className="text-sm text-slate-600">
          JPEG, PNG or WebP, up to {MAX_MB} MB each; {pkg.photos.length} of {maxPhotos} photos added. We shrink them and
          remove hidden details such as where they were taken.
        </p>
      </div>

      {pending.length > 0 ? (
        <ul aria-label="Photos being added" className="flex flex-col gap-2">
          {pending.map((item) => (
            <li
              key={item.key}
              className="flex items-center gap-3 rounded-md border border-slate-200 bg-white p-2"
              data-state={item.state}
            >
              {item.preview ? (
                <img
                  src={item.preview}
                  alt={`Preview of ${item.file.name}`}
                  className="size-14 shrink-0 rounded bg-slate-100 object-cover"
                />
              ) : (
                <span
                  aria-hidden="true"
                  className="flex size-14 shrink-0 items-center justify-center rounded bg-slate-100 text-slate-500"
                >
                  <FileWarning className="size-6" />
                </span>
              )}
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <p className="truncate text-sm font-medium text-slate-900">{item.file.name}</p>
                {item.state === 'failed' ? (
                  <p className="text-sm font-medium text-red-700">{item.error}</p>
                ) : (
                  <div className="flex items-center gap-2">
                    <progress
                      className="h-2 w-full max-w-48 accent-brand-700"
                      max={1}
                      value={item.progress}
                      aria-label={`Uploading ${item.file.name}`}
                    />
                    <span className="text-sm text-slate-700" aria-hidden="true">
                      {item.state === 'waiting' ? 'Waiting' : percent.format(item.progress)}
                    </span>
                  </div>
                )}
              </div>
              {item.state === 'failed' ? (
                <Button variant="ghost" size="icon" onClick={() => dismiss(item.key)}>
                  <X aria-hidden="true" className="size-4" />
                  <span className="sr-only">Dismiss {item.file.name}</span>
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
