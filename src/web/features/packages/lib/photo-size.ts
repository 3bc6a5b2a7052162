// How big a photo goes up (docs/product.md §2.1). A phone's original is often over the server's 8 MB
// limit, so the browser makes it smaller first; the server keeps its limit and still makes its own
// 1600 px WebP. These are the numbers and the order of tries; ./shrink-photo.ts does the drawing.

export const PHOTO_SHRINK = {
  /** A little over the server's 1600 px, so its own resize still has detail to work from. */
  maxSide: 2048,
  /** Far below the server's limit: a photo this size goes up in seconds on a phone's connection. */
  targetBytes: 2 * 1024 * 1024,
  /** JPEG qualities, tried in turn while the result is over the target. */
  qualities: [0.85, 0.75, 0.65, 0.5],
  /** Past the lowest quality the sides shrink by this factor and the qualities start again… */
  sideFactor: 0.75,
  /** …but never below this long side, where a photo would no longer show much of its package. */
  minSide: 640,
} as const;

export interface Size {
  width: number;
  height: number;
}

export interface Attempt extends Size {
  quality: number;
}

/** The size with `maxSide` on its longer side and the same proportions; a smaller one stays as it is. */
export function fitWithin({ width, height }: Size, maxSide: number): Size {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** An original that needs no work: a type the server takes, within the size and under the target. */
export function sendsAsIs(file: { size: number; type: string }, size: Size, acceptedTypes: readonly string[]) {
  return (
    acceptedTypes.includes(file.type) &&
    file.size <= PHOTO_SHRINK.targetBytes &&
    Math.max(size.width, size.height) <= PHOTO_SHRINK.maxSide
  );
}

/**
 * The encodings to try, best first: each quality at the fitted size, then each again at smaller sizes
 * down to `minSide`. Real photos stop at the first; a photo of pure noise may need several.
 */
export function attemptsFor(source: Size): Attempt[] {
  const attempts: Attempt[] = [];
  let size = fitWithin(source, PHOTO_SHRINK.maxSide);
  for (;;) {
    for (const quality of PHOTO_SHRINK.qualities) attempts.push({ ...size, quality });
    const longSide = Math.max(size.width, size.height);
    if (longSide <= PHOTO_SHRINK.minSide) return attempts;
    size = fitWithin(size, Math.max(PHOTO_SHRINK.minSide, Math.round(longSide * PHOTO_SHRINK.sideFactor)));
  }
}

/** "parcel.png" → "parcel.jpg": the name says what the bytes now are. */
export const jpegName = (name: string) => `${name.replace(/\.[^./\\]*$/, '') || 'photo'}.jpg`;
