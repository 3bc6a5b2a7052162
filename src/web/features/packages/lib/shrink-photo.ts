import { PACKAGE_LIMITS, PHOTO_ACCEPT } from '#shared/packages.ts';
import { type Attempt, attemptsFor, jpegName, PHOTO_SHRINK, sendsAsIs } from './photo-size.ts';

const acceptedTypes = PHOTO_ACCEPT.split(',');

/** The browser could not decode the file: not an image, or a damaged one. */
export class UnreadablePhoto extends Error {}

/** Even at the smallest size tried the photo stays over the server's limit (no real photo does). */
export class PhotoTooLarge extends Error {}

type Context = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

function draw(context: Context | null, bitmap: ImageBitmap, { width, height }: Attempt) {
  if (!context) throw new Error('No 2D canvas in this browser');
  // JPEG has no transparency: the see-through parts of a PNG would otherwise come out black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
}

/** Draws at each new size once, and encodes as often as the qualities ask. */
function jpegEncoder(bitmap: ImageBitmap) {
  // OffscreenCanvas where there is one; a plain canvas (never in the page) in the browsers without.
  const canvas = typeof OffscreenCanvas === 'undefined' ? document.createElement('canvas') : new OffscreenCanvas(1, 1);
  let drawn = '';
  return (attempt: Attempt): Promise<Blob> => {
    const size = `${attempt.width}×${attempt.height}`;
    if (drawn !== size) {
      canvas.width = attempt.width;
      canvas.height = attempt.height;
      draw(canvas.getContext('2d') as Context | null, bitmap, attempt);
      drawn = size;
    }
    if (!(canvas instanceof HTMLCanvasElement))
      return canvas.convertToBlob({ type: 'image/jpeg', quality: attempt.quality });
    return new Promise((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The canvas gave no image'))),
        'image/jpeg',
        attempt.quality,
      ),
    );
  };
}

/**
 * The file to send for a chosen photo. Decoding it first proves it is an image (a file that is not
 * one never gets a preview); a small one goes as it is, a larger one is drawn upright (as its EXIF
 * orientation says) within 2048 px and sent as a JPEG of about 2 MB at most, without its metadata.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new UnreadablePhoto();
  }
  try {
    if (sendsAsIs(file, bitmap, acceptedTypes)) return file;
    const encode = jpegEncoder(bitmap);
    let smallest: Blob | null = null;
    for (const attempt of attemptsFor(bitmap)) {
      const blob = await encode(attempt);
      if (!smallest || blob.size < smallest.size) smallest = blob;
      if (blob.size <= PHOTO_SHRINK.targetBytes) break;
    }
    if (!smallest || smallest.size > PACKAGE_LIMITS.photoBytes) throw new PhotoTooLarge();
    return new File([smallest], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
