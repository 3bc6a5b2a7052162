import { z } from 'zod';
import {
  checkPackageRules,
  type Package,
  type PackageDraft,
  type PackageSize,
  packageDraftSchema,
} from '#shared/packages.ts';
import { formatPhoneNumber } from '#shared/phone.ts';
import type { Place } from '#shared/places.ts';
import { formFieldOf, type StepId, stepById, stepOfField, type WizardField } from './wizard-steps.ts';

// The wizard's form holds what the inputs show (text, a chosen city); these functions turn it into the
// draft the API takes and back, and check a step with the contract's own schema and rules, so the
// browser refuses exactly what the server would.

export interface WizardValues {
  title: string;
  category: string;
  description: string;
  /** A city from the gazetteer, without the street address (that is its own input). */
  pickup: Place | null;
  pickupAddress: string;
  dropoff: Place | null;
  dropoffAddress: string;
  /** `<input type="datetime-local">` text, in the reader's time zone. */
  pickupFrom: string;
  deliverBy: string;
  size: PackageSize | '';
  weightKg: string;
  /** Major units as typed ("25.50"). */
  reward: string;
  declaredValue: string;
  recipientName: string;
  recipientPhone: string;
  notes: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as `datetime-local` text in this browser's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** `datetime-local` text (read in this browser's time zone) as an ISO instant, or null if it is not one. */
export function fromLocalInput(text: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return null;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** "25", "25.5", "25,50" or "1,000.00" → minor units; null when it is not an amount. */
export function parseAmount(text: string): number | null {
  let t = text.replace(/[\s\u00a0']/g, '');
  t = t.includes('.') ? t.replace(/,/g, '') : t.replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

export const amountInput = (minor: number | null | undefined) => (minor == null ? '' : (minor / 100).toFixed(2));

/** "1.5" or "1,5" → 1.5; null when it is not a plain decimal number. */
export function parseDecimal(text: string): number | null {
  const t = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(t) || /^\.\d+$/.test(t) ? Number(t) : null;
}

const cityOnly = ({ label, city, countryCode, lat, lng }: Place): Place => ({ label, city, countryCode, lat, lng });

/** What the form shows for a saved draft (or an empty form for a new one). */
export function valuesOf(pkg: Package | null): WizardValues {
  return {
    title: pkg?.title ?? '',
    category: pkg?.category ?? '',
    description: pkg?.description ?? '',
    pickup: pkg?.pickup ? cityOnly(pkg.pickup) : null,
    pickupAddress: pkg?.pickup?.address ?? '',
    dropoff: pkg?.dropoff ? cityOnly(pkg.dropoff) : null,
    dropoffAddress: pkg?.dropoff?.address ?? '',
    pickupFrom: pkg?.pickupFrom ? toLocalInput(pkg.pickupFrom) : '',
    deliverBy: pkg?.deliverBy ? toLocalInput(pkg.deliverBy) : '',
    size: pkg?.size ?? '',
    weightKg: pkg?.weightKg == null ? '' : String(pkg.weightKg),
    reward: amountInput(pkg?.reward),
    declaredValue: amountInput(pkg?.declaredValue),
    recipientName: pkg?.recipientName ?? '',
    recipientPhone: pkg?.recipientPhone ? formatPhoneNumber(pkg.recipientPhone) : '',
    notes: pkg?.notes ?? '',
  };
}

/** The saved draft as the rules read it (the fields it has). */
export function draftOf(pkg: Package | null): PackageDraft {
  if (!pkg) return {};
  const draft: Record<string, unknown> = {};
  const keys = [
    'title',
    'description',
    'category',
    'size',
    'weightKg',
    'declaredValue',
    'currency',
    'pickup',
    'dropoff',
    'pickupFrom',
    'deliverBy',
    'reward',
    'recipientName',
    'recipientPhone',
    'notes',
  ] as const;
  for (const key of keys) if (pkg[key] !== null && pkg[key] !== undefined) draft[key] = pkg[key];
  return draft as PackageDraft;
}

const requiredMessage: Partial<Record<WizardField, string>> = {
  title: 'Give your package a title',
  category: 'Choose a category',
  pickup: 'Choose the city it leaves from',
  dropoff: 'Choose the city it goes to',
  pickupFrom: 'Choose when it can be picked up',
  deliverBy: 'Choose when it must arrive',
  size: 'Choose S, M or L',
  weightKg: 'Enter the weight in kg',
  reward: 'Enter the reward for the traveler',
  declaredValue: 'Enter what the contents are worth',
  recipientName: "Enter the recipient's name",
  recipientPhone: "Enter the recipient's phone number",
};

const isBlank = (value: WizardValues[WizardField]) => value === null || (typeof value === 'string' && !value.trim());

type StepErrors = Partial<Record<WizardField, string>>;
export type StepResult = { ok: true; patch: PackageDraft } | { ok: false; errors: StepErrors };

const withAddress = (place: Place | null, address: string): Place | undefined => {
  if (!place) return undefined;
  const street = address.trim();
  return street ? { ...cityOnly(place), address: street } : cityOnly(place);
};

/** The step's fields as draft fields; text that is not a number or a date becomes an error here. */
function patchOf(step: StepId, v: WizardValues, errors: StepErrors): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  const fields = stepById(step).fields;
  const has = (f: WizardField) => fields.includes(f);
  if (has('title')) patch.title = v.title;
  if (has('category') && v.category) patch.category = v.category;
  if (has('description')) patch.description = v.description;
  if (has('pickup')) patch.pickup = withAddress(v.pickup, v.pickupAddress);
  if (has('dropoff')) patch.dropoff = withAddress(v.dropoff, v.dropoffAddress);
  for (const f of ['pickupFrom', 'deliverBy'] as const) {
    if (!has(f) || !v[f]) continue;
    const iso = fromLocalInput(v[f]);
    if (iso) patch[f] = iso;
    else errors[f] = 'Enter a date and a time';
  }
  if (has('size') && v.size) patch.size = v.size;
  if (has('weightKg') && v.weightKg.trim()) {
    const kg = parseDecimal(v.weightKg);
    if (kg === null) errors.weightKg = 'Enter the weight in kg, such as 1.5';
    else patch.weightKg = kg;
  }
  for (const f of ['reward', 'declaredValue'] as const) {
    if (!has(f) || !v[f].trim()) continue;
    const minor = parseAmount(v[f]);
    if (minor === null) errors[f] = 'Enter an amount such as 25.00';
    else patch[f] = minor;
  }
  if (has('recipientName')) patch.recipientName = v.recipientName;
  if (has('recipientPhone') && v.recipientPhone.trim()) patch.recipientPhone = v.recipientPhone;
  if (has('notes')) patch.notes = v.notes;
  for (const key of Object.keys(patch)) if (patch[key] === undefined) delete patch[key];
  return patch;
}

type RuleSettings = Parameters<typeof checkPackageRules>[1];

/**
 * One step's check, as the server will make it: required fields first, then the contract's schema
 * on the step's fields, then its rules over the saved draft with this step's changes.
 */
export function validateStep(
  step: StepId,
  values: WizardValues,
  saved: PackageDraft,
  settings: RuleSettings,
  now: Date = new Date(),
): StepResult {
  const errors: StepErrors = {};
  for (const field of stepById(step).required) {
    if (isBlank(values[field])) errors[field] = requiredMessage[field] as string;
  }
  const raw = patchOf(step, values, errors);
  const parsed = packageDraftSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = formFieldOf(issue.path.map(String).join('.'));
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  const rules = checkPackageRules({ ...saved, ...parsed.data }, settings, now);
  for (const [path, messages] of Object.entries(rules)) {
    const field = formFieldOf(path);
    if (field && stepOfField(field) === step && !errors[field] && messages[0]) errors[field] = messages[0];
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, patch: parsed.data };
}

/** The step's check as a zod schema, for react-hook-form's zodResolver: its output is the patch to save. */
export function stepSchema(step: StepId, saved: PackageDraft, settings: RuleSettings, now = () => new Date()) {
  return z.custom<WizardValues>().transform((values, ctx) => {
    const result = validateStep(step, values, saved, settings, now());
    if (result.ok) return result.patch;
    for (const [field, message] of Object.entries(result.errors))
      ctx.addIssue({ code: 'custom', message, path: [field] });
    return z.NEVER;
  });
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** JSON with object keys sorted, so two places compare equal whatever order the server wrote them in. */
const stable = (v: unknown): string =>
  JSON.stringify(v, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  );

/** True when saving the patch would change nothing (so "Next" needs no request). */
export function isUnchanged(patch: PackageDraft, saved: PackageDraft): boolean {
  return Object.entries(patch).every(([key, value]) => {
    const before = saved[key as keyof PackageDraft];
    if (blank(value) && blank(before)) return true;
    return stable(value) === stable(before);
  });
}
