import { rollUpDays } from '#server/modules/dashboard/service.ts';
import type { Job } from './job.ts';

// The dashboard's daily figures (ADR 0049): each run stores the finished days not stored yet, a
// couple of months at most, so a first run on years of data catches up over a few runs.

const DAYS_PER_RUN = 62;

export const rollUpDashboardJob: Job = {
  name: 'roll-up-dashboard',
  async run({ db }, now) {
    return { processed: await rollUpDays(db, now, DAYS_PER_RUN), failed: 0 };
  },
};
