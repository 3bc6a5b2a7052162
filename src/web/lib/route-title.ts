import { useMatches } from 'react-router';

/** The current page's title from the route table (set as the route's handle). */
export function useRouteTitle(): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as { title?: string } | undefined;
    if (handle?.title) return handle.title;
  }
  return 'Tagalong';
}
