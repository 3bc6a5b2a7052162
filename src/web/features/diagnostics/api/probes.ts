import { useQuery } from '@tanstack/react-query';
import { http } from '#web/lib/http.ts';

export const diagnosticsKeys = {
  all: ['diagnostics'] as const,
  probe: (path: string) => ['diagnostics', 'probe', path] as const,
};

export interface ProbeResult {
  status: number;
  ok: boolean;
  latencyMs: number;
  body: unknown;
}

// A probe reports what the server answered, 503 included, so it neither throws on an error status
// nor lets the HTTP client's retry hide a failure; only an unreachable server is a query error.
async function probe(path: string): Promise<ProbeResult> {
  const started = performance.now();
  const res = await http.raw(path, { ignoreResponseError: true, retry: 0, cache: 'no-store' });
  return { status: res.status, ok: res.ok, latencyMs: Math.round(performance.now() - started), body: res._data };
}

/** GET /api/health (the process is up) or /api/ready (the database answers), timed. */
export function useProbe(path: '/api/health' | '/api/ready') {
  return useQuery({ queryKey: diagnosticsKeys.probe(path), queryFn: () => probe(path), staleTime: 0 });
}
