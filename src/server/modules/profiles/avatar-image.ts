import sharp from 'sharp';
import { AppError } from '#shared/errors.ts';
import { AVATAR_SIZE, avatarFormats } from '#shared/profiles.ts';

// A decoded image this large (about 8000 × 5000) is no one's profile photo; refusing it early keeps
// a small "decompression bomb" file from taking the server's memory.
const MAX_INPUT_PIXELS = 40_000_000;

const notAnImage = () =>
  new AppError('VALIDATION_FAILED', {
    fields: { avatar: ['Choose a JPEG, PNG or WebP image'] },
    detail: 'The photo is not a JPEG, PNG or WebP image.',
  });

/**
 * The stored form of an uploaded avatar: the format is read from the bytes themselves (the file
 * name and the browser's declared type prove nothing), turned upright, cropped to a square and
 * re-encoded as WebP. Re-encoding without `keepMetadata` drops EXIF, GPS, XMP and ICC comments.
 */
export async function toAvatarImage(input: Buffer): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw notAnImage();
  }
  if (!format || !(avatarFormats as readonly string[]).includes(format)) throw notAnImage();
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // A header that parses over a body that does not (a truncated or forged file).
    throw notAnImage();
  }
}
