import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { and, inArray, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { packagePhotos, packages } from '#server/db/schema/packages.ts';
import type { PackagePhotoStorage } from '#server/providers/storage/package-photo-storage.ts';

// Demo mode's package photos, so the demo's cards and pages look like the product's: small WebP
// images bundled in ./photos (their sources and licences are in photos/CREDITS.md), stored as an
// upload stores its photo (photos.ts: a random `<uuid>.webp` key in the package photo storage, and a
// package_photo row with its size and position). The files are already in the stored form (WebP,
// 640 px, no metadata), so seeding reads and writes them without decoding them again.

/** The photo each demo package shows, by its title; drafts keep none, as their senders add them. */
export const demoPhotoFiles: Record<string, string> = {
  'Birthday gift for my sister': 'gift-box.webp',
  "Children's books": 'books.webp',
  'Handmade ceramic bowls': 'ceramic-bowls.webp',
  'Laptop charger': 'laptop-charger.webp',
  'Winter jacket': 'winter-jacket.webp',
  'Family photo album': 'photo-album.webp',
  'Design magazines': 'magazines.webp',
  'Souvenirs for a friend': 'souvenirs.webp',
  'Cosmetics gift set': 'gift-box.webp',
  'Italian cookbooks': 'books.webp',
  'Tea set': 'cup-and-saucer.webp',
};

const DEMO_OWNERS = ['sender@tagalong.test', 'traveler@tagalong.test'];
const photoDir = new URL('./photos/', import.meta.url);

/**
 * Gives each demo package of demoPhotoFiles its photo, once: a package that has any photo already is
 * left alone, so a restart adds nothing. Runs after seedDemoPackages; it also dresses the packages
 * of a demo seeded before the photos existed.
 */
export async function seedDemoPhotos(
  db: Database,
  log: FastifyBaseLogger,
  storage: PackagePhotoStorage,
): Promise<void> {
  const owners = await db.select({ id: user.id }).from(user).where(inArray(user.email, DEMO_OWNERS));
  if (owners.length === 0) return;
  const rows = await db
    .select({ id: packages.id, title: packages.title })
    .from(packages)
    .where(
      and(
        inArray(
          packages.senderId,
          owners.map((o) => o.id),
        ),
        inArray(packages.title, Object.keys(demoPhotoFiles)),
        ne(packages.status, 'draft'),
      ),
    );
  if (rows.length === 0) return;
  const withPhotos = new Set(
    (
      await db
        .select({ packageId: packagePhotos.packageId })
        .from(packagePhotos)
        .where(
          inArray(
            packagePhotos.packageId,
            rows.map((r) => r.id),
          ),
        )
    ).map((p) => p.packageId),
  );
  const missing = rows.filter((r) => !withPhotos.has(r.id));
  if (missing.length === 0) return;

  const images = new Map<string, Promise<{ bytes: Buffer; width: number; height: number }>>();
  const imageOf = (file: string) => {
    let image = images.get(file);
    if (!image) {
      image = readFile(new URL(file, photoDir)).then(async (bytes) => {
        // The header only: the size the package_photo row records, as an upload's does.
        const { width, height } = await sharp(bytes).metadata();
        return { bytes, width, height };
      });
      images.set(file, image);
    }
    return image;
  };

  const stored: (typeof packagePhotos.$inferInsert)[] = [];
  for (const row of missing) {
    const image = await imageOf(demoPhotoFiles[row.title] as string);
    // A key of its own per package, as every upload has: a key never names two photos.
    const key = `${randomUUID()}.webp`;
    await storage.put(key, image.bytes, 'image/webp');
    stored.push({ packageId: row.id, storageKey: key, width: image.width, height: image.height, position: 0 });
  }
  await db.insert(packagePhotos).values(stored);
  log.info({ photos: stored.length }, 'demo package photos added');
}
