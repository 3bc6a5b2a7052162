import sharp from 'sharp';
import { AppError } from '#shared/errors.ts';

// A package photo is shown at most full-width on a laptop; 1600 px on its longer side is plenty and
// keeps a 12-megapixel original down to a few hundred kilobytes.
export const PHOTO_MAX_SIDE = 1600;
const photoFormats = ['jpeg', 'png', 'webp'];
// Phone cameras reach about 50 megapixels (8160 × 6120); anything bigger is refused before it is
// decoded, so a small "decompression bomb" file cannot take the server's memory.
const MAX_INPUT_PIXELS = 64_000_000;

export const notAPhoto = () =>
  new AppError('VALIDATION_FAILED', {
    detail: 'The photo must be a JPEG, PNG or WebP image.',
    fields: { photo: ['Choose a JPEG, PNG or WebP image'] },
  });

export interface PhotoImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * The stored form of an uploaded photo. The format is read from the bytes (a file name or declared
 * type proves nothing); the image is turned upright, shrunk to fit 1600 × 1600 (never enlarged) and
 * re-encoded as WebP. Without `keepMetadata`, EXIF (with its GPS position), XMP and ICC are dropped.
 */
export async function toPackagePhoto(input: Buffer): Promise<PhotoImage> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw notAPhoto();
  }
  if (!format || !photoFormats.includes(format)) throw notAPhoto();
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    // A header that parses over a body that does not (a truncated or forged file).
    throw notAPhoto();
  }
}
