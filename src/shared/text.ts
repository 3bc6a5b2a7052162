import { z } from 'zod';

// Free text from a member is stored in PostgreSQL `text` columns, which cannot hold a NUL
// character, and a lone UTF-16 surrogate is not a character at all (it cannot be encoded as
// UTF-8). Either would fail in the database as a 500, so every schema that takes text a person
// typed starts from `text()`, which refuses both at the edge with the field named
// (docs/decisions/0035-text-the-database-cannot-store.md).

/** A surrogate half without its partner. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE = 'Remove the invisible or broken characters from this text';

/** Whether a string can be stored and shown as it is. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * `z.string()` for text a person typed: the same string, refused when it holds a NUL character or a
 * lone surrogate. Chain `.trim()`, `.min()`, `.max()` as on any string.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE, abort: true });
}
