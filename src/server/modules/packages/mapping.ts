import type { packagePhotos, packages } from '#server/db/schema/packages.ts';
import { PACKAGE_PHOTO_URL_PREFIX } from '#server/providers/storage/package-photo-storage.ts';
import { roughDegrees } from '#shared/geo.ts';
import { type Currency, platformFee } from '#shared/money.ts';
import type { PackageStatus } from '#shared/package-status.ts';
import type {
  HandoffPhoto,
  Package,
  PackageAction,
  PackageDraft,
  PackageEvent,
  PackagePhoto,
  PackageSize,
  PackageSummary,
  PublicPackage,
  PublicPlace,
} from '#shared/packages.ts';
import type { Place } from '#shared/places.ts';
import type { PackageCategory, Settings } from '#shared/settings.ts';

// Rows ↔ the contract. The database keeps grams, minor units and one column per place part; the API
// speaks kilograms and place objects. Nothing else in the module knows the column names of a place.

export type PackageRow = typeof packages.$inferSelect;
type PackageColumns = Partial<typeof packages.$inferInsert>;
export type PhotoRow = typeof packagePhotos.$inferSelect;

export interface Person {
  id: string;
  name: string;
  image: string | null;
}

interface PlaceParts {
  label: string | null;
  city: string | null;
  country: string | null;
  lat: number | null;
  lng: number | null;
  address: string | null;
}

function placeOf(parts: PlaceParts): Place | null {
  const { label, city, country, lat, lng, address } = parts;
  if (label === null || city === null || country === null || lat === null || lng === null) return null;
  return { label, city, countryCode: country, lat, lng, ...(address ? { address } : {}) };
}

const pickupOf = (row: PackageRow) =>
  placeOf({
    label: row.pickupLabel,
    city: row.pickupCity,
    country: row.pickupCountry,
    lat: row.pickupLat,
    lng: row.pickupLng,
    address: row.pickupAddress,
  });

const dropoffOf = (row: PackageRow) =>
  placeOf({
    label: row.dropoffLabel,
    city: row.dropoffCity,
    country: row.dropoffCountry,
    lat: row.dropoffLat,
    lng: row.dropoffLng,
    address: row.dropoffAddress,
  });

/** Only the city: what anyone but the parties may know of a place. */
const publicPlaceOf = (place: Place | null): PublicPlace | null =>
  place && {
    label: place.label,
    city: place.city,
    countryCode: place.countryCode,
    lat: roughDegrees(place.lat),
    lng: roughDegrees(place.lng),
  };

const kgOf = (grams: number | null) => (grams === null ? null : grams / 1000);
const isoOf = (date: Date | null) => (date === null ? null : date.toISOString());

/** The stored package as the sender's draft: the fields that are set, in the contract's units. */
export function draftOf(row: PackageRow): PackageDraft {
  const draft: PackageDraft = { title: row.title };
  if (row.description !== null) draft.description = row.description;
  if (row.category !== null) draft.category = row.category as PackageCategory;
  if (row.size !== null) draft.size = row.size as PackageSize;
  if (row.weightGrams !== null) draft.weightKg = row.weightGrams / 1000;
  if (row.declaredValue !== null) draft.declaredValue = row.declaredValue;
  draft.currency = row.currency as Currency;
  const pickup = pickupOf(row);
  if (pickup) draft.pickup = pickup;
  const dropoff = dropoffOf(row);
  if (dropoff) draft.dropoff = dropoff;
  if (row.pickupFrom !== null) draft.pickupFrom = row.pickupFrom.toISOString();
  if (row.deliverBy !== null) draft.deliverBy = row.deliverBy.toISOString();
  if (row.reward !== null) draft.reward = row.reward;
  if (row.recipientName !== null) draft.recipientName = row.recipientName;
  if (row.recipientPhone !== null) draft.recipientPhone = row.recipientPhone;
  if (row.notes !== null) draft.notes = row.notes;
  return draft;
}

// An emptied free-text field is stored as absent, so "missing" and the views never show "".
const textOrNull = (text: string) => (text === '' ? null : text);

/** The columns a change writes: only the fields it names; a new place replaces all of the old one. */
export function columnsOf(change: PackageDraft): PackageColumns {
  const columns: PackageColumns = {};
  if (change.title !== undefined) columns.title = change.title;
  if (change.description !== undefined) columns.description = textOrNull(change.description);
  if (change.category !== undefined) columns.category = change.category;
  if (change.size !== undefined) columns.size = change.size;
  if (change.weightKg !== undefined) columns.weightGrams = Math.round(change.weightKg * 1000);
  if (change.declaredValue !== undefined) columns.declaredValue = change.declaredValue;
  if (change.currency !== undefined) columns.currency = change.currency;
  if (change.pickup !== undefined) {
    const p = change.pickup;
    Object.assign(columns, {
      pickupLabel: p.label,
      pickupCity: p.city,
      pickupCountry: p.countryCode,
      pickupLat: p.lat,
      pickupLng: p.lng,
      pickupAddress: p.address ?? null,
    } satisfies PackageColumns);
  }
  if (change.dropoff !== undefined) {
    const d = change.dropoff;
    Object.assign(columns, {
      dropoffLabel: d.label,
      dropoffCity: d.city,
      dropoffCountry: d.countryCode,
      dropoffLat: d.lat,
      dropoffLng: d.lng,
      dropoffAddress: d.address ?? null,
    } satisfies PackageColumns);
  }
  if (change.pickupFrom !== undefined) columns.pickupFrom = new Date(change.pickupFrom);
  if (change.deliverBy !== undefined) columns.deliverBy = new Date(change.deliverBy);
  if (change.reward !== undefined) columns.reward = change.reward;
  if (change.recipientName !== undefined) columns.recipientName = change.recipientName;
  if (change.recipientPhone !== undefined) columns.recipientPhone = change.recipientPhone;
  if (change.notes !== undefined) columns.notes = textOrNull(change.notes);
  return columns;
}

export const photoOf = (row: Pick<PhotoRow, 'id' | 'storageKey' | 'width' | 'height'>): PackagePhoto => ({
  id: row.id,
  url: `${PACKAGE_PHOTO_URL_PREFIX}${row.storageKey}`,
  width: row.width,
  height: row.height,
});

/** What the sender pays: the reward and the platform fee on it (docs/product.md §5); unknown until a reward is set. */
export function priceOf(reward: number | null, settings: Pick<Settings, 'feePercent' | 'feeMinimum'>) {
  if (reward === null) return { fee: null, total: null };
  const fee = platformFee(reward, settings);
  return { fee, total: reward + fee };
}

export interface FullViewParts {
  sender: Person;
  traveler: Person | null;
  conversationId: string | null;
  photos: PackagePhoto[];
  timeline: PackageEvent[];
  handoffPhotos: HandoffPhoto[];
  actions: PackageAction[];
  missing: string[];
  settings: Settings;
}

export function toPackage(row: PackageRow, parts: FullViewParts): Package {
  return {
    visibility: 'full',
    id: row.id,
    status: row.status as PackageStatus,
    title: row.title,
    description: row.description,
    category: row.category as PackageCategory | null,
    size: row.size as PackageSize | null,
    weightKg: kgOf(row.weightGrams),
    declaredValue: row.declaredValue,
    currency: row.currency as Currency,
    pickup: pickupOf(row),
    dropoff: dropoffOf(row),
    pickupFrom: isoOf(row.pickupFrom),
    deliverBy: isoOf(row.deliverBy),
    reward: row.reward,
    ...priceOf(row.reward, parts.settings),
    recipientName: row.recipientName,
    recipientPhone: row.recipientPhone,
    notes: row.notes,
    photos: parts.photos,
    sender: parts.sender,
    traveler: parts.traveler,
    conversationId: parts.conversationId,
    missing: parts.missing,
    timeline: parts.timeline,
    handoffPhotos: parts.handoffPhotos,
    actions: parts.actions,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: isoOf(row.publishedAt),
  };
}

/** Built field by field from the row, so a private column can only appear here by being written here. */
export function toPublicPackage(row: PackageRow, parts: { sender: Person; photos: PackagePhoto[] }): PublicPackage {
  return {
    visibility: 'public',
    id: row.id,
    status: row.status as PackageStatus,
    title: row.title,
    description: row.description,
    category: row.category as PackageCategory | null,
    size: row.size as PackageSize | null,
    weightKg: kgOf(row.weightGrams),
    currency: row.currency as Currency,
    reward: row.reward,
    pickup: publicPlaceOf(pickupOf(row)),
    dropoff: publicPlaceOf(dropoffOf(row)),
    pickupFrom: isoOf(row.pickupFrom),
    deliverBy: isoOf(row.deliverBy),
    photos: parts.photos,
    sender: parts.sender,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toSummary(row: PackageRow, photo: PackagePhoto | null, settings: Settings): PackageSummary {
  return {
    id: row.id,
    status: row.status as PackageStatus,
    title: row.title,
    category: row.category as PackageCategory | null,
    size: row.size as PackageSize | null,
    weightKg: kgOf(row.weightGrams),
    currency: row.currency as Currency,
    reward: row.reward,
    total: priceOf(row.reward, settings).total,
    pickup: publicPlaceOf(pickupOf(row)),
    dropoff: publicPlaceOf(dropoffOf(row)),
    pickupFrom: isoOf(row.pickupFrom),
    deliverBy: isoOf(row.deliverBy),
    photo,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
