import { ArrowLeft, ArrowRight, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { PackagePhoto } from '#shared/packages.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';

type Direction = 'earlier' | 'later';

/**
 * The draft's photos as thumbnails, first photo first (the one lists show). Each has buttons to move
 * it earlier or later and to remove it; with a mouse a photo can also be dragged onto another's place.
 */
export function SavedPhotos({
  photos,
  title,
  busy,
  onMove,
  onRemove,
}: {
  photos: PackagePhoto[];
  title: string;
  /** A change is on its way: the buttons wait for it rather than queue a second one. */
  busy: boolean;
  onMove: (photoId: string, to: number) => void;
  onRemove: (photoId: string, position: number) => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const dragged = useRef<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  // A moved photo's buttons move with it (and React may take the focused one out and back in):
  // the focus follows it, to the other button when it reached an end.
  const [refocus, setRefocus] = useState<{ id: string; direction: Direction } | null>(null);
  useEffect(() => {
    if (!refocus || !photos.some((p) => p.id === refocus.id)) return;
    const tile = listRef.current?.querySelector(`[data-photo-id="${refocus.id}"]`);
    const button =
      tile?.querySelector<HTMLButtonElement>(`[data-move="${refocus.direction}"]:not(:disabled)`) ??
      tile?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    button?.focus();
    setRefocus(null);
  }, [refocus, photos]);

  const move = (id: string, index: number, direction: Direction) => {
    if (busy) return;
    setRefocus({ id, direction });
    onMove(id, direction === 'earlier' ? index - 1 : index + 1);
  };

  if (photos.length === 0) return null;
  const last = photos.length - 1;
  return (
    <ul ref={listRef} aria-label="Saved photos" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {photos.map((photo, index) => (
        <li
          key={photo.id}
          data-photo-id={photo.id}
          draggable={!busy && photos.length > 1}
          onDragStart={(event) => {
            dragged.current = photo.id;
            event.dataTransfer.effectAllowed = 'move';
            // Firefox starts a drag only with some data; the grid itself reads `dragged`.
            event.dataTransfer.setData('text/plain', photo.id);
          }}
          onDragOver={(event) => {
            if (!dragged.current) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = 'move';
            setDropTarget(photo.id);
          }}
          onDragLeave={() => setDropTarget((target) => (target === photo.id ? null : target))}
          onDrop={(event) => {
            const from = dragged.current;
            dragged.current = null;
            setDropTarget(null);
            if (!from) return;
            event.preventDefault();
            if (from !== photo.id && !busy) onMove(from, index);
          }}
          onDragEnd={() => {
            dragged.current = null;
            setDropTarget(null);
          }}
          className={cn(
            'flex flex-col gap-2 rounded-md p-1',
            photos.length > 1 && 'cursor-grab active:cursor-grabbing',
            dropTarget === photo.id && 'bg-brand-50 outline-2 outline-dashed outline-brand-700',
          )}
        >
          <div className="relative">
            <img
              src={photo.url}
              alt={`${title}, ${index + 1} of ${photos.length}`}
              width={photo.width}
              height={photo.height}
              // The tile is what moves: an image dragged on its own would carry its file instead.
              draggable={false}
              className="aspect-square w-full rounded-md border border-slate-200 bg-slate-100 object-cover"
            />
            <span
              aria-hidden="true"
              className="absolute top-1.5 left-1.5 flex size-6 items-center justify-center rounded-full bg-white/90 text-xs font-semibold text-slate-900 shadow-sm"
            >
              {index + 1}
            </span>
          </div>
          <div className="flex flex-wrap gap-1">
            {photos.length > 1 ? (
              <>
                <Button
                  variant="secondary"
                  size="icon"
                  data-move="earlier"
                  title="Move earlier"
                  disabled={index === 0}
                  aria-disabled={busy || undefined}
                  onClick={() => move(photo.id, index, 'earlier')}
                >
                  <ArrowLeft aria-hidden="true" className="size-4" />
                  <span className="sr-only">Move photo {index + 1} earlier</span>
                </Button>
                <Button
                  variant="secondary"
                  size="icon"
                  data-move="later"
                  title="Move later"
                  disabled={index === last}
                  aria-disabled={busy || undefined}
                  onClick={() => move(photo.id, index, 'later')}
                >
                  <ArrowRight aria-hidden="true" className="size-4" />
                  <span className="sr-only">Move photo {index + 1} later</span>
                </Button>
              </>
            ) : null}
            <Button
              variant="secondary"
              className="h-10 grow px-3"
              aria-disabled={busy || undefined}
              onClick={() => !busy && onRemove(photo.id, index + 1)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Remove <span className="sr-only">photo {index + 1}</span>
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
