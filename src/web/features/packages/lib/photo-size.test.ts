import { describe, expect, it } from 'vitest';
import { PACKAGE_LIMITS, PHOTO_ACCEPT } from '#shared/packages.ts';
import { attemptsFor, fitWithin, jpegName, PHOTO_SHRINK, sendsAsIs } from './photo-size.ts';

const accepted = PHOTO_ACCEPT.split(',');
const MB = 1024 * 1024;

describe('the size a photo goes up at', () => {
  it('fits the longer side within the limit, keeping the proportions, and never enlarges', () => {
    expect(fitWithin({ width: 4032, height: 3024 }, 2048)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin({ width: 3024, height: 4032 }, 2048)).toEqual({ width: 1536, height: 2048 });
    expect(fitWithin({ width: 8000, height: 100 }, 2048)).toEqual({ width: 2048, height: 26 });
    expect(fitWithin({ width: 20_000, height: 3 }, 2048)).toEqual({ width: 2048, height: 1 });
    expect(fitWithin({ width: 800, height: 600 }, 2048)).toEqual({ width: 800, height: 600 });
    expect(fitWithin({ width: 2048, height: 2048 }, 2048)).toEqual({ width: 2048, height: 2048 });
  });

  it('sends a small photo of an accepted type as it is, and works on the rest', () => {
    const small = { width: 1600, height: 1200 };
    expect(sendsAsIs({ size: MB, type: 'image/jpeg' }, small, accepted)).toBe(true);
    expect(sendsAsIs({ size: PHOTO_SHRINK.targetBytes, type: 'image/webp' }, small, accepted)).toBe(true);
    // Over the byte target, over the side, or a type the server does not take (the browser decoded it).
    expect(sendsAsIs({ size: PHOTO_SHRINK.targetBytes + 1, type: 'image/jpeg' }, small, accepted)).toBe(false);
    expect(sendsAsIs({ size: MB, type: 'image/png' }, { width: 2049, height: 10 }, accepted)).toBe(false);
    expect(sendsAsIs({ size: MB, type: 'image/gif' }, small, accepted)).toBe(false);
    expect(sendsAsIs({ size: MB, type: '' }, small, accepted)).toBe(false);
  });

  it('tries every quality, best first, at the fitted size before any smaller one', () => {
    const attempts = attemptsFor({ width: 4032, height: 3024 });
    expect(attempts.slice(0, 4)).toEqual(
      [0.85, 0.75, 0.65, 0.5].map((quality) => ({ width: 2048, height: 1536, quality })),
    );
    expect(attempts[4]).toEqual({ width: 1536, height: 1152, quality: 0.85 });
    // Each size smaller than the one before, ending at the smallest long side allowed.
    const sides = [...new Set(attempts.map((a) => Math.max(a.width, a.height)))];
    expect(sides).toEqual([2048, 1536, 1152, 864, 648, 640]);
    for (const attempt of attempts) expect(attempt.width / attempt.height).toBeCloseTo(4 / 3, 1);
  });

  it('keeps a photo already under the smallest size at its own size', () => {
    expect(attemptsFor({ width: 500, height: 300 })).toEqual(
      PHOTO_SHRINK.qualities.map((quality) => ({ width: 500, height: 300, quality })),
    );
  });

  it('aims well under the server’s limit', () => {
    expect(PHOTO_SHRINK.targetBytes).toBeLessThan(PACKAGE_LIMITS.photoBytes);
    expect(PHOTO_SHRINK.maxSide).toBeGreaterThanOrEqual(1600);
  });

  it('names the shrunk file for what it is', () => {
    expect(jpegName('parcel.png')).toBe('parcel.jpg');
    expect(jpegName('IMG_0042.JPEG')).toBe('IMG_0042.jpg');
    expect(jpegName('my.box.webp')).toBe('my.box.jpg');
    expect(jpegName('scan')).toBe('scan.jpg');
    expect(jpegName('.png')).toBe('photo.jpg');
  });
});
