import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { account, session, user, verification } from '#server/db/schema/auth.ts';
import { ratingSummary } from '#server/modules/reviews/public.ts';
import type { AvatarStorage } from '#server/providers/storage/avatar-storage.ts';
import { kycStatuses } from '#shared/auth.ts';
import { AppError } from '#shared/errors.ts';
import type { Profile, PublicProfile, UpdateProfile } from '#shared/profiles.ts';
import { toAvatarImage } from './avatar-image.ts';
import { reliability } from './reliability.ts';

type UserRow = typeof user.$inferSelect;

const DELETED_NAME = 'Deleted member';

const kycStatusOf = (row: UserRow) =>
  (kycStatuses as readonly string[]).includes(row.kycStatus) ? (row.kycStatus as Profile['kycStatus']) : 'not_started';

function toProfile(row: UserRow): Profile {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    image: row.image,
    bio: row.bio,
    city: row.city,
    languages: row.languages,
    notifyByEmail: row.notifyByEmail,
    phoneNumber: row.phoneNumber,
    emailVerified: row.emailVerified,
    phoneNumberVerified: row.phoneNumberVerified,
    kycStatus: kycStatusOf(row),
    createdAt: row.createdAt.toISOString(),
  };
}

const activeUser = (id: string) => and(eq(user.id, id), isNull(user.deletedAt));

/** The signed-in member's own profile, everything they may see and edit about themselves. */
export async function getProfile(db: Database, userId: string): Promise<Profile> {
  const [row] = await db.select().from(user).where(activeUser(userId));
  if (!row) throw new AppError('UNAUTHENTICATED');
  return toProfile(row);
}

/** Writes only the fields given (already validated by the contract); the rest stay as they are. */
export async function updateProfile(db: Database, userId: string, input: UpdateProfile): Promise<Profile> {
  const changes: Partial<typeof user.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.bio !== undefined) changes.bio = input.bio;
  if (input.city !== undefined) changes.city = input.city;
  if (input.languages !== undefined) changes.languages = input.languages;
  if (input.notifyByEmail !== undefined) changes.notifyByEmail = input.notifyByEmail;
  if (Object.keys(changes).length === 0) return getProfile(db, userId);
  const [row] = await db
    .update(user)
    .set({ ...changes, updatedAt: new Date() })
    .where(activeUser(userId))
    .returning();
  if (!row) throw new AppError('UNAUTHENTICATED');
  return toProfile(row);
}

/**
 * Replaces the member's avatar. The new image is stored before the profile points at it, and the
 * old one is removed only after, so any failure on the way leaves the old avatar in place.
 */
export async function setAvatar(db: Database, storage: AvatarStorage, userId: string, upload: Buffer) {
  const image = await toAvatarImage(upload);
  const key = `${randomUUID()}.webp`;
  const url = await storage.put(key, image, 'image/webp');
  let swapped: { before: UserRow; after: UserRow };
  try {
    // The row lock makes two uploads at once take turns, so each removes the image it replaced.
    swapped = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(user).where(activeUser(userId)).for('update');
      if (!before) throw new AppError('UNAUTHENTICATED');
      const [after] = await tx
        .update(user)
        .set({ image: url, updatedAt: new Date() })
        .where(eq(user.id, userId))
        .returning();
      return { before, after: after as UserRow };
    });
  } catch (err) {
    await storage.delete(key).catch(() => undefined);
    throw err;
  }
  await removeStoredAvatar(storage, swapped.before.image);
  return toProfile(swapped.after);
}

async function removeStoredAvatar(storage: AvatarStorage, url: string | null) {
  const key = url ? storage.keyOf(url) : null;
  // Best effort: an orphaned file is served to no one once nothing links to it.
  if (key) await storage.delete(key).catch(() => undefined);
}

/**
 * docs/product.md §1: deleting an account signs the member out everywhere, removes or anonymises their
 * personal data and keeps money records. The user row stays (ledger entries, packages and
 * conversations will point at it) under a placeholder name; every way back in is removed: sessions,
 * credentials and linked sign-in providers, and pending tokens (a reset link would otherwise
 * recreate a password).
 */
export async function deleteAccount(db: Database, storage: AvatarStorage, userId: string): Promise<void> {
  const before = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(user).where(activeUser(userId)).for('update');
    if (!row) throw new AppError('UNAUTHENTICATED');
    const tokenIdentifiers = [row.email, row.phoneNumber].filter((v): v is string => Boolean(v));
    await tx.delete(session).where(eq(session.userId, userId));
    await tx.delete(account).where(eq(account.userId, userId));
    await tx
      .delete(verification)
      .where(or(eq(verification.value, userId), inArray(verification.identifier, tokenIdentifiers)));
    await tx
      .update(user)
      .set({
        name: DELETED_NAME,
        email: `deleted-${userId}@deleted.invalid`,
        emailVerified: false,
        image: null,
        phoneNumber: null,
        phoneNumberVerified: false,
        bio: null,
        city: null,
        languages: [],
        notifyByEmail: false,
        deletedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(user.id, userId));
    return row;
  });
  await removeStoredAvatar(storage, before.image);
}

/**
 * What anyone may read about a member. Deleted members have no public page. The rating counts only
 * reviews revealed at `now` (the app's clock), as the member's review list does.
 */
export async function getPublicProfile(db: Database, id: string, now: Date): Promise<PublicProfile> {
  const [row] = await db.select().from(user).where(activeUser(id));
  if (!row) throw new AppError('MEMBER_NOT_FOUND');
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    bio: row.bio,
    memberSince: row.createdAt.toISOString(),
    city: row.city,
    languages: row.languages,
    verification: {
      email: row.emailVerified,
      phone: row.phoneNumberVerified,
      identity: row.kycStatus === 'approved',
    },
    rating: await ratingSummary(db, id, now),
    reliability: await reliability(db, id),
  };
}
