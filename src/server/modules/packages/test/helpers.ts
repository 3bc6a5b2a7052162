import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { packagePhotos, packages } from '#server/db/schema/packages.ts';
import { multipartUpload } from '#server/modules/profiles/test/fixtures.ts';
import type { PackageStatus } from '#shared/package-status.ts';
import type { Package, PackageDraft } from '#shared/packages.ts';
import type { Place } from '#shared/places.ts';

// Places a few hundred km apart, with street addresses: the private part other members must not see.
export const paris: Place = {
  label: 'Paris, France',
  city: 'Paris',
  countryCode: 'FR',
  lat: 48.85341,
  lng: 2.3488,
  address: '12 Rue de Rivoli',
};
export const berlin: Place = {
  label: 'Berlin, Germany',
  city: 'Berlin',
  countryCode: 'DE',
  lat: 52.52437,
  lng: 13.41053,
  address: '5 Unter den Linden',
};
export const lyon: Place = { label: 'Lyon, France', city: 'Lyon', countryCode: 'FR', lat: 45.74846, lng: 4.84671 };

const day = 24 * 60 * 60 * 1000;
export const inDays = (days: number) => new Date(Date.now() + days * day).toISOString();

/** Every field a draft needs before payment, each one valid. */
export const completeDraft = (): PackageDraft & { title: string } => ({
  title: 'Birthday gift for my sister',
  description: 'A small wrapped box',
  category: 'gifts',
  size: 'S',
  weightKg: 1.5,
  declaredValue: 4000,
  currency: 'EUR',
  pickup: paris,
  dropoff: berlin,
  pickupFrom: inDays(1),
  deliverBy: inDays(21),
  reward: 2500,
  recipientName: 'Lena Weber',
  recipientPhone: '+12025550177',
  notes: 'Ring twice',
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A JSON request as a member (or a visitor, without a cookie). */
export function call(app: FastifyInstance, method: Method, url: string, cookie?: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: cookie ? { cookie } : {},
  });
}

export async function createDraft(app: FastifyInstance, cookie: string, body: PackageDraft = completeDraft()) {
  const res = await call(app, 'POST', '/api/packages', cookie, body);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as Package;
}

export function uploadPhoto(
  app: FastifyInstance,
  cookie: string | undefined,
  packageId: string,
  bytes: Buffer,
  filename = 'photo.jpg',
  contentType = 'image/jpeg',
) {
  const body = multipartUpload(bytes, filename, contentType, 'photo');
  return app.inject({
    method: 'POST',
    url: `/api/packages/${packageId}/photos`,
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
  });
}

/**
 * Publishing takes a payment, and matching an accepted request; where those are not under test,
 * tests put a package in those states directly.
 */
export async function setPackageStatus(
  app: FastifyInstance,
  id: string,
  status: PackageStatus,
  travelerId: string | null = null,
) {
  await app.database.db
    .update(packages)
    .set({ status, travelerId, ...(status === 'draft' ? {} : { publishedAt: new Date() }) })
    .where(eq(packages.id, id));
}

export async function rowCounts(app: FastifyInstance) {
  const db = app.database.db;
  const [p] = await db.select({ n: count() }).from(packages);
  const [ph] = await db.select({ n: count() }).from(packagePhotos);
  return { packages: p?.n ?? 0, photos: ph?.n ?? 0 };
}

export async function storedRow(app: FastifyInstance, id: string) {
  const [row] = await app.database.db.select().from(packages).where(eq(packages.id, id));
  return row;
}

/** A minimal but real PDF: what a member might pick by mistake in the file dialog. */
export const pdfBytes = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n' +
      'trailer << /Root 1 0 R >>\n%%EOF\n',
  );
