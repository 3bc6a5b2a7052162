import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { z } from 'zod';

// A list screen's state lives in the URL, so a view (a status, a search, a sort, a page) is a link an
// administrator can reload or send. Three parameter names are the same on every list: `q` the
// search, `sort` the order (`sort=name` ascending, `sort=-name` descending) and `cursor` the page
// (the server's opaque `nextCursor`). Every other field of the caller's schema is a filter.

export const SEARCH_PARAM = 'q';
export const SORT_PARAM = 'sort';
export const CURSOR_PARAM = 'cursor';

/** Long enough for the server's cursors, short enough that a pasted link cannot carry a novel. */
const cursorSchema = z.string().min(1).max(512);

/** How long typing pauses before the search reaches the URL (and so the server). */
export const SEARCH_DEBOUNCE_MS = 300;

/** The order of a list: one column, ascending or descending. */
export interface ListSort {
  id: string;
  desc: boolean;
}

export function parseSort(value: unknown): ListSort | null {
  if (typeof value !== 'string' || value === '' || value === '-') return null;
  return value.startsWith('-') ? { id: value.slice(1), desc: true } : { id: value, desc: false };
}

export function formatSort(sort: ListSort): string {
  return sort.desc ? `-${sort.id}` : sort.id;
}

/**
 * The `sort` field of a list schema: one of the columns the server can order by, either way; anything
 * else in the URL falls back to `fallback`.
 */
export function sortParam(columns: readonly string[], fallback: string) {
  const allowed = new Set(columns.flatMap((id) => [id, `-${id}`]));
  return z
    .string()
    .refine((value) => allowed.has(value))
    .default(fallback);
}

/**
 * A list schema: one field per URL parameter, each parsing the parameter's text or its absence
 * (`undefined`), with a default (`.default()`, `.catch()`) or `.optional()`.
 */
export type ListSchema = z.ZodObject;

type Reserved = typeof SEARCH_PARAM | typeof SORT_PARAM | typeof CURSOR_PARAM;
type FilterValue = string | number | boolean | null | undefined;

/**
 * Each field on its own, so one bad parameter (a status that no longer exists, a hand-edited sort)
 * falls back to that field's default instead of throwing the whole view away.
 */
export function parseListParams<S extends ListSchema>(schema: S, params: URLSearchParams): z.output<S> {
  const state: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const parsed = field.safeParse(params.get(key) ?? undefined);
    if (parsed.success) {
      state[key] = parsed.data;
    } else {
      const fallback = field.safeParse(undefined);
      state[key] = fallback.success ? fallback.data : undefined;
    }
  }
  return state as z.output<S>;
}

/** History state of a paged list: the cursors of the pages before this one, so "Previous" can go back. */
interface CursorTrail {
  listCursors: (string | null)[];
}

function trailOf(state: unknown): (string | null)[] {
  const trail = (state as Partial<CursorTrail> | null)?.listCursors;
  return Array.isArray(trail) ? trail.filter((c): c is string | null => c === null || typeof c === 'string') : [];
}

/**
 * A list's filters, search, sort and page, kept in the URL's search parameters and parsed with the
 * caller's zod schema (see `parseListParams`). Changing a filter, the search or the sort goes back
 * to the first page; the search reaches the URL `SEARCH_DEBOUNCE_MS` after typing stops. Declare
 * the schema at module level: it is the key every parse is remembered by.
 */
export function useListState<S extends ListSchema>(schema: S, { debounceMs = SEARCH_DEBOUNCE_MS } = {}) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const state = useMemo(() => parseListParams(schema, params), [schema, params]);
  const defaults = useMemo(() => parseListParams(schema, new URLSearchParams()), [schema]);
  const cursorParsed = cursorSchema.safeParse(params.get(CURSOR_PARAM));
  const cursor = cursorParsed.success ? cursorParsed.data : null;
  const trail = trailOf(location.state);

  const urlSearch = typeof state[SEARCH_PARAM] === 'string' ? (state[SEARCH_PARAM] as string) : '';
  const [searchText, setSearchText] = useState(urlSearch);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);

  const typed = useRef(searchText);
  useEffect(() => {
    typed.current = searchText;
  }, [searchText]);

  // The URL can change under the box (Back, a link, "Clear filters"): show what the list shows,
  // unless the administrator is still typing or the box already says it (a trailing space).
  useEffect(() => {
    if (pending.current === null && typed.current.trim() !== urlSearch) setSearchText(urlSearch);
  }, [urlSearch]);
  useEffect(
    () => () => {
      if (pending.current !== null) clearTimeout(pending.current);
    },
    [],
  );

  /** Writes some parameters; a value equal to the default leaves the URL, and the page starts over. */
  const update = useCallback(
    (changes: Record<string, FilterValue>, { replace = false } = {}) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            const text = value === null || value === undefined ? '' : String(value);
            const fallback = defaults[key as keyof typeof defaults] as unknown;
            const isDefault = fallback !== undefined && fallback !== null && String(fallback) === text;
            if (text === '' || isDefault) next.delete(key);
            else next.set(key, text);
          }
          next.delete(CURSOR_PARAM);
          return next;
        },
        { replace },
      );
    },
    [setParams, defaults],
  );
  // The search is written a moment later, by then against a newer URL (a filter changed meanwhile):
  // it must use the setter of that URL, not of the one it was typed on.
  const latestUpdate = useRef(update);
  useEffect(() => {
    latestUpdate.current = update;
  }, [update]);

  const setSearch = useCallback(
    (text: string) => {
      setSearchText(text);
      if (pending.current !== null) clearTimeout(pending.current);
      pending.current = setTimeout(() => {
        pending.current = null;
        // Replace, not push: Back should leave the list, not replay each pause in typing.
        latestUpdate.current({ [SEARCH_PARAM]: text.trim() }, { replace: true });
      }, debounceMs);
    },
    [debounceMs],
  );

  const setFilter = useCallback(
    <K extends Exclude<keyof z.output<S> & string, Reserved>>(key: K, value: z.output<S>[K] & FilterValue) =>
      update({ [key]: value }),
    [update],
  );

  const setFilters = useCallback(
    (changes: Partial<{ [K in Exclude<keyof z.output<S> & string, Reserved>]: z.output<S>[K] & FilterValue }>) =>
      update(changes as Record<string, FilterValue>),
    [update],
  );

  const setSort = useCallback(
    (sort: ListSort | null) => update({ [SORT_PARAM]: sort ? formatSort(sort) : undefined }),
    [update],
  );

  /** Every filter, the search and the sort back to their defaults, on the first page. */
  const reset = useCallback(() => {
    if (pending.current !== null) clearTimeout(pending.current);
    pending.current = null;
    setSearchText('');
    setParams(new URLSearchParams());
  }, [setParams]);

  const next = useCallback(
    (nextCursor: string) => {
      setParams(
        (prev) => {
          const url = new URLSearchParams(prev);
          url.set(CURSOR_PARAM, nextCursor);
          return url;
        },
        { state: { listCursors: [...trail, cursor] } satisfies CursorTrail },
      );
    },
    [setParams, trail, cursor],
  );

  // A link opened on a later page has no trail: "Previous" then goes to the first page.
  const previous = useCallback(() => {
    const before = trail.length > 0 ? trail[trail.length - 1] : null;
    setParams(
      (prev) => {
        const url = new URLSearchParams(prev);
        if (before) url.set(CURSOR_PARAM, before);
        else url.delete(CURSOR_PARAM);
        return url;
      },
      { state: { listCursors: trail.slice(0, -1) } satisfies CursorTrail },
    );
  }, [setParams, trail]);

  return {
    /** The list's state as the URL says, every bad or missing parameter replaced by its default. */
    state,
    /** `state.sort` read as a column and a direction; null when the schema has no sort. */
    sort: parseSort(state[SORT_PARAM]),
    /** What the search box shows: ahead of `state.q` while typing. */
    searchText,
    setSearch,
    setFilter,
    setFilters,
    setSort,
    reset,
    page: { cursor, hasPrevious: cursor !== null, next, previous },
  };
}

export type ListState<S extends ListSchema> = ReturnType<typeof useListState<S>>;
