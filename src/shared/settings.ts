import { z } from 'zod';
import { type Currency, currencySchema, DEFAULT_CURRENCY } from './money.ts';
import { text } from './text.ts';

// System settings and their defaults (docs/product.md §10). Stored as rows in
// `system_setting`; a missing row means the default. Administrators change them at /admin/system-settings.

export const packageCategories = [
  'documents',
  'electronics',
  'clothing',
  'cosmetics',
  'books',
  'gifts',
  'other',
] as const;
export type PackageCategory = (typeof packageCategories)[number];

/** Never carried (docs/product.md §2): named so a request for one gets a message naming the rule. */
export const prohibitedCategories = ['weapons', 'drugs', 'cash', 'live_animals', 'hazardous_materials'] as const;

export const settingsSchema = z
  .object({
    currency: currencySchema,
    /** Platform fee: percent of the reward, with a minimum in minor units. */
    feePercent: z.number().min(0).max(100),
    feeMinimum: z.number().int().min(0),
    rewardMin: z.number().int().min(0),
    rewardMax: z.number().int().min(1),
    weightMinGrams: z.number().int().min(1),
    weightMaxGrams: z.number().int().min(1),
    /** Pickup and drop-off at least this far apart. */
    minDistanceKm: z.number().min(0),
    /** Matching radius around a trip's origin and destination: default and the most a user may ask. */
    matchRadiusKm: z.number().min(1),
    matchRadiusMaxKm: z.number().min(1),
    /** Delivered packages complete after this many days without a dispute. */
    autoCompleteDays: z.number().int().min(0),
    /** Words refused in a package's title, description and notes (case- and accent-insensitive). */
    prohibitedWords: z.array(text().min(2)).max(500),
    maxPhotos: z.number().int().min(0).max(20),
    /**
     * Whether paying for a package and inviting a traveler need the whole verified profile. Off, a
     * sender needs a confirmed e-mail and mobile number only; carrying always needs all three (ADR 0051).
     */
    sendersNeedVerifiedProfile: z.boolean(),
    /** Identity checks a member may start in 30 days: each one costs at the provider. */
    kycAttemptsPer30Days: z.number().int().min(1).max(50),
    /** After a declined identity check, hours before the member may start another. */
    kycRetryHours: z.number().int().min(0).max(720),
    /** A notice on every page for members and visitors (planned work, an incident); shown while on. */
    maintenanceOn: z.boolean(),
    maintenanceText: text().trim().max(300, 'Keep the notice under 300 characters'),
  })
  .meta({ id: 'Settings' });
export type Settings = z.infer<typeof settingsSchema>;

export const defaultSettings: Settings = {
  currency: DEFAULT_CURRENCY satisfies Currency,
  feePercent: 10,
  feeMinimum: 100,
  rewardMin: 500,
  rewardMax: 100_000,
  weightMinGrams: 100,
  weightMaxGrams: 20_000,
  minDistanceKm: 1,
  matchRadiusKm: 50,
  matchRadiusMaxKm: 300,
  autoCompleteDays: 2,
  prohibitedWords: [
    'weapon',
    'gun',
    'firearm',
    'ammunition',
    'explosive',
    'drug',
    'cocaine',
    'heroin',
    'cannabis',
    'marijuana',
    'cash',
    'banknote',
    'live animal',
    'hazardous',
    'flammable',
    'radioactive',
  ],
  maxPhotos: 5,
  sendersNeedVerifiedProfile: true,
  kycAttemptsPer30Days: 5,
  kycRetryHours: 0,
  maintenanceOn: false,
  maintenanceText: '',
};

/** What every member's browser needs to validate and price a package as the server does. */
export const publicSettingsSchema = settingsSchema
  .pick({
    currency: true,
    feePercent: true,
    feeMinimum: true,
    rewardMin: true,
    rewardMax: true,
    weightMinGrams: true,
    weightMaxGrams: true,
    minDistanceKm: true,
    matchRadiusKm: true,
    matchRadiusMaxKm: true,
    prohibitedWords: true,
    maxPhotos: true,
    sendersNeedVerifiedProfile: true,
    maintenanceOn: true,
    maintenanceText: true,
  })
  .meta({ id: 'PublicSettings' });
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** The setting names, in the order the admin page shows them. */
export const settingKeys = Object.keys(settingsSchema.shape) as (keyof Settings)[];
export type SettingKey = keyof Settings;

/** Limits that come in pairs: the first may never exceed the second. */
export const settingRanges = [
  ['rewardMin', 'rewardMax'],
  ['weightMinGrams', 'weightMaxGrams'],
  ['matchRadiusKm', 'matchRadiusMaxKm'],
] as const satisfies readonly (readonly [SettingKey, SettingKey])[];

/**
 * What is wrong with a whole set of settings, by setting: a pair out of order, a notice switched on
 * with nothing to say. Empty when they hold together.
 */
export function settingsConflicts(settings: Settings): Partial<Record<SettingKey, string>> {
  const conflicts: Partial<Record<SettingKey, string>> = {};
  for (const [min, max] of settingRanges) {
    if (settings[min] > settings[max]) conflicts[max] = 'Must be at least the minimum';
  }
  if (settings.maintenanceOn && !settings.maintenanceText) {
    conflicts.maintenanceText = 'Write the notice members will see';
  }
  return conflicts;
}

/** A member's three checks (docs/product.md §1.2), as the session view carries them. */
export interface VerificationChecks {
  emailVerified: boolean;
  phoneNumberVerified: boolean;
  kycStatus: string;
}

/** Verified profile: e-mail confirmed, mobile confirmed by code, identity check approved. */
export const isVerifiedProfile = (checks: VerificationChecks) =>
  checks.emailVerified && checks.phoneNumberVerified && checks.kycStatus === 'approved';

export type VerificationCheck = 'email' | 'phone' | 'identity';

/**
 * The checks a member still lacks to pay for a package and invite travelers under the settings in
 * force, in onboarding order: all three, or, when the settings relax it for senders, the e-mail and
 * the mobile number only.
 */
export function missingToSend(
  checks: VerificationChecks,
  settings: Pick<Settings, 'sendersNeedVerifiedProfile'>,
): VerificationCheck[] {
  const missing: VerificationCheck[] = [];
  if (!checks.emailVerified) missing.push('email');
  if (!checks.phoneNumberVerified) missing.push('phone');
  if (settings.sendersNeedVerifiedProfile && checks.kycStatus !== 'approved') missing.push('identity');
  return missing;
}

/** Whether a member may pay for a package and invite travelers under the settings in force. */
export const maySend = (checks: VerificationChecks, settings: Pick<Settings, 'sendersNeedVerifiedProfile'>) =>
  missingToSend(checks, settings).length === 0;
