import { useQuery } from '@tanstack/react-query';
import { settingsQueries } from '#web/api/settings.ts';

/** The limits and fee the server applies, so forms validate and price a package as it will. */
export function usePublicSettings() {
  return useQuery(settingsQueries.public());
}
