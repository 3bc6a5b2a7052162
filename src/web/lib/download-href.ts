// The back office's CSV exports are streamed by the server as attachments: a plain link lets the
// browser download them with the session cookie, without holding the whole file in the page's memory.

type QueryValue = string | number | boolean | null | undefined;

/** A same-origin GET address with its query, empty fields left out (they are no filter). */
export function downloadHref(path: string, query: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
