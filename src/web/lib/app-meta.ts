import { useQuery } from '@tanstack/react-query';
import type { AppMeta } from '#shared/meta.ts';
import { http } from './http.ts';

export function useAppMeta() {
  return useQuery({
    queryKey: ['meta'],
    queryFn: () => http<AppMeta>('/api/meta'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
