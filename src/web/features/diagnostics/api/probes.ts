import { useQuery } from '@tanstack/react-query';
import { healthQueries, type ProbePath } from '#web/api/health.ts';

/** GET /api/health (the process is up) or /api/ready (the database answers), timed, never from cache. */
export function useProbe(path: ProbePath) {
  return useQuery({ ...healthQueries.probe(path), staleTime: 0 });
}
