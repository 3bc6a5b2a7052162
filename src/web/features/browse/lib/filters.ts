import type { z } from 'zod';
import {
  type PackageBrowseQuery,
  packageBrowseQuerySchema,
  type TripBrowseQuery,
  tripBrowseQuerySchema,
} from '#shared/browse.ts';
import type { PackageBrowseFilters, TripBrowseFilters } from '#web/api/browse.ts';

// A listing's filters live in its address, so a search can be shared, bookmarked and indexed; a value
// the contract refuses (a hand-edited link) is left out rather than shown as an error page.

const packageKeys = ['from', 'to', 'after', 'before', 'size', 'maxWeightKg', 'minReward', 'sort'] as const;
const tripKeys = ['from', 'to', 'after', 'before', 'minCapacityKg', 'sort'] as const;

function read<T>(params: URLSearchParams, keys: readonly string[], schema: z.ZodType<T>): Partial<T> {
  const raw: Record<string, string> = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value) raw[key] = value;
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
  const again = schema.safeParse(raw);
  return again.success ? again.data : {};
}

/** What is set, in the contract's terms; the defaults (first page, default order) are the server's. */
function strip<T extends object>(values: Partial<T>, keys: readonly string[]): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([key, value]) => keys.includes(key) && value !== undefined),
  ) as Partial<T>;
}

export function packageFilters(params: URLSearchParams): PackageBrowseFilters {
  return strip<PackageBrowseQuery>(
    read(params, packageKeys, packageBrowseQuerySchema),
    packageKeys,
  ) as PackageBrowseFilters;
}

export function tripFilters(params: URLSearchParams): TripBrowseFilters {
  return strip<TripBrowseQuery>(read(params, tripKeys, tripBrowseQuerySchema), tripKeys) as TripBrowseFilters;
}

/** The address of a listing with these filters; the default order is left out, so each search has one address. */
export function listingHref(
  path: '/packages' | '/trips',
  filters: Record<string, string | number | undefined>,
): string {
  const defaultSort = path === '/packages' ? 'newest' : 'departure';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === '' || (key === 'sort' && value === defaultSort)) continue;
    params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The two cities of a search, as the other listing's tab keeps them. */
export function routeQueryOf(filters: { from?: string | undefined; to?: string | undefined }): string {
  return new URLSearchParams({
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  }).toString();
}

/** A filter field of the sent form, trimmed; undefined when left empty. */
export function fieldText(fields: FormData, name: string): string | undefined {
  const value = fields.get(name);
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}
