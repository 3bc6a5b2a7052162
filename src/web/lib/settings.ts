import { useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '#shared/settings.ts';
import { http } from './http.ts';

// The limits and fee the server applies (GET /api/settings/public), so forms validate and price a
// package exactly as the server will. Changed rarely: cached for the session.

export const settingsKeys = { public: ['settings', 'public'] as const };

export function usePublicSettings() {
  return useQuery({
    queryKey: settingsKeys.public,
    queryFn: () => http<PublicSettings>('/api/settings/public'),
    staleTime: 5 * 60_000,
  });
}
