import { z } from 'zod';
import { kycStatuses } from './auth.ts';
import { reliabilitySchema } from './reliability.ts';
import { ratingSummarySchema } from './reviews.ts';
import { text } from './text.ts';

// The profile contract: what a member edits about themselves, and what any
// reader, visitor or member, sees of another member. Never e-mail or phone on the public side.

export const PROFILE_LIMITS = {
  name: 100,
  bio: 500,
  city: 100,
  languages: 10,
  /** BCP 47 tags: "en", "pt-BR", up to the 35 characters RFC 5646 asks implementations to support. */
  languageMin: 2,
  languageMax: 35,
} as const;

/** Avatars: JPEG, PNG or WebP, at most 5 MB, stored as a 256×256 WebP without metadata. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE = 256;
export const avatarFormats = ['jpeg', 'png', 'webp'] as const;
export const AVATAR_ACCEPT = 'image/jpeg,image/png,image/webp';

/** The typed word that confirms deleting an account. */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE';

const languageTag = text()
  .min(PROFILE_LIMITS.languageMin, `Use a language code of at least ${PROFILE_LIMITS.languageMin} characters`)
  .max(PROFILE_LIMITS.languageMax, `Use a language code of at most ${PROFILE_LIMITS.languageMax} characters`)
  .regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/, 'Use a language code such as "en" or "pt-BR"')
  // One spelling per language ("EN" → "en", "pt-br" → "pt-BR"), so repeats can be recognised.
  .transform((tag, ctx) => {
    try {
      return Intl.getCanonicalLocales(tag)[0] ?? tag;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Use a language code such as "en" or "pt-BR"' });
      return z.NEVER;
    }
  });

/** Blank optional text is stored as "not given" (null), never as an empty string. */
const optionalText = (max: number, label: string) =>
  text()
    .trim()
    .max(max, `${label} can be at most ${max} characters`)
    .nullable()
    .transform((v) => (v ? v : null));

export const profileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    image: z.string().nullable(),
    bio: z.string().nullable(),
    city: z.string().nullable(),
    languages: z.array(z.string()),
    notifyByEmail: z.boolean(),
    phoneNumber: z.string().nullable(),
    emailVerified: z.boolean(),
    phoneNumberVerified: z.boolean(),
    kycStatus: z.enum(kycStatuses),
    createdAt: z.string(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

/** A member's name, wherever it is set: the profile form, and sign-up and update-user in Better Auth. */
export const memberNameSchema = text('Enter your name')
  .trim()
  .min(1, 'Enter your name')
  .max(PROFILE_LIMITS.name, `Your name can be at most ${PROFILE_LIMITS.name} characters`);

export const updateProfileSchema = z
  .strictObject({
    name: memberNameSchema,
    bio: optionalText(PROFILE_LIMITS.bio, 'Your bio'),
    city: optionalText(PROFILE_LIMITS.city, 'City'),
    languages: z
      .array(languageTag)
      .max(PROFILE_LIMITS.languages, `Choose at most ${PROFILE_LIMITS.languages} languages`)
      // The same language twice says nothing more.
      .transform((tags) => [...new Set(tags)]),
    notifyByEmail: z.boolean(),
  })
  .partial()
  .meta({ id: 'UpdateProfile' });
/** What the web form sends. */
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
/** What the server writes, once trimmed and de-duplicated. */
export type UpdateProfile = z.output<typeof updateProfileSchema>;

export const deleteAccountSchema = z
  .strictObject({
    confirm: z.literal(DELETE_ACCOUNT_CONFIRMATION, `Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm`),
  })
  .meta({ id: 'DeleteAccount' });

export const deleteAccountResponseSchema = z.object({ deleted: z.literal(true) }).meta({ id: 'DeleteAccountResponse' });

export const publicProfileParamsSchema = z.object({ id: z.uuid('Not a member id') });

export const publicProfileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    image: z.string().nullable(),
    bio: z.string().nullable(),
    memberSince: z.string(),
    city: z.string().nullable(),
    languages: z.array(z.string()),
    verification: z.object({ email: z.boolean(), phone: z.boolean(), identity: z.boolean() }),
    /** The revealed reviews the member received: average (null until the first) and count. */
    rating: ratingSummarySchema,
    /** Completed deliveries, cancellation rate and response time, from their records. */
    reliability: reliabilitySchema,
  })
  .meta({ id: 'PublicProfile' });
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** Avatar keys are ours (a random UUID and the stored format), so a key is checked, never trusted. */
export const avatarKeyPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;
export const avatarParamsSchema = z.object({ key: z.string().regex(avatarKeyPattern, 'Not an avatar key') });
export const AVATAR_URL_PREFIX = '/api/avatars/';
