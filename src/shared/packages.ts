import { z } from 'zod';
import { haversineKm } from './geo.ts';
import { currencySchema, minorAmountSchema } from './money.ts';
import { packagePhotoSchema, packageSizes, publicPlaceSchema } from './package-public.ts';
import { type PackageStatus, packageStatuses } from './package-status.ts';
import { phoneNumberSchema } from './phone.ts';
import { placeSchema } from './places.ts';
import { type PackageCategory, type PublicSettings, packageCategories, type prohibitedCategories } from './settings.ts';
import { text } from './text.ts';

export {
  type PackagePhoto,
  type PackageSize,
  type PublicPlace,
  packagePhotoSchema,
  packageSizeDimensions,
  packageSizes,
  publicPlaceSchema,
} from './package-public.ts';

// The package contract (docs/product.md §2). The route bodies below check each field's own shape;
// `checkPackageRules` adds the rules that depend on settings, the clock or several fields, and the
// web app runs the very same function, so the two always agree.

export const PACKAGE_LIMITS = {
  titleMin: 3,
  title: 100,
  description: 2000,
  recipientName: 100,
  notes: 1000,
  /** The schema's outer bound; the settings' range (default 0.1–20 kg) is the real rule. */
  weightKgMax: 1000,
  photoBytes: 8 * 1024 * 1024,
  pageSize: 20,
  pageSizeMax: 50,
} as const;

export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

const prohibitedCategoryWords: Record<(typeof prohibitedCategories)[number], string> = {
  weapons: 'Weapons',
  drugs: 'Drugs',
  cash: 'Cash',
  live_animals: 'Live animals',
  hazardous_materials: 'Hazardous materials',
};

/** A category; a prohibited one is refused with a message naming the rule, not "invalid option". */
export const categorySchema = text('Choose a category').transform((value, ctx) => {
  if ((packageCategories as readonly string[]).includes(value)) return value as PackageCategory;
  const prohibited = prohibitedCategoryWords[value as keyof typeof prohibitedCategoryWords];
  ctx.addIssue({
    code: 'custom',
    message: prohibited
      ? `${prohibited} cannot be sent with Tagalong: it is a prohibited category`
      : `Choose one of: ${packageCategories.join(', ')}`,
  });
  return z.NEVER;
});

const dateTime = z.iso.datetime({ offset: true, error: 'Use a date and time such as 2026-12-01T09:00:00Z' });

/** Every field a sender edits; all optional so a draft can be saved at each step of the form. */
export const packageDraftSchema = z
  .strictObject({
    title: text()
      .trim()
      .min(PACKAGE_LIMITS.titleMin, `Use at least ${PACKAGE_LIMITS.titleMin} characters`)
      .max(PACKAGE_LIMITS.title, `Use at most ${PACKAGE_LIMITS.title} characters`),
    description: text().trim().max(PACKAGE_LIMITS.description, `Use at most ${PACKAGE_LIMITS.description} characters`),
    category: categorySchema,
    size: z.enum(packageSizes, 'Choose S, M or L'),
    weightKg: z
      .number('Enter the weight in kg')
      .positive('The weight must be more than 0 kg')
      .max(PACKAGE_LIMITS.weightKgMax, 'That weight is not a parcel'),
    declaredValue: minorAmountSchema,
    currency: currencySchema,
    pickup: placeSchema,
    dropoff: placeSchema,
    /** When the package is ready to be picked up (the start of the pickup window). */
    pickupFrom: dateTime,
    deliverBy: dateTime,
    reward: minorAmountSchema,
    recipientName: text()
      .trim()
      .min(1, "Enter the recipient's name")
      .max(PACKAGE_LIMITS.recipientName, `Use at most ${PACKAGE_LIMITS.recipientName} characters`),
    recipientPhone: phoneNumberSchema,
    notes: text().trim().max(PACKAGE_LIMITS.notes, `Use at most ${PACKAGE_LIMITS.notes} characters`),
  })
  .partial();
export type PackageDraft = z.infer<typeof packageDraftSchema>;

/** POST /api/packages: a new draft needs at least its title. */
export const createPackageSchema = packageDraftSchema.required({ title: true }).meta({ id: 'CreatePackage' });
export const updatePackageSchema = packageDraftSchema.meta({ id: 'UpdatePackage' });

/** What a draft needs before it can be paid for and published. */
export const requiredForPublishing = [
  'title',
  'category',
  'size',
  'weightKg',
  'declaredValue',
  'pickup',
  'dropoff',
  'pickupFrom',
  'deliverBy',
  'reward',
  'recipientName',
  'recipientPhone',
] as const satisfies readonly (keyof PackageDraft)[];

export function missingFields(draft: PackageDraft): (keyof PackageDraft)[] {
  return requiredForPublishing.filter((field) => draft[field] === undefined || draft[field] === null);
}

const normalizeText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Lower case, no accents, one space between words and one on each side: " live animal ". */
function spacedWords(text: string): string {
  const words = normalizeText(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return ` ${words} `;
}

/** The English plural suffix of a listed word: "guns", "drugs", but "cashes", "boxes". */
const pluralSuffix = (word: string) => (/(s|x|z|ch|sh)$/.test(word) ? 'es' : 's');

/**
 * The first prohibited word found in the text, matched as a whole word or phrase, singular or plural
 * ("guns" and "cash-in-envelope" are refused; "Gunmetal", "Cashmere" and "Drugstore" are not).
 */
export function findProhibitedWord(text: string, words: readonly string[]): string | null {
  const haystack = spacedWords(text);
  for (const word of words) {
    const needle = spacedWords(word).trim();
    if (!needle) continue;
    if (haystack.includes(` ${needle} `) || haystack.includes(` ${needle}${pluralSuffix(needle)} `)) return word;
  }
  return null;
}

type RuleSettings = Pick<
  PublicSettings,
  'rewardMin' | 'rewardMax' | 'weightMinGrams' | 'weightMaxGrams' | 'minDistanceKm' | 'prohibitedWords'
>;

const money = (minor: number) => (minor / 100).toFixed(2);

/**
 * The rules of docs/product.md §2 that need settings, the clock or two fields at once, over the draft as
 * it will be stored (the saved fields with the changes applied). Field name → messages; empty if fine.
 */
export function checkPackageRules(
  draft: PackageDraft,
  settings: RuleSettings,
  now: Date = new Date(),
): Record<string, string[]> {
  const issues: Record<string, string[]> = {};
  const add = (field: keyof PackageDraft, message: string) => {
    issues[field] = [...(issues[field] ?? []), message];
  };
  if (draft.weightKg !== undefined) {
    const grams = Math.round(draft.weightKg * 1000);
    if (grams < settings.weightMinGrams || grams > settings.weightMaxGrams) {
      add(
        'weightKg',
        `The weight must be between ${settings.weightMinGrams / 1000} and ${settings.weightMaxGrams / 1000} kg`,
      );
    }
  }
  if (draft.reward !== undefined && (draft.reward < settings.rewardMin || draft.reward > settings.rewardMax)) {
    add('reward', `The reward must be between ${money(settings.rewardMin)} and ${money(settings.rewardMax)}`);
  }
  if (draft.deliverBy !== undefined && new Date(draft.deliverBy) <= now) {
    add('deliverBy', 'The deliver-by date must be in the future');
  }
  if (draft.pickupFrom !== undefined && draft.deliverBy !== undefined) {
    if (new Date(draft.deliverBy) <= new Date(draft.pickupFrom)) {
      add('deliverBy', 'The deliver-by date must be after the pickup date');
    }
  }
  if (draft.pickup && draft.dropoff) {
    const km = haversineKm(draft.pickup, draft.dropoff);
    if (km < settings.minDistanceKm) {
      add('dropoff', `Pickup and drop-off must be at least ${settings.minDistanceKm} km apart`);
    }
  }
  for (const field of ['title', 'description', 'notes'] as const) {
    const text = draft[field];
    if (!text) continue;
    const word = findProhibitedWord(text, settings.prohibitedWords);
    if (word) add(field, `"${word}" is not allowed: prohibited items cannot be sent with Tagalong`);
  }
  return issues;
}

// Responses.

const iso = z.string().meta({ description: 'ISO 8601 date-time' });
const personSchema = z.object({ id: z.string(), name: z.string(), image: z.string().nullable() });

/** The handovers a traveler may photograph (docs/product.md §2.4). */
export const handoffSteps = ['pickup', 'delivery'] as const;
export type HandoffStep = (typeof handoffSteps)[number];

/**
 * A traveler's photo of a handover: private to the parties and admins, so its URL goes through the
 * package (GET /api/packages/{id}/private-photos/{key}), never the public photo route.
 */
export const handoffPhotoSchema = z
  .object({
    step: z.enum(handoffSteps),
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'HandoffPhoto' });
export type HandoffPhoto = z.infer<typeof handoffPhotoSchema>;

/** Where a private photo of a package (handover, dispute evidence) is read: through its package. */
export const privatePhotoUrl = (packageId: string, key: string) => `/api/packages/${packageId}/private-photos/${key}`;

export const handoffPhotoQuerySchema = z.object({
  step: z.enum(handoffSteps, 'Choose step=pickup or step=delivery'),
});

export const packageEventSchema = z
  .object({
    id: z.string(),
    fromStatus: z.enum(packageStatuses).nullable(),
    toStatus: z.enum(packageStatuses),
    note: z.string().nullable(),
    actor: personSchema.pick({ id: true, name: true }).nullable(),
    createdAt: iso,
  })
  .meta({ id: 'PackageEvent' });
export type PackageEvent = z.infer<typeof packageEventSchema>;

export const packageActions = [
  'edit',
  'delete',
  'cancel',
  'pay',
  'add_photos',
  // The delivery lifecycle, for the sender, the traveler or an admin as each applies.
  'show_codes',
  'send_delivery_code',
  'enter_pickup_code',
  'enter_delivery_code',
  'withdraw_as_traveler',
  'confirm_delivery',
  'open_dispute',
  'resolve_dispute',
  'review',
  // The traveler's photo of the handover just made (docs/product.md §2.4).
  'add_pickup_photo',
  'add_delivery_photo',
] as const;
export type PackageAction = (typeof packageActions)[number];

/** The sender, an admin, and the matched traveler see all of it. */
export const packageSchema = z
  .object({
    visibility: z.literal('full'),
    id: z.string(),
    status: z.enum(packageStatuses),
    title: z.string(),
    description: z.string().nullable(),
    category: z.enum(packageCategories).nullable(),
    size: z.enum(packageSizes).nullable(),
    weightKg: z.number().nullable(),
    declaredValue: z.number().int().nullable(),
    currency: currencySchema,
    pickup: placeSchema.nullable(),
    dropoff: placeSchema.nullable(),
    pickupFrom: iso.nullable(),
    deliverBy: iso.nullable(),
    reward: z.number().int().nullable(),
    /** The platform fee on the reward and what the sender pays (reward + fee), from the settings. */
    fee: z.number().int().nullable(),
    total: z.number().int().nullable(),
    recipientName: z.string().nullable(),
    recipientPhone: z.string().nullable(),
    notes: z.string().nullable(),
    photos: z.array(packagePhotoSchema),
    sender: personSchema,
    /** Who carries it, once matched; null before a match and after a traveler withdraws. */
    traveler: personSchema.nullable(),
    /** The sender's and the traveler's conversation about it, for those two; null for anyone else. */
    conversationId: z.string().nullable(),
    /** Fields still needed before payment (drafts only). */
    missing: z.array(z.string()),
    timeline: z.array(packageEventSchema),
    /** The traveler's photos of the pickup and the delivery, when taken (parties and admins only). */
    handoffPhotos: z.array(handoffPhotoSchema),
    /** What the viewer may do now. */
    actions: z.array(z.enum(packageActions)),
    /**
     * For the traveler: until when entering the code due now (pickup, then delivery) is
     * locked after too many wrong ones; null when it is not. Absent for everyone else.
     */
    codeLockedUntil: iso.nullable().optional(),
    createdAt: iso,
    updatedAt: iso,
    publishedAt: iso.nullable(),
  })
  .meta({ id: 'Package' });
export type Package = z.infer<typeof packageSchema>;

/** Any signed-in member sees this much of an open package: no recipient, no street address. */
export const publicPackageSchema = z
  .object({
    visibility: z.literal('public'),
    id: z.string(),
    status: z.enum(packageStatuses),
    title: z.string(),
    description: z.string().nullable(),
    category: z.enum(packageCategories).nullable(),
    size: z.enum(packageSizes).nullable(),
    weightKg: z.number().nullable(),
    currency: currencySchema,
    reward: z.number().int().nullable(),
    pickup: publicPlaceSchema.nullable(),
    dropoff: publicPlaceSchema.nullable(),
    pickupFrom: iso.nullable(),
    deliverBy: iso.nullable(),
    photos: z.array(packagePhotoSchema),
    sender: personSchema,
    createdAt: iso,
  })
  .meta({ id: 'PublicPackage' });
export type PublicPackage = z.infer<typeof publicPackageSchema>;

export const packageViewSchema = z
  .discriminatedUnion('visibility', [packageSchema, publicPackageSchema])
  .meta({ id: 'PackageView' });
export type PackageView = z.infer<typeof packageViewSchema>;

export const packageSummarySchema = z
  .object({
    id: z.string(),
    status: z.enum(packageStatuses),
    title: z.string(),
    category: z.enum(packageCategories).nullable(),
    size: z.enum(packageSizes).nullable(),
    weightKg: z.number().nullable(),
    currency: currencySchema,
    reward: z.number().int().nullable(),
    total: z.number().int().nullable(),
    pickup: publicPlaceSchema.nullable(),
    dropoff: publicPlaceSchema.nullable(),
    pickupFrom: iso.nullable(),
    deliverBy: iso.nullable(),
    photo: packagePhotoSchema.nullable(),
    createdAt: iso,
    updatedAt: iso,
  })
  .meta({ id: 'PackageSummary' });
export type PackageSummary = z.infer<typeof packageSummarySchema>;

/** The tabs of "my packages". */
export const packageStatusGroups = {
  drafts: ['draft'],
  active: ['open', 'matched', 'in_transit', 'disputed'],
  delivered: ['delivered', 'completed'],
  closed: ['cancelled', 'expired', 'refunded'],
} as const satisfies Record<string, readonly PackageStatus[]>;
export type PackageStatusGroup = keyof typeof packageStatusGroups;

export const packageListQuerySchema = z.object({
  /** sender: the packages I send; traveler: the packages I carry (matched to me). */
  role: z.enum(['sender', 'traveler'], 'Choose role=sender or role=traveler').default('sender'),
  group: z.enum(['drafts', 'active', 'delivered', 'closed'], 'Choose drafts, active, delivered or closed').optional(),
  status: text()
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(z.enum(packageStatuses, 'Unknown package status')))
    .optional(),
  q: text().trim().max(100).optional(),
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PACKAGE_LIMITS.pageSizeMax).default(PACKAGE_LIMITS.pageSize),
});
export type PackageListQuery = z.infer<typeof packageListQuerySchema>;

export const packagePageSchema = z
  .object({ items: z.array(packageSummarySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'PackagePage' });
export type PackagePage = z.infer<typeof packagePageSchema>;

export const packageParamsSchema = z.object({ id: z.uuid('This is not a package id') });
export const packagePhotoParamsSchema = z.object({
  id: z.uuid('This is not a package id'),
  photoId: z.uuid('This is not a photo id'),
});

/**
 * PUT /api/packages/{id}/photos/order: every photo of the draft, once each, first photo first (the
 * first is the one lists show). The bound is the settings' own upper limit on photos per package.
 */
export const photoOrderSchema = z
  .strictObject({
    photoIds: z
      .array(z.uuid('This is not a photo id'), 'List the photo ids in their new order')
      .max(20, 'A package has at most 20 photos')
      .refine((ids) => new Set(ids).size === ids.length, 'Name each photo once'),
  })
  .meta({ id: 'PhotoOrder' });
export type PhotoOrder = z.infer<typeof photoOrderSchema>;
