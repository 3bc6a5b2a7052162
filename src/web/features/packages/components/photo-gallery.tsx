import type { PackagePhoto } from '#shared/packages.ts';

/** The package's photos, to look at (the sender's draft shows the uploader instead). */
export function PhotoGallery({ photos, title }: { photos: PackagePhoto[]; title: string }) {
  if (photos.length === 0) return <p className="text-sm text-slate-600">No photos.</p>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <a
            href={photo.url}
            target="_blank"
            rel="noreferrer"
            className="block rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            <img
              src={photo.url}
              alt={`${title}, ${index + 1} of ${photos.length} (opens full size)`}
              width={photo.width}
              height={photo.height}
              className="aspect-square w-full rounded-md border border-slate-200 bg-slate-100 object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
