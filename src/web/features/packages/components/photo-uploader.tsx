import { FileWarning, LoaderCircle, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { type Package, PHOTO_ACCEPT } from '#shared/packages.ts';
import { Button } from '#web/components/ui/button.tsx';
import { errorMessage, errorStatus } from '#web/lib/errors/describe-error.ts';
import { useDeletePackagePhoto, useReorderPackagePhotos, useUploadPackagePhoto } from '../api/package-photos.ts';
import { PhotoTooLarge, shrinkPhoto, UnreadablePhoto } from '../lib/shrink-photo.ts';
import { PhotoDropZone } from './photo-drop-zone.tsx';
import { SavedPhotos } from './saved-photos.tsx';

const acceptedTypes = PHOTO_ACCEPT.split(',');
const percent = new Intl.NumberFormat(undefined, { style: 'percent' });
const NOT_A_PHOTO = 'Choose a JPEG, PNG or WebP image.';

interface Pending {
  key: string;
  name: string;
  /** What goes up: the chosen file, then (once prepared) the one to send, often made smaller. */
  file: File;
  /** An object URL of the prepared photo; none before, and none for a file the browser cannot show. */
  preview: string | null;
  /** chosen → preparing → waiting → uploading, then gone (saved) or failed. */
  state: 'chosen' | 'preparing' | 'waiting' | 'uploading' | 'failed';
  progress: number;
  error: string | null;
}

/** A quick check before any work; the browser's decoding and then the server decide the rest. */
function checkFile(file: File): string | null {
  // A file without a declared type may still be a photo: decoding it tells.
  if (file.type && !acceptedTypes.includes(file.type)) return NOT_A_PHOTO;
  if (file.size === 0) return 'This file is empty. Choose another photo.';
  return null;
}

function preparationFailure(err: unknown): string {
  if (err instanceof UnreadablePhoto) return `This file is not a photo we can read. ${NOT_A_PHOTO}`;
  if (err instanceof PhotoTooLarge) return 'This photo stays too large even made smaller. Choose another photo.';
  return 'This photo could not be made ready to send. Choose another photo.';
}

/** The request limit refuses a photo too large before the server can word it on the field. */
function uploadFailure(err: unknown): string {
  return errorStatus(err) === 413 ? 'This photo is too large to send. Choose another photo.' : errorMessage(err);
}

/** The photos in the order given, any not in it (just added) after them. */
function inOrder<T extends { id: string }>(photos: T[], order: string[] | null): T[] {
  if (!order) return photos;
  const rank = (id: string) => {
    const at = order.indexOf(id);
    return at === -1 ? order.length : at;
  };
  return [...photos].sort((a, b) => rank(a.id) - rank(b.id));
}

let nextKey = 0;

/**
 * The package's photos: the saved ones as a grid to reorder and prune, a drop zone for more, and the
 * new ones on their way. Each new photo is made smaller in the browser when it needs to be (so a
 * phone's 10 MB original fits the server's limit), then goes up one at a time, in the order chosen,
 * with a preview, its progress, and its own error if it is refused.
 */
export function PhotoUploader({
  pkg,
  maxPhotos,
  inputId,
  onBusyChange,
}: {
  pkg: Package;
  maxPhotos: number;
  inputId?: string;
  /** True while photos are being prepared or sent: leaving then would drop them. */
  onBusyChange?: (busy: boolean) => void;
}) {
  const ownId = useId();
  const id = inputId ?? ownId;
  const inputRef = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const [changeError, setChangeError] = useState<string | null>(null);
  // The order on screen while a new one is being saved, so a move shows at once.
  const [order, setOrder] = useState<string[] | null>(null);
  const upload = useUploadPackagePhoto(pkg.id);
  const remove = useDeletePackagePhoto(pkg.id);
  const reorder = useReorderPackagePhotos(pkg.id);

  // Previews are object URLs: give them back when they go, and when the uploader does.
  const previews = useRef(new Set<string>());
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    const urls = previews.current;
    return () => {
      mounted.current = false;
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
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

  // One photo prepared at a time, in the order chosen: decoding a large one takes a lot of memory.
  useEffect(() => {
    if (pending.some((item) => item.state === 'preparing')) return;
    const next = pending.find((item) => item.state === 'chosen');
    if (!next) return;
    patch(next.key, { state: 'preparing' });
    shrinkPhoto(next.file)
      .then((file) => {
        if (!mounted.current) return;
        const preview = URL.createObjectURL(file);
        previews.current.add(preview);
        patch(next.key, { file, preview, state: 'waiting' });
      })
      .catch((err: unknown) => {
        const error = preparationFailure(err);
        patch(next.key, { state: 'failed', error });
        setAnnouncement(`${next.name} was not added: ${error}`);
      });
  }, [pending, patch]);

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
        setAnnouncement(`${next.name} is added.`);
      })
      .catch((err: unknown) => {
        const error = uploadFailure(err);
        patch(next.key, { state: 'failed', error });
        setAnnouncement(`${next.name} was not added: ${error}`);
      });
  }, [pending, mutateAsync, patch, dismiss]);

  const busy = pending.some((item) => item.state !== 'failed');
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  useEffect(() => () => onBusyChange?.(false), [onBusyChange]);

  const room = maxPhotos - pkg.photos.length - pending.filter((item) => item.state !== 'failed').length;
  const photos = inOrder(pkg.photos, order);

  const add = (files: File[]) => {
    let left = room;
    const items = files.map((file): Pending => {
      const problem = checkFile(file) ?? (left <= 0 ? `A package can have at most ${maxPhotos} photos.` : null);
      if (!problem) left -= 1;
      return {
        key: `photo-${nextKey++}`,
        name: file.name,
        file,
        preview: null,
        state: problem ? 'failed' : 'chosen',
        progress: 0,
        error: problem,
      };
    });
    const refused = items.filter((item) => item.error);
    if (refused.length > 0)
      setAnnouncement(refused.map((item) => `${item.name} was not added: ${item.error}`).join(' '));
    setPending((current) => [...current, ...items]);
  };

  const onMove = async (photoId: string, to: number) => {
    const ids = photos.map((photo) => photo.id).filter((other) => other !== photoId);
    ids.splice(Math.max(0, Math.min(to, ids.length)), 0, photoId);
    setChangeError(null);
    setOrder(ids);
    try {
      await reorder.mutateAsync(ids);
      setAnnouncement(`Photo moved to position ${ids.indexOf(photoId) + 1} of ${ids.length}.`);
    } catch (err) {
      setChangeError(errorMessage(err));
    } finally {
      setOrder(null);
    }
  };

  const onRemove = async (photoId: string, position: number) => {
    setChangeError(null);
    try {
      await remove.mutateAsync(photoId);
      setAnnouncement(`Photo ${position} is removed.`);
      inputRef.current?.focus();
    } catch (err) {
      setChangeError(errorMessage(err));
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <SavedPhotos
        photos={photos}
        title={pkg.title}
        busy={reorder.isPending || remove.isPending}
        onMove={onMove}
        onRemove={onRemove}
      />
      <p role="alert" className="text-sm font-medium text-red-700 empty:hidden">
        {changeError}
      </p>

      <PhotoDropZone
        id={id}
        inputRef={inputRef}
        full={room <= 0}
        onFiles={add}
        hint={
          <>
            JPEG, PNG or WebP; {pkg.photos.length} of {maxPhotos} photos added.{' '}
            {room <= 0 && pending.length === 0 ? 'Remove one to add another. ' : null}
            Large photos are made smaller on your device before they are sent, and we remove hidden details such as
            where they were taken. The first photo is the one travelers see first.
          </>
        }
      />

      {pending.length > 0 ? (
        <ul aria-label="Photos being added" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {pending.map((item) => (
            <li
              key={item.key}
              className="flex flex-col gap-2 rounded-md border border-slate-200 bg-white p-2"
              data-state={item.state}
            >
              {item.preview && item.state !== 'failed' ? (
                <img
                  src={item.preview}
                  alt={`Preview of ${item.name}`}
                  className="aspect-square w-full rounded bg-slate-100 object-cover"
                />
              ) : (
                <span
                  aria-hidden="true"
                  className="flex aspect-square w-full items-center justify-center rounded bg-slate-100 text-slate-500"
                >
                  {item.state === 'failed' ? (
                    <FileWarning className="size-8 text-red-700" />
                  ) : (
                    <LoaderCircle className="size-8 animate-spin" />
                  )}
                </span>
              )}
              <div className="flex min-w-0 items-start gap-1">
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <p className="truncate text-sm font-medium text-slate-900" title={item.name}>
                    {item.name}
                  </p>
                  {item.state === 'failed' ? (
                    <p className="text-sm font-medium text-red-700">{item.error}</p>
                  ) : (
                    <div className="flex items-center gap-2">
                      {item.state === 'uploading' ? (
                        <progress
                          className="h-2 w-full accent-brand-700"
                          max={1}
                          value={item.progress}
                          aria-label={`Uploading ${item.name}`}
                        />
                      ) : (
                        <progress className="h-2 w-full accent-brand-700" aria-label={`Preparing ${item.name}`} />
                      )}
                      <span className="shrink-0 text-sm text-slate-700" aria-hidden="true">
                        {item.state === 'uploading'
                          ? percent.format(item.progress)
                          : item.state === 'waiting'
                            ? 'Waiting'
                            : 'Preparing'}
                      </span>
                    </div>
                  )}
                </div>
                {item.state === 'failed' ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="-mt-2 -mr-2 shrink-0"
                    onClick={() => dismiss(item.key)}
                  >
                    <X aria-hidden="true" className="size-4" />
                    <span className="sr-only">Dismiss {item.name}</span>
                  </Button>
                ) : null}
              </div>
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
