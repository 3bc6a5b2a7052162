import { pruneAttemptCounters } from '#server/modules/auth/public.ts';
import type { Job } from './job.ts';

// The per-account limits' counters (ADR 0031) outlive their window only until this runs: one row per
// e-mail address or number ever tried would otherwise pile up. Deleting a stale row twice is harmless.

export const pruneAttemptCountersJob: Job = {
  name: 'prune-attempt-counters',
  async run({ db }, now) {
    return { processed: await pruneAttemptCounters(db, now), failed: 0 };
  },
};
