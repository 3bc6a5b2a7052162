import { queryOptions } from '@tanstack/react-query';
import { http } from '#web/lib/http.ts';

// The process and database probes (`/api/health`, `/api/ready`, server module `health`), as the
// diagnostics read them (docs/decisions/0037-one-web-data-layer.md).

export type ProbePath = '/api/health' | '/api/ready';

/** What a probe measured: the answer's status and time, and its body whatever it was. */
export interface ProbeResult {
  status: number;
  ok: boolean;
  latencyMs: number;
  body: unknown;
}

// A probe reports what the server answered, 503 included, so it neither throws on an error status
// nor lets the HTTP client's retry hide a failure; only an unreachable server is a query error.
async function probe(path: ProbePath): Promise<ProbeResult> {
  const started = performance.now();
  const res = await http.raw(path, { ignoreResponseError: true, retry: 0, cache: 'no-store' });
  return { status: res.status, ok: res.ok, latencyMs: Math.round(performance.now() - started), body: res._data };
}

export const healthKeys = {
  all: ['health'] as const,
  probe: (path: ProbePath) => [...healthKeys.all, 'probe', path] as const,
};

export const healthQueries = {
  /** GET /api/health (the process is up) or /api/ready (the database answers), timed. */
  probe: (path: ProbePath) =>
    queryOptions({
      queryKey: healthKeys.probe(path),
      queryFn: () => probe(path),
    }),
};
