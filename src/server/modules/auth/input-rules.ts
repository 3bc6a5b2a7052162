import { z } from 'zod';
import { memberNameSchema } from '#shared/profiles.ts';
import { isStorableText, text, UNSTORABLE_TEXT_MESSAGE } from '#shared/text.ts';

// Better Auth's endpoints take bodies our routes never see, so our own rules for the same fields
// are applied here, before Better Auth runs (docs/decisions/0034-our-rules-on-better-auth-endpoints.md).

// The avatar is set only by uploading a photo to our own route, which stores it under a key of ours;
// an `image` given to Better Auth could name another member's file or a `javascript:` URL.
const noImage = z.never('Upload a photo on your profile page instead').optional();

const email = text('Enter your e-mail address').max(254, 'An e-mail address has at most 254 characters');

/** Our schema for the bodies of the Better Auth endpoints that write a member's name or picture. */
const authBodyRules: Record<string, z.ZodType> = {
  // Password, callbackURL and rememberMe are Better Auth's own to check.
  '/sign-up/email': z.looseObject({ name: memberNameSchema, email, image: noImage }),
  // The web app never calls it; what it may change is exactly what the profile form may (a name).
  '/update-user': z.strictObject({ name: memberNameSchema.optional(), image: noImage }),
};

export type FieldIssues = Record<string, string[]>;

function add(fields: FieldIssues, field: string, message: string) {
  const list = fields[field] ?? [];
  list.push(message);
  fields[field] = list;
}

/** Every string anywhere in a body or query that the database could not store. */
function unstorableStrings(value: unknown, path: string, fields: FieldIssues) {
  if (typeof value === 'string') {
    if (!isStorableText(value)) add(fields, path, UNSTORABLE_TEXT_MESSAGE);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => {
      unstorableStrings(item, path ? `${path}.${i}` : String(i), fields);
    });
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) unstorableStrings(item, path ? `${path}.${key}` : key, fields);
  }
}

function zodFields(issues: z.core.$ZodIssue[], fields: FieldIssues) {
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(fields, [...issue.path, key].join('.'), 'This field cannot be set here');
    } else {
      add(fields, issue.path.join('.') || 'body', issue.message);
    }
  }
}

/**
 * Checks a Better Auth request against our rules: the body (and query) of every endpoint for text
 * the database cannot store, and the bodies listed in `authBodyRules` against their schema.
 * Returns the issues by field, or the body as our schema normalised it (a trimmed name).
 */
export function checkAuthInput(
  path: string,
  body: unknown,
  query: unknown,
): { ok: true; body: Record<string, unknown> | undefined } | { ok: false; fields: FieldIssues } {
  const fields: FieldIssues = {};
  unstorableStrings(body, '', fields);
  unstorableStrings(query, '', fields);
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  const rule = authBodyRules[path];
  if (!rule) return { ok: true, body: undefined };
  const parsed = rule.safeParse(body ?? {});
  if (!parsed.success) {
    zodFields(parsed.error.issues, fields);
    return { ok: false, fields };
  }
  return { ok: true, body: parsed.data as Record<string, unknown> };
}

/** Better Auth's validation message, which its error translation turns back into fields. */
export function validationMessage(fields: FieldIssues): string {
  return Object.entries(fields)
    .flatMap(([field, messages]) => messages.map((m) => `[body.${field}] ${m.replaceAll(';', ',')}`))
    .join('; ');
}
